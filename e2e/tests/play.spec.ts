import { expect, test, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';

/** One round: each player clicks a hand; both see the result after the 4 s reveal. */
async function playRound(winner: Page, loser: Page) {
  await winner.getByRole('button', { name: 'Paper' }).click();
  await loser.getByRole('button', { name: 'Rock' }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('You Win', { timeout: 10_000 });
  await expect(loser.getByTestId('round-result')).toHaveText('You Lose', { timeout: 10_000 });
}

test('two players are matched, play a whole game through the screens, and see the popup, the feed and their balances', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
    const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });

    // 10 USDT at the development price of 3000 USD: a stake of 0.003333… ETH each, shown with 6 decimals.
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('10');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann).toHaveURL(/\/search-game$/);
    await expect(bo).toHaveURL(/\/search-game$/);
    await expect(ann.getByText('Bet 10 USDT · 0.003333 ETH')).toBeVisible();
    await expect(ann.getByText('Bo', { exact: true })).toBeVisible();

    await playRound(ann, bo);
    await expect(ann.getByTestId('my-score')).toHaveText('1');
    await expect(bo.getByTestId('opponent-score')).toHaveText('1');
    // The next round opens its buttons again.
    await expect(ann.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 10_000 });
    await expect(bo.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 10_000 });
    await playRound(ann, bo);

    await expect(ann.getByRole('dialog')).toContainText('You Win +10 USDT', { timeout: 5_000 });
    await expect(bo.getByRole('dialog')).toContainText('You Lose -10 USDT', { timeout: 5_000 });

    for (const page of [ann, bo]) await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(ann.getByTestId('balance-value')).toHaveText('0.103333 ETH');
    await expect(bo.getByTestId('balance-value')).toHaveText('0.096666 ETH');
    const feed = ann.getByRole('table');
    await expect(feed.getByText('Ann', { exact: true }).first()).toBeVisible();
    await expect(feed.getByText('Bo', { exact: true }).first()).toBeVisible();
    await expect(feed.getByText('10 USDT').first()).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
