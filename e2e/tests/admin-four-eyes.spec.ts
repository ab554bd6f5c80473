/**
 * Issue 23: four eyes in the console. A finance member sees the approve
 * button of their own withdrawal disabled, with the reason; a large
 * withdrawal (above WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH, 10 by default)
 * stays in review after the first approval and is paid once a second staff
 * member approves it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TEXTS } from '@shifumi/protocol';
import { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import { devDeposit, signUpAndSignIn } from '../support/players';
import { chainBalance, grant, staffPage } from '../support/staff';

// Each journey signs up several accounts, grants roles and mines a deposit and a withdrawal: over a minute on a busy
// 2-core machine (2.4 min seen with another suite running), well past the 60-s default.
test.describe.configure({ timeout: 180_000 });

// The CLI opens the database while the server runs: PostgreSQL only (PGlite admits one process).
test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL (PostgreSQL)');

/** Asks for a withdrawal from the account page and waits until it shows "In review". */
async function withdrawInReview(page: Page, eth: string, recipient: string): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).first().click();
  await page.getByLabel('Amount (ETH)').fill(eth);
  await page.getByLabel('Ethereum address').fill(recipient);
  await page.getByRole('button', { name: 'Retirer' }).click();
  await page
    .getByRole('alertdialog', { name: 'Confirm the withdrawal' })
    .getByRole('button', { name: 'Confirm withdrawal' })
    .click();
  await expect(page.getByText(ADMIN_TEXTS.withdrawalInReview, { exact: true })).toBeVisible({ timeout: 20_000 });
}

test('a finance member sees the approve button of their own withdrawal disabled, with the reason', async ({ page }) => {
  const email = await signUpAndSignIn(page, { name: 'Insider', verify: true });
  await devDeposit(email, '2');
  await expect(page.getByTestId('balance-value')).toHaveText('2 ETH', { timeout: 20_000 });
  const recipient = `0x${(Date.now() + 11).toString(16).padStart(40, '0')}`;
  await withdrawInReview(page, '1.5', recipient);
  expect(await grant(email, 'finance')).toContain('→ finance');

  await page.goto('/admin/withdrawals');
  const row = page.locator('tr', { hasText: recipient });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(row.getByTestId('approve-refusal')).toHaveText(ADMIN_TEXTS.ownCase.approve);
  await expect(row.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await expect(row.getByText(ADMIN_TEXTS.ownCase.reject)).toBeVisible();
  await expect(row.getByTestId('withdrawal-status')).toHaveText('review');
});

test('a large withdrawal needs a second person: the first approval leaves it in review, the second sends it', async ({
  page,
  browser,
}) => {
  const email = await signUpAndSignIn(page, { name: 'Whale', verify: true });
  await devDeposit(email, '12');
  await expect(page.getByTestId('balance-value')).toHaveText('12 ETH', { timeout: 20_000 });
  const recipient = `0x${(Date.now() + 13).toString(16).padStart(40, '0')}`;
  await withdrawInReview(page, '11', recipient);

  const first = await staffPage(browser, 'finance', 'Frida');
  await first.goto('/admin/withdrawals');
  const firstRow = first.locator('tr', { hasText: recipient });
  await expect(firstRow.getByTestId('withdrawal-approvals')).toHaveText('0 of 2 approvals');
  await firstRow.getByRole('button', { name: 'Approve' }).click();
  // Still in review, one approval of two, and Frida cannot give the second.
  await expect(firstRow.getByTestId('withdrawal-approvals')).toHaveText('1 of 2 approvals (Frida)');
  await expect(firstRow.getByTestId('withdrawal-status')).toHaveText('review');
  await expect(firstRow.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(firstRow.getByTestId('approve-refusal')).toHaveText(ADMIN_EN.alreadyApprovedByYou);
  expect(await chainBalance(recipient)).toBe(0n);

  const second = await staffPage(browser, 'admin', 'Adam');
  await second.goto('/admin/withdrawals');
  const secondRow = second.locator('tr', { hasText: recipient });
  await expect(secondRow.getByTestId('withdrawal-approvals')).toHaveText('1 of 2 approvals (Frida)');
  await secondRow.getByRole('button', { name: 'Approve' }).click();
  await expect(secondRow).toHaveCount(0);

  await expect.poll(() => chainBalance(recipient), { timeout: 30_000 }).toBe(11_000_000_000_000_000_000n);
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await second.getByLabel('Status').selectOption('confirmed');
  const paid = second.locator('tr', { hasText: recipient });
  await expect(paid.getByTestId('withdrawal-status')).toHaveText('confirmed');
  await expect(paid.getByTestId('withdrawal-approvals')).toHaveText('2 of 2 approvals (Frida, Adam)');
});
