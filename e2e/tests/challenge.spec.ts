/**
 * Issue 24: a challenge by link. Ann opens a challenge on home (its link, Copy,
 * a QR code, Cancel); her friend opens the link signed out, reads who
 * challenges them and for how much, signs up and signs in over the page, is
 * funded, accepts, and both play the game. Every new screen fits 375 px.
 */
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalScroll } from '../support/layout';
import { devDeposit, PASSWORD, signUpAndSignIn } from '../support/players';

/** One round: each player clicks a hand; both see the result after the 4 s reveal. */
async function playRound(winner: Page, loser: Page) {
  await winner.getByRole('button', { name: 'Paper' }).click();
  await loser.getByRole('button', { name: 'Rock' }).click();
  await expect(winner.getByTestId('round-result')).toHaveText('You Win', { timeout: 10_000 });
  await expect(loser.getByTestId('round-result')).toHaveText('You Lose', { timeout: 10_000 });
}

test('a friend opens a challenge link signed out, signs up, is funded, accepts and plays', async ({ browser }) => {
  test.setTimeout(180_000);
  const contexts = [await browser.newContext(), await browser.newContext({ viewport: { width: 375, height: 812 } })];
  const [ann, friend] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
  try {
    const annEmail = await signUpAndSignIn(ann, { name: 'Ann' });
    await devDeposit(annEmail, '0.1');
    await expect(ann.getByTestId('balance-value')).toHaveText('0.1 ETH', { timeout: 20_000 });

    // Ann opens a challenge at 5 USDT from home.
    await ann.getByLabel('Bet amount').selectOption('5');
    await ann.getByRole('button', { name: 'Challenge a friend' }).click();
    const item = ann.getByTestId('own-challenge');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('5 USDT');
    await expect(item.getByRole('img', { name: 'QR code of the challenge link' })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const link = await item.getByRole('textbox', { name: 'Challenge link' }).inputValue();
    expect(link).toMatch(/\/challenge\/[A-Za-z0-9_-]{22}$/);

    // Ann's home with the challenge fits a phone too.
    await ann.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalScroll(ann, 'home with an open challenge');
    await ann.setViewportSize({ width: 1280, height: 800 });

    // The friend, signed out, opens the link.
    await friend.goto(new URL(link).pathname);
    await expect(friend.getByRole('heading', { name: 'Ann challenges you to 5 USDT' })).toBeVisible();
    await expectNoHorizontalScroll(friend, 'the challenge page');
    await friend.getByRole('button', { name: 'Sign up', exact: true }).click();
    const dialog = friend.getByRole('dialog');
    const email = `friend-${Date.now()}-${randomInt(1e6)}@example.com`;
    await dialog.getByLabel('Name').fill('Friend');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('I am 18 or older').check();
    await dialog.getByLabel('I accept the Terms').check();
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(dialog.getByText('A verification email has been sent to your address. Please check your inbox!')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Back on the challenge, signed in.
    await expect(friend).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
    await devDeposit(email, '0.1');
    await expect(friend.getByTestId('nav-balance-value')).toContainText('0.1', { timeout: 20_000 });
    await friend.getByRole('button', { name: 'Accept' }).click();

    // Both are in the game: the friend from the challenge page, Ann from home.
    await expect(friend).toHaveURL(/\/search-game$/, { timeout: 15_000 });
    await expect(ann).toHaveURL(/\/search-game$/, { timeout: 15_000 });
    await expect(ann.getByText('Friend', { exact: true })).toBeVisible();
    await playRound(friend, ann);
    await expect(friend.getByRole('button', { name: 'Paper' })).toBeEnabled({ timeout: 10_000 });
    await expect(ann.getByRole('button', { name: 'Rock' })).toBeEnabled({ timeout: 10_000 });
    await playRound(friend, ann);
    await expect(friend.getByRole('dialog')).toContainText('You Win +5 USDT', { timeout: 10_000 });
    await expect(ann.getByRole('dialog')).toContainText('You Lose -5 USDT', { timeout: 10_000 });
    await expect(friend.getByRole('dialog')).toContainText('Final score 2–0');
    await expectNoHorizontalScroll(friend, 'the end-of-game popup');

    // The taken challenge says so.
    await friend.goto(new URL(link).pathname);
    await expect(friend.getByText('This challenge has already been accepted.')).toBeVisible();
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
