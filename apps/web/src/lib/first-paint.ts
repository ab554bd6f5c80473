/**
 * After the first paint. What home does not need to draw — the realtime
 * client, the protocol's schemas, a wallet to reconnect — is fetched once the
 * page has painted, not before: the network and the main thread are the first
 * paint's until then (decision 011).
 */
let painted: Promise<void> | null = null;

/** Resolves once a frame has been painted since the first call (at once in a hidden tab, which paints nothing). */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      setTimeout(resolve, 0);
      return;
    }
    // A requestAnimationFrame callback runs just before a paint; a task it posts runs after it.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  return painted;
}
