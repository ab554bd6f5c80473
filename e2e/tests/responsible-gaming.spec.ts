import { expect, test, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';

/** One round: each player clicks a hand; both see the result after the reveal. */
async function playRound(winner: Page, loser: Page) {
  await winner.getByRole('button', { name: 'Paper' }).click();
  await loser.getByRole('button', { name: 'Rock' }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('You Win', { timeout: 10_000 });
  await expect(loser.getByTestId('round-result')).toHaveText('You Lose', { timeout: 10_000 });
}

test('a player sets a loss limit, loses up to it, and the next Play Now is refused with the limit and when it frees up', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Limited' });
    const boEmail = await signUpAndSignIn(bo, { name: 'Other' });
    await devDeposit(annEmail, '0.1');
    await devDeposit(boEmail, '0.1');
    for (const page of [ann, bo]) await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });

    // A 24-hour loss limit of $10, confirmed in a dialog that says it starts now.
    await ann.goto('/account');
    const section = ann.getByRole('region', { name: 'Responsible gaming' });
    await section.getByRole('combobox', { name: 'Limit', exact: true }).selectOption('loss');
    await section.getByLabel('Period').selectOption('day');
    await section.getByLabel('Amount in USD').fill('10');
    await section.getByRole('button', { name: 'Save limit' }).click();
    const confirm = ann.getByRole('alertdialog', { name: 'Set this limit' });
    await expect(confirm).toContainText('Your 24-hour loss limit will be $10, starting now.');
    await confirm.getByRole('button', { name: 'Set limit' }).click();
    await expect(section.getByTestId('limit-loss-day')).toContainText('$10');

    // Ann loses a $10 game: her loss reaches the limit exactly, which is allowed.
    await ann.goto('/');
    for (const page of [ann, bo]) {
      await page.getByLabel('Bet amount').selectOption('10');
      await page.getByRole('button', { name: 'Play Now' }).click();
    }
    await expect(ann).toHaveURL(/\/search-game$/);
    await playRound(bo, ann);
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 10_000 });
    await expect(bo.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 10_000 });
    await playRound(bo, ann);
    await expect(ann.getByRole('dialog')).toContainText('You Lose -10 USDT', { timeout: 5_000 });
    await ann.getByRole('button', { name: 'Go Home' }).click();

    // The next game would go over the limit: refused, saying which limit and from when.
    await ann.getByLabel('Bet amount').selectOption('5');
    await ann.getByRole('button', { name: 'Play Now' }).click();
    await expect(ann.getByRole('alert')).toContainText(
      'This game would take you over your 24-hour loss limit of $10. You can play this amount again from ',
    );
    await expect(ann).not.toHaveURL(/\/search-game$/);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('a player takes a time-out after a dialog that says what happens, sees the banner with until when, and cannot play', async ({
  page,
}) => {
  const email = await signUpAndSignIn(page, { name: 'Pause' });
  await devDeposit(email, '0.05');
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Responsible gaming' });
  await section.getByLabel('Time-out length').selectOption('24h');
  await section.getByRole('button', { name: 'Take a time-out' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Take a time-out of 24 hours' });
  await expect(confirm).toContainText('cannot be undone early');
  await expect(confirm).toContainText('withdraw');
  await confirm.getByRole('button', { name: 'Start my time-out' }).click();

  const banner = page.getByTestId('protection-banner');
  await expect(banner).toContainText('You are taking a time-out until');
  await page.goto('/');
  await expect(page.getByTestId('protection-banner')).toContainText('You are taking a time-out until');
  await expect(page.getByTestId('balance-value')).toHaveText('0.05 ETH', { timeout: 20_000 });
  await page.getByLabel('Bet amount').selectOption('5');
  await page.getByRole('button', { name: 'Play Now' }).click();
  // The deposit's toast may still be up: the refusal is the alert that names the time-out.
  await expect(page.getByRole('alert').filter({ hasText: 'You are taking a time-out until' })).toBeVisible();
});
