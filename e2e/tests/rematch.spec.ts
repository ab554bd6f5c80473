/**
 * Issue 24: Rematch from the end-of-game popup. Ann asks, Bo accepts: a new
 * game at the same stake opens for both. At its end Ann asks again and Bo
 * declines: Ann is told.
 */
import { expect, test, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';

async function playRound(winner: Page, loser: Page) {
  await expect(winner.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 15_000 });
  await expect(loser.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 15_000 });
  await winner.getByRole('button', { name: 'Paper' }).click();
  await loser.getByRole('button', { name: 'Rock' }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('You Win', { timeout: 10_000 });
}

async function playGame(winner: Page, loser: Page) {
  await playRound(winner, loser);
  await playRound(winner, loser);
  await expect(winner.getByRole('dialog')).toContainText('You Win +5 USDT', { timeout: 10_000 });
  await expect(loser.getByRole('dialog')).toContainText('You Lose -5 USDT', { timeout: 10_000 });
}

test('a rematch accepted starts a new game for both; declined, the requester is told', async ({ browser }) => {
  test.setTimeout(180_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
    const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('5');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann).toHaveURL(/\/search-game$/);
    await expect(bo).toHaveURL(/\/search-game$/);
    await playGame(ann, bo);

    // Ann asks for a rematch; Bo accepts: a new game opens for both.
    await ann.getByRole('dialog').getByRole('button', { name: 'Rematch' }).click();
    await expect(ann.getByRole('dialog')).toContainText('Rematch asked. Waiting for your opponent…');
    const offer = bo.getByTestId('rematch-offer');
    await expect(offer).toContainText('Ann wants a rematch.');
    await offer.getByRole('button', { name: 'Accept' }).click();
    for (const page of [ann, bo]) {
      await expect(page.getByRole('dialog')).toBeHidden({ timeout: 10_000 });
      await expect(page.getByTestId('my-score')).toHaveText('0');
      await expect(page.getByText('Bet 5 USDT · 0.001666 ETH')).toBeVisible();
    }
    await playGame(bo, ann);

    // Bo asks this time; Ann declines; Bo is told.
    await bo.getByRole('dialog').getByRole('button', { name: 'Rematch' }).click();
    await ann.getByTestId('rematch-offer').getByRole('button', { name: 'Decline' }).click();
    await expect(bo.getByTestId('rematch-declined')).toHaveText('Your opponent declined the rematch.');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
