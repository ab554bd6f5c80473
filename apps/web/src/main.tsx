import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@rainbow-me/rainbowkit/styles.css';
import 'react-toastify/ReactToastify.css';
import './app/global.css';
import { App } from './app/app';
import { startSession } from './lib/session-startup';
import { connectPublicSocket, followSessionWithSocket } from './lib/socket';

connectPublicSocket();
followSessionWithSocket();
void startSession();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
