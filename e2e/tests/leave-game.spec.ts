import { expect, test, type Browser, type Page } from '@playwright/test';
import { devDeposit, signUpAndSignIn } from '../support/players';

/** Two funded players matched at $5; returns their pages on the game screen. */
async function matchedPair(browser: Browser): Promise<{ ann: Page; bo: Page; close: () => Promise<void> }> {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [ann, bo] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
  const boEmail = await signUpAndSignIn(bo, { name: 'Bo' });
  await devDeposit(annEmail, '0.1');
  await devDeposit(boEmail, '0.1');
  for (const page of [ann, bo]) {
    await expect(page.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });
    // The live connection, beside Connecté.
    await expect(page.getByTestId('realtime-status')).toHaveText('Live');
    await page.getByLabel('Bet amount').selectOption('5');
  }
  await ann.getByRole('button', { name: 'Play Now' }).click();
  // Buttons act once: a double click searches, its second click does not cancel (the button became Cancel).
  await bo.getByRole('button', { name: 'Play Now' }).dblclick();
  for (const page of [ann, bo]) {
    await expect(page).toHaveURL(/\/search-game$/);
    await expect(page.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 10_000 });
  }
  return { ann, bo, close: () => Promise.all(contexts.map((context) => context.close())).then(() => undefined) };
}

test('leaving a running game through the app asks first; Leave forfeits, and the next screen says so once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ann, bo, close } = await matchedPair(browser);
  try {
    const confirm = ann.getByRole('alertdialog', { name: 'Leave and lose 5 USDT?' });

    // A menu link: Stay keeps the game.
    await ann.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How to play ?' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(confirm).toBeHidden();
    await expect(ann).toHaveURL(/\/search-game$/);
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeVisible();

    // The browser's Back: asked too, and the address stays the game's.
    await ann.goBack();
    await expect(confirm).toBeVisible();
    await expect(ann).toHaveURL(/\/search-game$/);
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeVisible();

    // My account: Leave sends leave_game, then goes where asked.
    await ann.getByRole('button', { name: 'My account' }).first().click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await expect(ann).toHaveURL(/\/account$/);
    await expect(ann.getByTestId('forfeit-notice')).toHaveText('You left the game and lost 5 USDT');
    await expect(bo.getByRole('dialog')).toContainText('You Win +5 USDT');
    await expect(bo.getByRole('dialog')).toContainText('Your opponent has left the game?!');

    // Once: the next screen does not say it again.
    await ann.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(ann.getByRole('button', { name: 'Play Now' })).toBeVisible();
    await expect(ann.getByTestId('forfeit-notice')).toHaveCount(0);
    await ann.reload();
    await expect(ann.getByRole('button', { name: 'Play Now' })).toBeVisible();
    await expect(ann.getByTestId('forfeit-notice')).toHaveCount(0);
  } finally {
    await close();
  }
});

test('a reload during a game warns, forfeits, and the screen after it says what was lost', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ann, bo, close } = await matchedPair(browser);
  try {
    ann.on('dialog', (dialog) => void dialog.accept());
    await ann.reload();
    await expect(ann).toHaveURL(/\/$/);
    await expect(ann.getByTestId('forfeit-notice')).toHaveText('You left the game and lost 5 USDT');
    await expect(bo.getByRole('dialog')).toContainText('You Win +5 USDT');
  } finally {
    await close();
  }
});
