/**
 * The entry: what home's first paint needs, and no more (decision 011). The
 * realtime client, the protocol's zod schemas, the toasts, every other page
 * and dialog, and the wallet stack are chunks fetched when needed.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/app';
import { startLanguage } from './lib/i18n/language-preference';
import { interceptLeaving } from './lib/leave-guard';
import { startSession } from './lib/session-startup';
import { connectPublicSocket, followSessionWithSocket } from './lib/socket';

// Before the router mounts: its own popstate listener must come second (lib/leave-guard.ts).
interceptLeaving();
connectPublicSocket();
followSessionWithSocket();
void startSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// Issue 27: French texts are a chunk of their own; the first paint waits for them when French is the language (English is here).
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
