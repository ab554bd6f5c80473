/**
 * Issue 18: the operator's console. A finance role granted with the CLI
 * approves a withdrawal waiting in review and sees it paid; a freeze signs
 * the player's open tab out.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_TEXTS } from '@shifumi/protocol';
import { devDeposit, signUpAndSignIn } from '../support/players';
import { chainBalance, staffPage } from '../support/staff';

// The CLI opens the database while the server runs: PostgreSQL only (PGlite admits one process).
test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL (PostgreSQL)');

test('finance approves a withdrawal waiting in review and sees it paid', async ({ page, browser }) => {
  const email = await signUpAndSignIn(page, { name: 'Whale', verify: true });
  await devDeposit(email, '2');
  await expect(page.getByTestId('balance-value')).toHaveText('2 ETH', { timeout: 20_000 });

  // 1.5 ETH is above WITHDRAWAL_REVIEW_ABOVE_ETH (1): it waits for staff.
  const recipient = `0x${(Date.now() + 7).toString(16).padStart(40, '0')}`;
  await page.getByRole('button', { name: 'My account' }).first().click();
  await page.getByLabel('Amount (ETH)').fill('1.5');
  await page.getByLabel('Ethereum address').fill(recipient);
  await page.getByRole('button', { name: 'Retirer' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirm the withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();
  await expect(page.getByText(ADMIN_TEXTS.withdrawalInReview, { exact: true })).toBeVisible({ timeout: 20_000 });

  const staff = await staffPage(browser, 'finance');
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/overview$/);
  await expect(staff.getByText('Liabilities')).toBeVisible();
  await staff.getByRole('link', { name: 'Withdrawals' }).click();
  const row = staff.locator('tr', { hasText: recipient });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();

  await expect.poll(() => chainBalance(recipient), { timeout: 30_000 }).toBe(1_500_000_000_000_000_000n);
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await staff.getByLabel('Status').selectOption('confirmed');
  await expect(staff.locator('tr', { hasText: recipient }).getByTestId('withdrawal-status')).toHaveText('confirmed');
});

test("support freezes a player and the player's tab is signed out", async ({ page, browser }) => {
  const consoleChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/admin-app-/.test(request.url())) consoleChunks.push(request.url());
  });
  const email = await signUpAndSignIn(page, { name: 'Suspect' });
  // A player on /admin: the server refuses, and the console's code is never fetched.
  await page.goto('/admin');
  await expect(page.getByText(ADMIN_TEXTS.notStaff)).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
  const staff = await staffPage(browser, 'support');
  await staff.goto(`/admin/players?q=${encodeURIComponent(email)}`);
  await staff.getByRole('link', { name: 'Suspect' }).click();
  await expect(staff.getByTestId('player-frozen')).toHaveText('Active');

  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await staff.getByLabel('Reason to freeze').fill('Chargeback investigation');
  await staff.getByRole('button', { name: 'Freeze' }).click();
  await expect(staff.getByTestId('player-frozen')).toHaveText('Frozen');
  expect(await alerted).toBe(ADMIN_TEXTS.accountFrozenDisconnectWithReason('Chargeback investigation'));
  await expect(page.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible({ timeout: 20_000 });

  // A player's token on the console: refused.
  await page.goto('/admin');
  await expect(page.getByText(ADMIN_TEXTS.notStaff)).toBeVisible();
  // The console's code never reached the player's browser, even on /admin.
  expect(consoleChunks).toEqual([]);
});

test('issue 26: at 375 px the console menu is one row that scrolls sideways, and its › button shows the sections hidden to the right', async ({
  browser,
}) => {
  const staff = await staffPage(browser, 'admin', 'Operator');
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.goto('/admin/overview');
  const menu = staff.getByRole('navigation', { name: 'Console' });
  const audit = menu.getByRole('link', { name: 'Audit log' });
  const overview = menu.getByRole('link', { name: 'Overview' });
  await expect(overview).toBeVisible();
  // One row: every link at the same height.
  const tops = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  // The last section starts out of view; the button brings it in, then goes away.
  const more = menu.getByRole('button', { name: 'Show more sections' });
  await expect(more).toBeVisible();
  await expect(audit).not.toBeInViewport();
  for (let press = 0; press < 4 && (await more.isVisible()); press += 1) {
    await more.click();
    await staff.waitForTimeout(400);
  }
  await expect(audit).toBeInViewport();
  await expect(more).toBeHidden();
  // The page itself never scrolls sideways.
  expect(await staff.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)).toBeLessThanOrEqual(0);
  await staff.context().close();
});
