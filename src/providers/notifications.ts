/**
 * What Refine's hooks tell the user, in one place: the data provider shows nothing itself; every hook that
 * changes or reads data passes these as its `successNotification` / `errorNotification`, and Refine hands
 * them to the notification provider (notification-provider.ts, the app's toasts). The server's own message
 * (already in the member's language) is what shows: "Vehicle updated", "The VIN is taken" …
 */
import type { OpenNotificationParams } from '@refinedev/core';

/** The server's message of a mutation's answer (`{ message, data }`; the data provider keeps `message`). */
function serverMessage(answer: unknown): string | undefined {
  const message = (answer as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** A failure's message: the server's (ApiError / Refine's HttpError), else nothing to say. */
function errorMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The key of a save's notification that carries warnings: the notification provider shows it as a warning
 * (Refine's notifications know only success, error and progress), long enough to be read.
 */
export const WARNINGS_NOTIFICATION_PREFIX = 'save-warnings-';

/** The messages of the problems a save answered beside its data (`warnings`, data-provider.ts), one a line. */
function warningLines(answer: unknown): string | undefined {
  const warnings = (answer as { warnings?: unknown } | undefined)?.warnings;
  if (!Array.isArray(warnings)) return undefined;
  const lines = warnings
    .map((warning) => (warning as { message?: unknown }).message)
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/**
 * A mutation (create, update, delete): the server's message on success and on failure. A save that
 * answered warnings (an order's driver whose licence expires during the trip) lists them under its message.
 */
export const mutationNotifications = {
  successNotification: (answer?: unknown): OpenNotificationParams | false => {
    const message = serverMessage(answer);
    const description = warningLines(answer);
    if (message && description) return { type: 'success', message, description, key: `${WARNINGS_NOTIFICATION_PREFIX}${Date.now()}` };
    return message ? { type: 'success', message } : false;
  },
  errorNotification: (error?: unknown): OpenNotificationParams | false => {
    const message = errorMessage(error);
    return message ? { type: 'error', message } : false;
  },
};

/**
 * An edit form's save: as any write's, except a stale save (409), which the form explains itself with the latest
 * version taken in ("check it and save again"): the server's "Reload it and try again" beside it said the opposite;
 * and a record deleted meanwhile (404), which the form says in words ("deleted by someone else") beside the input.
 */
export const editFormNotifications = {
  successNotification: mutationNotifications.successNotification,
  errorNotification: (error?: unknown): OpenNotificationParams | false =>
    [404, 409].includes((error as { statusCode?: number } | undefined)?.statusCode ?? 0) ? false : mutationNotifications.errorNotification(error),
};

/** A read (list, show): no toast when it works; the server's message when it fails. */
export const readNotifications = {
  successNotification: false as const,
  errorNotification: mutationNotifications.errorNotification,
};

/**
 * A record page's read: a 404 is the page's own "Not found", said on the page, not in a toast as well (a record
 * deleted from its page is read once more as Refine drops its cache: "Not found" stood beside "Deleted").
 */
export const recordPageNotifications = {
  successNotification: false as const,
  errorNotification: (error?: unknown): OpenNotificationParams | false =>
    (error as { statusCode?: number } | undefined)?.statusCode === 404 ? false : mutationNotifications.errorNotification(error),
};

/** Reads that stay silent either way (reference labels, picker options: a missing label shows the id). */
export const silentNotifications = {
  successNotification: false as const,
  errorNotification: false as const,
};
