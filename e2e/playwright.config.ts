import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment';

/**
 * e2e journeys in Debian's Chromium (Playwright cannot download its own
 * browser here). The global setup starts the real server, a real SMTP
 * receiver and, when DATABASE_URL is set, a fresh PostgreSQL database.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The journeys run as a player who asked for reduced motion: the app's own `prefers-reduced-motion` rules stop
    // its endless animations (the searching spinner, the online dot, the hero), which cost Debian's software-rendered
    // Chromium a quarter of the game journeys' time. The screens whose look is checked with motion (accessibility,
    // screens, screenshots) ask for 'no-preference' in their files. Decision 064.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
