import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildReport } from './tooling/build-report';
import { compileCatalogues } from './tooling/compile-catalogues';
import { precompress } from './tooling/precompress';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

// The dev server forwards every server-owned path to the Fastify process so
// the browser sees one origin, exactly as in production.
const serverUrl = process.env.SHIFUMI_SERVER_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Issue 27: the catalogues' ICU messages compiled at build time (Lingui's runtime carries no parser).
    compileCatalogues(),
    // Source maps out of the served folder, and the bundle's map for the budget (tooling/bundle-budget.ts).
    buildReport({ reportDir: path.join(webRoot, 'build-report'), repositoryRoot: path.resolve(webRoot, '../..') }),
    // Brotli and gzip twins of every text file, sent by the server as they are.
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: serverUrl, changeOrigin: false },
      '/socket.io': { target: serverUrl, ws: true },
      '/public': { target: serverUrl, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built for error reporting and the budget's breakdown, never referenced by nor served with the app (decision 012).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries change far less often than the app: a chunk of their own stays cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            // Everything else the first load needs in one file (with the entry), not a dozen small shared chunks.
            // No catch-all vendor group: it would pull the wallet stack and the SDKs wagmi and RainbowKit load on
            // demand (WalletConnect, MetaMask, Coinbase, locales, wallet icons) into the first load.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
