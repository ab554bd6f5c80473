import { isMessageResponse } from '@shifumi/protocol/guards';
import type { RefusalCode } from '@shifumi/protocol/refusal-codes';
import { translate } from './i18n/i18n';

/**
 * A refused or failed API call. `serverMessage` is the `{ message }` the
 * server answered with, meant for the user; null when there was none
 * (network failure, unreadable body).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  /** The refusal's stable code (decision 037): what code branches on, never the message. */
  readonly code: RefusalCode | null;

  constructor(status: number, serverMessage: string | null, options?: { cause?: unknown; code?: RefusalCode | null }) {
    super(
      serverMessage ?? (status === 0 ? 'The server could not be reached.' : `Request failed with status ${status}.`),
      options,
    );
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = options?.code ?? null;
  }
}

/**
 * A refusal code as the server spells them (snake_case), or null. Checked by its form, not against the list of
 * codes: the list (about 130 names) would cost home's first load 0.5 kB, and the web only ever compares a code
 * with a few it knows, so a code it does not know compares unequal to all of them — as a newer server's would.
 */
const CODE_FORM = /^[a-z][a-z0-9_-]{0,63}$/;
function refusalCodeOf(value: unknown): RefusalCode | null {
  return typeof value === 'string' && CODE_FORM.test(value) ? (value as RefusalCode) : null;
}

/** Builds an ApiError from a non-OK response, keeping the server's message when it sent one. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let serverMessage: string | null = null;
  let code: RefusalCode | null = null;
  try {
    const body: unknown = await response.json();
    if (isMessageResponse(body) && body.message.trim() !== '') serverMessage = body.message;
    if (typeof body === 'object' && body !== null && 'code' in body) code = refusalCodeOf(body.code);
  } catch {
    // Not JSON (a proxy error page, an empty body): no message for the user.
  }
  return new ApiError(response.status, serverMessage, { code });
}

/** The text to show for a failure: the server's message when present, otherwise the generic one (S8.01). */
export function userFacingMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : translate('shell.errors.generic');
}
