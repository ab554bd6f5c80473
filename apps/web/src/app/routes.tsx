/**
 * The route map (spec S2).
 */
import type { RouteObject } from 'react-router';
import { AccountPage } from '../features/account/components/account-page';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';
import { ContactPage } from '../features/contact/components/contact-page';
import { GamePage } from '../features/game/components/game-page';
import { HomePage } from '../features/home/components/home-page';
import { HowToPlayPage } from '../features/howtoplay/components/how-to-play-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/home', element: <HomePage /> },
      { path: '/howtoplay', element: <HowToPlayPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/search-game', element: <GamePage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
