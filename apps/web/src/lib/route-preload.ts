/**
 * Preloading the page a link leads to. Each page in a chunk of its own
 * registers how to fetch it (app/routes.tsx); `preloadRoute(path)` fetches
 * the page that path shows, if it is not there yet. app/preload-on-intent.ts
 * calls it when a link (or a control with `data-preload="/path"`) is hovered,
 * focused or touched; screens call it when they know what comes next.
 */
import { matchPath } from 'react-router';

interface PreloadableRoute {
  path: string;
  preload: () => void;
}

const preloadableRoutes: PreloadableRoute[] = [];

export function registerRoutePreload(path: string, preload: () => void): void {
  if (!preloadableRoutes.some((route) => route.path === path)) preloadableRoutes.push({ path, preload });
}

/** Fetches the chunk of the page `to` (a path, with or without query) shows; nothing for home and unknown paths. */
export function preloadRoute(to: string): void {
  const pathname = to.split(/[?#]/)[0] ?? to;
  const route = preloadableRoutes.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  route?.preload();
}
