/**
 * Full page loads. The spec reloads the page after sign-in and sign-out so
 * that every in-memory state starts again from the stored session; keeping
 * these in one module also lets tests observe them (jsdom cannot navigate).
 */
export function reloadPage(): void {
  window.location.reload();
}

export function loadPage(path: string): void {
  window.location.assign(path);
}
