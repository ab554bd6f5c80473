/**
 * The route map (spec S2).
 *
 * Home is part of the first load; every other page is a chunk of its own,
 * fetched when it is first shown — or earlier, when a link to it is hovered,
 * focused or touched (preload-on-intent.ts). A new page is one line:
 *
 *   lazyPage('/path', () => import('../features/x/components/x-page').then((module) => module.XPage)),
 *
 * A page whose chunk is already there (hovered before the press) shows at
 * once; otherwise the layout shows a loading line in its place (layout.tsx).
 *
 * Declarative routing (BrowserRouter and useRoutes), not a data router: no
 * page loads data through the router, and the data router's code would be
 * 18 kB more (gzip) on every first load (decision 011).
 */
import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { lazyComponent } from '../lib/lazy-component';
import { registerRoutePreload } from '../lib/route-preload';
import { Layout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** A route whose page is fetched on demand; `path` also keys its preloading. */
function lazyPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  const Page = lazyComponent(load);
  // The catch-all would match every link: it is fetched when shown, never ahead.
  if (path !== '*') registerRoutePreload(path, Page.preload);
  return { path, element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      lazyPage('/howtoplay', () => import('../features/howtoplay/components/how-to-play-page').then((module) => module.HowToPlayPage)),
      lazyPage('/contact', () => import('../features/contact/components/contact-page').then((module) => module.ContactPage)),
      lazyPage('/account', () => import('../features/account/components/account-page').then((module) => module.AccountPage)),
      lazyPage('/search-game', () => import('../features/game/components/game-page').then((module) => module.GamePage)),
      lazyPage('/verify-email/:token', () => import('../features/auth/components/verify-email-page').then((module) => module.VerifyEmailPage)),
      lazyPage('*', () => import('./not-found-page').then((module) => module.NotFoundPage)),
    ],
  },
];

/** The pages of the route map, for the router around them (app.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
