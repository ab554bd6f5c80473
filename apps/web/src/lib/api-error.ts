import { isMessageResponse } from '@shifumi/protocol/guards';
import { TEXTS } from '@shifumi/protocol/texts';

/**
 * A refused or failed API call. `serverMessage` is the `{ message }` the
 * server answered with, meant for the user; null when there was none
 * (network failure, unreadable body).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, options?: { cause?: unknown }) {
    super(serverMessage ?? (status === 0 ? 'The server could not be reached.' : `Request failed with status ${status}.`), options);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** Builds an ApiError from a non-OK response, keeping the server's message when it sent one. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let serverMessage: string | null = null;
  try {
    const body: unknown = await response.json();
    if (isMessageResponse(body) && body.message.trim() !== '') serverMessage = body.message;
  } catch {
    // Not JSON (a proxy error page, an empty body): no message for the user.
  }
  return new ApiError(response.status, serverMessage);
}

/** The text to show for a failure: the server's message when present, otherwise the generic one (S8.01). */
export function userFacingMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : TEXTS.genericError;
}
