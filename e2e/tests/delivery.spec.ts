/**
 * How the built app reaches a browser (issue 15): compressed, cached the
 * right way, no source map, and the wallet stack only once it is needed.
 */
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../support/environment';

/** The scripts index.html loads at once (entry and modulepreloads). */
function firstLoadScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((match) => match[1] as string);
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

test('home fetches none of the wallet stack until Connect Wallet is hovered, and one press opens the connect dialog', async ({ page }) => {
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
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Connect a Wallet' })).toBeVisible();
});
