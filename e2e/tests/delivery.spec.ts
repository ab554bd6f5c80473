/**
 * How the built app reaches a browser (issue 15): compressed, cached the
 * right way, no source map, the wallet stack only once it is needed, and a
 * first screen that does not move as its data arrives.
 */
import { expect, test, type Route } from '@playwright/test';
import { E2E_BASE_URL } from '../support/environment';
import { signUpAndSignIn } from '../support/players';

/** The scripts index.html loads at once (entry and modulepreloads). */
function firstLoadScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
}

test('the page and its first-load scripts arrive compressed (brotli, else gzip), the page revalidated, the scripts cached for good, no source map', async () => {
  const page = await fetch(`${E2E_BASE_URL}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  expect(page.headers.get('content-encoding')).toBe('br');
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const html = await page.text();
  const scripts = firstLoadScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const response = await fetch(`${E2E_BASE_URL}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers.get('content-encoding'), script).toBe('br');
    const gzipped = await fetch(`${E2E_BASE_URL}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding'), script).toBe('gzip');
    expect(response.headers.get('cache-control'), script).toBe('public, max-age=31536000, immutable');
    expect(await response.text(), script).not.toContain('sourceMappingURL');
    expect((await fetch(`${E2E_BASE_URL}${script}.map`, { headers: { accept: '*/*' } })).status, `${script}.map`).toBe(404);
  }
});

test('home fetches none of the wallet stack until Connect Wallet is hovered, and one press opens the connect dialog', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page settles: the realtime client and the response checks arrive after the first paint.
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((path) => /wallet-stack/.test(path))).toEqual([]);

  const connect = page.getByRole('button', { name: 'Connect Wallet' }).first();
  await connect.hover();
  await expect.poll(() => fetched.some((path) => /wallet-stack-.*\.js$/.test(path))).toBe(true);
  await connect.click();
  // Issue 14: no wallet in this browser and no WalletConnect project id: the dialog says how to get one.
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'No wallet found in this browser' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Get MetaMask' })).toBeVisible();
});

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

test('nothing on home moves as the balance, the online count and the recent games arrive late', async ({ page }) => {
  await signUpAndSignIn(page, { name: 'Steady' });
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // As on a slow network: the answers come well after the first paint.
  const late = (answer: (route: Route) => Promise<void>) => async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await answer(route);
  };
  const games = Array.from({ length: 7 }, (_, index) => ({
    game: `game-${index}-0123456789`,
    player1: 'Ann',
    player2: 'Bo',
    winner: 'Ann',
    amount: 5,
    date: `2026-11-2${index}T10:00:00.000Z`,
  }));
  await page.route(
    '**/api/account',
    late((route) => route.continue()),
  );
  await page.route(
    '**/api/transactions',
    late((route) => route.fulfill({ json: games })),
  );

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('balance-value')).toHaveText('0 ETH');
    await expect(page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row')).toHaveCount(8);
    await expect(page.getByText(/\d+ players? online/)).toBeVisible();
    expect(await page.evaluate(() => window.__layoutShift), `cumulative layout shift at ${viewport.width} px`).toBeLessThan(0.01);
  }
});
