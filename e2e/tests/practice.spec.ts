/**
 * Issue 24: a visitor practises a whole game against the bot, for free: the
 * game runs in the browser ("Practice — no money" on every screen of it), with
 * the clock, the reveal and the popup; at 375 px nothing scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/layout';

test('a visitor practises a whole game against the bot, free, on a phone-sized screen', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() !== 'GET') requests.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Practice', exact: true }).click();
  await expect(page).toHaveURL(/\/practice$/);
  await expect(page.getByTestId('practice-label')).toHaveText('Practice — no money');
  await expect(page.getByText('Practice bot')).toBeVisible();
  await expectNoHorizontalScroll(page, 'the practice screen');

  // Paper every round until the game ends (first to 2 round wins, at most 10 rounds).
  const dialog = page.getByRole('dialog');
  const paper = page.getByRole('button', { name: 'Paper' });
  for (let round = 0; round < 12; round += 1) {
    await expect.poll(async () => (await dialog.isVisible()) || (await paper.isEnabled()), { timeout: 25_000 }).toBe(true);
    if (await dialog.isVisible()) break;
    await paper.click();
    await expect(paper).toBeDisabled();
  }
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(/You Win|You Lose|Draw/);
  await expect(dialog.getByTestId('practice-label')).toHaveText('Practice — no money');
  await expect(dialog.getByTestId('practice-final-score')).toHaveText(/Final score \d–\d/);
  await expectNoHorizontalScroll(page, 'the practice popup');
  // Nothing was sent to the server: no stake, no game, no history.
  expect(requests).toEqual([]);
  await dialog.getByRole('button', { name: 'Play Again' }).click();
  await expect(page.getByRole('button', { name: 'Paper' })).toBeEnabled();
  await expect(page.getByTestId('my-score')).toHaveText('0');
});
