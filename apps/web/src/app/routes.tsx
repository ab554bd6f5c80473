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
import { HomeRoute } from './home-route';
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
      { path: '/', element: <HomeRoute /> },
      { path: '/home', element: <HomeRoute /> },
      lazyPage('/howtoplay', () =>
        import('../features/howtoplay/components/how-to-play-page').then((module) => module.HowToPlayPage),
      ),
      lazyPage('/contact', () => import('../features/contact/components/contact-page').then((module) => module.ContactPage)),
      lazyPage('/account', () => import('./account-route').then((module) => module.AccountRoute)),
      lazyPage('/search-game', () => import('../features/game/components/game-page').then((module) => module.GamePage)),
      lazyPage('/terms', () => import('../features/legal/components/legal-page').then((module) => module.TermsPage)),
      lazyPage('/privacy', () => import('../features/legal/components/legal-page').then((module) => module.PrivacyPage)),
      lazyPage('/responsible-gaming', () =>
        import('../features/responsible-gaming/components/responsible-gaming-page').then(
          (module) => module.ResponsibleGamingPage,
        ),
      ),
      // Issue 28: proof of solvency.
      lazyPage('/solvency', () => import('../features/solvency/components/solvency-page').then((module) => module.SolvencyPage)),
      // Issue 24: a challenge by link.
      lazyPage('/challenge/:id', () => import('./challenge-route').then((module) => module.ChallengeRoute)),
      // Issue 24: practice against a bot, free, for visitors too.
      lazyPage('/practice', () => import('../features/game/components/practice-page').then((module) => module.PracticePage)),
      lazyPage('/verify', () => import('../features/verify/components/verify-page').then((module) => module.VerifyPage)),
      lazyPage('/verify-email/:token', () =>
        import('../features/auth/components/verify-email-page').then((module) => module.VerifyEmailPage),
      ),
      // Issue 13: the mailed links of account security.
      lazyPage('/reset-password/:token', () =>
        import('../features/auth/components/reset-password-page').then((module) => module.ResetPasswordPage),
      ),
      lazyPage('/confirm-address/:token', () =>
        import('../features/account/components/confirm-address-page').then((module) => module.ConfirmAddressPage),
      ),
      // Issue 18: the operator's console; its own chunk is fetched only once the server says this is staff.
      lazyPage('/admin/*', () => import('./admin-route').then((module) => module.AdminRoute)),
      lazyPage('*', () => import('./not-found-page').then((module) => module.NotFoundPage)),
    ],
  },
];

/** The pages of the route map, for the router around them (app.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
