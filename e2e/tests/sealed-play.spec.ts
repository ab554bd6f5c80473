import { expect, test, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';

/**
 * Verifiable play (issue 17) in Chromium: two players play a game whose every
 * choice the browsers seal (commit_choice, then reveal_choice on the server's
 * reveal_request); each sees the opponent's seal checked ("sealed ✓"); one
 * then opens the game's transcript from the account history on /verify and
 * every check passes.
 */
async function playRound(winner: Page, loser: Page) {
  await winner.getByRole('button', { name: 'Paper' }).click();
  await loser.getByRole('button', { name: 'Rock' }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('You Win', { timeout: 10_000 });
  await expect(loser.getByTestId('round-result')).toHaveText('You Lose', { timeout: 10_000 });
  for (const page of [winner, loser]) await expect(page.getByTestId('seal-check')).toHaveText('sealed ✓');
}

test('a sealed game: choices leave the browser only as seals until both have locked, and its transcript passes every check on /verify', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  const sentByAnn: string[] = [];
  ann.on('websocket', (socket) => socket.on('framesent', (frame) => sentByAnn.push(String(frame.payload))));
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
    const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('1');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann).toHaveURL(/\/search-game$/);
    await expect(bo).toHaveURL(/\/search-game$/);

    await playRound(ann, bo);
    await expect(ann.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 10_000 });
    await expect(bo.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 10_000 });
    await playRound(ann, bo);
    await expect(ann.getByRole('dialog')).toContainText('You Win', { timeout: 5_000 });

    // Ann's browser sealed: commitments and reveals went out, never a plain make_choice.
    expect(sentByAnn.some((frame) => frame.includes('"commit_choice"'))).toBe(true);
    expect(sentByAnn.some((frame) => frame.includes('"reveal_choice"'))).toBe(true);
    expect(sentByAnn.some((frame) => frame.includes('"make_choice"'))).toBe(false);

    await ann.getByRole('button', { name: 'Go Home' }).click();
    await ann.goto('/account');
    await ann
      .getByRole('link', { name: /^Verify the game against/ })
      .first()
      .click();
    await expect(ann).toHaveURL(/\/verify\?game=/);
    await expect(ann.getByText('All 7 checks passed', { exact: false })).toBeVisible({ timeout: 15_000 });
    const checks = ann.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    await expect(checks).toHaveCount(7);
    for (const item of await checks.all()) await expect(item).toContainText('Passed');
    await expect(checks.filter({ hasText: 'Every sealed choice matches its seal' })).toContainText(
      'All 4 sealed choices match their seals.',
    );
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
