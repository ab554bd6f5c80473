/** Copies text, showing the given success toast or the failure toast with the reason. */
import { notify } from './toast';

export async function copyWithToast(text: string, success: string, failure: (reason: string) => string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(success);
  } catch (error) {
    console.error('Copy to clipboard failed', error);
    notify.error(failure(error instanceof Error ? error.message : String(error)));
  }
}
