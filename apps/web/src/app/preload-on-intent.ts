/**
 * Preload on intent: hovering, focusing or touching a link to one of our pages
 * (or a control marked `data-preload="/path"`, such as a button that
 * navigates) fetches that page's chunk, so that the press finds it there.
 * One listener per event on the document covers every link, including those
 * of pages added later.
 */
import { preloadRoute } from '../lib/route-preload';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

export function preloadOnIntent(target: Document = document): () => void {
  function onIntent(event: Event) {
    const element = event.target instanceof Element ? event.target.closest('[data-preload], a[href]') : null;
    if (!element) return;
    const to = element.getAttribute('data-preload') ?? element.getAttribute('href');
    if (!to) return;
    const url = new URL(to, window.location.href);
    if (url.origin === window.location.origin) preloadRoute(url.pathname);
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent);
  };
}
