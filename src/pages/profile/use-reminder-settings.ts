/**
 * The member's reminder settings (`GET`/`PUT /api/profile/reminders`) through Refine's `useCustom`, shared by the
 * reminders card and the language card: the language chosen on the settings page is the e-mails' language too.
 */
import { keys, useApiUrl, useCustom, useCustomMutation } from '@refinedev/core';
import { readNotifications, silentNotifications } from '../../providers/notifications';

export interface ReminderSettings {
  digest_enabled: boolean;
  digest_hour: number;
  steps: number[];
  time_zone: string;
  language: string;
}

export function useReminderSettings() {
  const apiUrl = useApiUrl();
  const url = `${apiUrl}/profile/reminders`;
  const { query } = useCustom<ReminderSettings>({
    url,
    method: 'get',
    queryOptions: { queryKey: keys().data('default').resource('profile-reminders').action('one').get() },
    ...readNotifications,
  });
  return { url, query };
}

/** Saves a language chosen in the settings as the reminder e-mails' language, the rest of the settings as they are. */
export function useSaveEmailLanguage(): (language: string) => Promise<void> {
  const { url, query } = useReminderSettings();
  const { mutateAsync } = useCustomMutation<ReminderSettings>();
  return async (language) => {
    const loaded = query.data?.data;
    if (!loaded || loaded.language === language) return;
    try {
      await mutateAsync({ url, method: 'put', values: { ...loaded, language }, ...silentNotifications });
      await query.refetch();
    } catch {
      // The interface has changed language either way; the reminders card shows the e-mails' language as stored.
    }
  };
}
