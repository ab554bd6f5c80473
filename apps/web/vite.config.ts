import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards every server-owned path to the Fastify process so
// the browser sees one origin, exactly as in production.
const serverUrl = process.env.SHIFUMI_SERVER_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        // No catch-all vendor group: it would pull the wallet SDKs that wagmi and RainbowKit load
        // on demand (WalletConnect, MetaMask, Coinbase, locales, wallet icons) into the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
