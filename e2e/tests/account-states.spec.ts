/**
 * Issue 26 (decision 040): every account state that changes what a player may
 * do is shown where they are, with its reason and its end; the visitor's ways
 * in on a phone; the account page's sections at 375 and 1440 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TEXTS, TEXTS } from '@shifumi/protocol';
import { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';
import { SHELL_EN } from '@shifumi/protocol/catalogue/en/shell';
import { STATUS_EN } from '@shifumi/protocol/catalogue/en/status';
import { expectNoHorizontalScroll } from '../support/layout';
import { devDeposit, PASSWORD, signUpAndSignIn } from '../support/players';
import { staffPage } from '../support/staff';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Shifumi' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
}

test('a withdrawal in review says so in its toast, and the banner says why and by when staff usually decide', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAndSignIn(page, { name: 'Reviewed', verify: true });
  await devDeposit(email, '2');
  await expect(page.getByTestId('balance-value')).toHaveText('2 ETH', { timeout: 20_000 });
  await page.getByRole('button', { name: 'My account' }).first().click();
  await page.getByLabel('Amount (ETH)').fill('1.5');
  await page.getByLabel('Ethereum address').fill(`0x${(Date.now() + 26).toString(16).padStart(40, '0')}`);
  await page.getByRole('button', { name: 'Retirer' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirm the withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();

  // The toast tells the truth: it waits for a person (not the spec's "being processed").
  await expect(page.getByText(ACCOUNT_EN.withdraw.inReviewToast)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(TEXTS.withdrawalInfo, { exact: true })).toHaveCount(0);
  const line = page.getByTestId('account-status-withdrawal-review');
  await expect(line).toContainText('Your withdrawal of 1.5 ETH is in review: Above the review threshold of 1 ETH.');
  await expect(line).toContainText('Shifumi staff usually decide within 24 hours, by ');
  // The withdrawal's own row on the account page says why and by when, too (item 3).
  const note = page.getByTestId('withdrawal-review-note');
  await expect(note).toContainText('Above the review threshold of 1 ETH. Shifumi staff usually decide within 24 hours, by ');
  await expect(page.locator('li', { has: note })).toContainText(ADMIN_TEXTS.withdrawalInReview);
  // On home too.
  await page.goto('/');
  await expect(page.getByTestId('account-status-withdrawal-review')).toContainText('Above the review threshold of 1 ETH.');
});

test('a frozen player is told why when signed out, on the page after it, and after signing in again', async ({
  page,
  browser,
}) => {
  test.skip(!process.env.DATABASE_URL, 'the staff CLI needs DATABASE_URL (PostgreSQL)');
  test.setTimeout(180_000);
  const email = await signUpAndSignIn(page, { name: 'Frosty' });
  const staff = await staffPage(browser, 'support');
  await staff.goto(`/admin/players?q=${encodeURIComponent(email)}`);
  await staff.getByRole('link', { name: 'Frosty' }).click();

  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await staff.getByLabel('Reason to freeze').fill('Chargeback investigation');
  await staff.getByRole('button', { name: 'Freeze' }).click();
  expect(await alerted).toBe(ADMIN_TEXTS.accountFrozenDisconnectWithReason('Chargeback investigation'));

  // After the reload the page says it again (an alert can go unseen).
  const notice = page.getByTestId('signed-out-notice');
  await expect(notice).toContainText(SHELL_EN.signedOut.title, { timeout: 20_000 });
  await expect(notice).toContainText('Reason: Chargeback investigation');

  // Signed in again: the banner says it before Play Now is pressed.
  await signIn(page, email);
  await expect(page.getByTestId('account-status-frozen')).toContainText(
    STATUS_EN.frozen.replace('{reason}', 'Chargeback investigation'),
  );
  await staff.context().close();
});

test('a password change puts withdrawals on hold, and the banner says until when', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await signUpAndSignIn(page, { name: 'Holder', verify: true });
  await page.goto('/account#security');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password').fill('a brand new password');
  await form.getByRole('button', { name: 'Change password' }).click();
  // A change of password may end the other sessions; this one stays signed in or signs in again.
  const hold = page.getByTestId('account-status-withdrawal-hold');
  await expect(hold.or(page.getByRole('button', { name: 'Sign Up / Login' }))).toBeVisible({ timeout: 20_000 });
  if (!(await hold.isVisible())) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Up / Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Shifumi' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('a brand new password');
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
  await expect(page.getByTestId('account-status-withdrawal-hold')).toContainText('You can withdraw again from ');
});

test('a self-exclusion shows until when on every page', async ({ page }) => {
  await signUpAndSignIn(page, { name: 'Excluded' });
  await page.goto('/account#limits');
  const section = page.getByRole('region', { name: 'Responsible gaming' });
  await section.getByLabel('Self-exclusion length').selectOption('6m');
  await section.getByRole('button', { name: 'Exclude myself' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Exclude me' }).click();
  await expect(page.getByTestId('protection-banner')).toContainText('You are self-excluded until ');
  await page.goto('/');
  await expect(page.getByTestId('protection-banner')).toContainText('You are self-excluded until ');
});

test('at 375 px a visitor sees Sign Up / Login in the header, and the signed-out hint opens the sign-in dialog', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoHorizontalScroll(page, 'home at 375 px');
  await header.getByRole('button', { name: 'Sign Up / Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in to Shifumi' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Sign in to play and to add funds.' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in to Shifumi' })).toBeVisible();
});

test('the account page has sections a player jumps to, at 375 and 1440 px, without a horizontal scroll', async ({ page }) => {
  await signUpAndSignIn(page, { name: 'Sections' });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/account');
    const menu = page.getByRole('navigation', { name: 'Account sections' });
    await expect(menu.getByRole('link')).toHaveText(['Overview', 'Withdrawals', 'History', 'Limits', 'Security']);
    await expectNoHorizontalScroll(page, `the account page at ${size.width} px`);
    await menu.getByRole('link', { name: 'Security' }).click();
    await expect(page.locator('#security')).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeInViewport();
    // The menu stays reachable after the jump.
    await expect(menu.getByRole('link', { name: 'Limits' })).toBeInViewport();
    await menu.getByRole('link', { name: 'Limits' }).click();
    await expect(page.getByRole('heading', { name: 'Responsible gaming' })).toBeInViewport();
    await expect(page).toHaveURL(/#limits$/);
  }
  // On the desktop width, no empty right column: the overview's cards sit side by side.
  // Both read in one frame: the jump to Limits may still be scrolling smoothly, and two reads a frame apart disagree.
  const [balance, profile] = await page.evaluate(() =>
    ['Available balance', 'Profile'].map((name) => {
      const heading = Array.from(document.querySelectorAll('h2')).find((element) => element.textContent === name);
      const box = heading?.getBoundingClientRect();
      return box ? { x: box.x, y: box.y } : null;
    }),
  );
  expect(balance && profile && Math.abs(balance.y - profile.y) < 4 && profile.x > balance.x).toBe(true);
});

test('a jump made while the account is still loading lands on its section and stays there as the page fills in', async ({
  page,
}) => {
  await signUpAndSignIn(page, { name: 'Early' });
  await page.setViewportSize(PHONE);
  // The account's lists and the responsible-gaming tools, all above Security, are held until the player has jumped.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/account' || url.pathname === '/api/account/limits',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/account');
  const menu = page.getByRole('navigation', { name: 'Account sections' });
  await menu.getByRole('link', { name: 'Security' }).click();
  const heading = page.getByRole('heading', { name: 'Security', exact: true });
  await expect(heading).toBeInViewport();
  release();
  // Everything above it arrives: the balance, the withdraw form, the limits.
  await expect(page.getByTestId('account-balance-eth')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Responsible gaming' })).toBeAttached();
  await expect(page.locator('#limits').getByRole('heading', { name: 'Limits', exact: true })).toBeAttached();
  await expect(heading).toBeInViewport();
  await expect(page.locator('#security')).toBeFocused();
});
