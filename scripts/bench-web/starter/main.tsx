/**
 * A bare RainbowKit starter, as RainbowKit's own Vite template makes it: the
 * default configuration, the providers and a connect button. The baseline of
 * `npm run bench:web`, built with the same versions as the web app.
 */
import '@rainbow-me/rainbowkit/styles.css';
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';
import { mainnet } from 'wagmi/chains';

const config = getDefaultConfig({ appName: 'RainbowKit starter', projectId: 'bench-web-starter', chains: [mainnet], ssr: false });
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <main>
            <h1>RainbowKit starter</h1>
            <ConnectButton />
          </main>
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
