/** A failed API call as the web app sees it: status, the server's (translated) message, field errors. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  readonly requestId: string | undefined;
  /** True when the server answered with its own message (not a network failure or a timeout). */
  readonly hasServerMessage: boolean;

  constructor(options: { status: number; message: string; fieldErrors?: FieldErrors; requestId?: string; hasServerMessage?: boolean }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.fieldErrors = options.fieldErrors ?? {};
    this.requestId = options.requestId;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message when there is one, else the caller's default (SPEC §8: "the server's message, if none a default"). */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage && error.message ? error.message : fallback;
}
