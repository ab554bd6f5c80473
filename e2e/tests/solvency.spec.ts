/**
 * Issue 28: proof of solvency. A player funds their account; an admin (granted
 * with the CLI) takes a snapshot from the console's overview; the player
 * follows the account page's link to /solvency, presses "Verify my balance"
 * and sees every check pass in their browser, with their amount; a proof
 * tampered with on its way (the amount raised by one wei) fails with the
 * reason. The page fits 375 px without horizontal scroll and has no serious
 * axe violation.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';
import { SOLVENCY_EN as TEXTS } from '@shifumi/protocol/catalogue/en/solvency';
import { SOLVENCY_TEXTS } from '@shifumi/protocol/solvency-texts';
import { REPO_ROOT } from '../support/environment';
import { devDeposit, signUpAndSignIn } from '../support/players';

const run = promisify(execFile);

/** `npm run staff:grant -- <email> <role>` against the e2e server's database. */
async function grant(email: string, role: string): Promise<string> {
  const serverEnv = JSON.parse(process.env.SHIFUMI_E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv, NODE_ENV: 'test' };
  delete env.REDIS_URL;
  const { stdout } = await run('npm', ['run', '--silent', 'staff:grant', '--', email, role], { cwd: REPO_ROOT, env });
  return stdout;
}

// The CLI opens the database while the server runs: PostgreSQL only (PGlite admits one process).
test.skip(!process.env.DATABASE_URL, 'needs DATABASE_URL (PostgreSQL)');

test('a player verifies their balance on /solvency; a tampered proof fails with the reason', async ({ page, browser }) => {
  const email = await signUpAndSignIn(page, { name: 'Saver' });
  await devDeposit(email, '0.5');
  await expect(page.getByTestId('balance-value')).toHaveText('0.5 ETH', { timeout: 20_000 });

  // An admin takes a snapshot now from the console.
  const staff = await (await browser.newContext()).newPage();
  const staffEmail = await signUpAndSignIn(staff, { name: 'Auditor' });
  expect(await grant(staffEmail, 'admin')).toContain('→ admin');
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/overview$/);
  await staff.getByRole('button', { name: ADMIN_EN.solvency.takeNow }).click();
  await expect(staff.getByText(/^Snapshot taken: ratio \d+\.\d{6}\.$/)).toBeVisible({ timeout: 20_000 });
  await expect(staff.getByTestId('solvency-snapshot')).toContainText('Ratio');

  // The player goes from the balance on the account page to /solvency.
  await page.goto('/account');
  await page.getByRole('link', { name: ACCOUNT_EN.page.solvencyLink }).click();
  await expect(page).toHaveURL(/\/solvency$/);
  await expect(page.getByRole('heading', { name: TEXTS.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('solvency-ratio')).toHaveText(/^\d+\.\d{6}/);
  await expect(page.getByTestId('solvency-liabilities')).toContainText('ETH');

  await page.getByRole('button', { name: TEXTS.verifyButton }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXTS.allPassed })).toBeVisible({ timeout: 15_000 });
  const checks = page.getByRole('list', { name: TEXTS.checksHeading });
  await expect(checks.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByTestId('solvency-your-amount')).toHaveText('0.5 ETH');
  for (const id of ['format', 'leaf', 'path', 'root', 'signature', 'reserves']) {
    await expect(checks.locator(`[data-check="${id}"]`)).toContainText('Passed');
  }

  // 375 px: no horizontal scroll; and no serious accessibility violation.
  await page.setViewportSize({ width: 375, height: 812 });
  // Polled: the header switches to its phone layout on the resize's media-query event, a frame after the resize itself.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([]);

  // The same proof with one wei more for this player, changed on its way: the leaf check fails and says why.
  await page.route('**/api/solvency/proof**', async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as { amountWei: string };
    await route.fulfill({ response, json: { ...proof, amountWei: (BigInt(proof.amountWei) + 1n).toString() } });
  });
  await page.getByRole('button', { name: TEXTS.verifyButton }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '2 checks failed: this proof does not show your balance is counted.' }),
  ).toBeVisible({ timeout: 15_000 });
  const failed = page.getByRole('list', { name: TEXTS.checksHeading });
  await expect(failed.locator('[data-check="leaf"]')).toContainText('Failed');
  await expect(failed.locator('[data-check="leaf"]')).toContainText(SOLVENCY_TEXTS.leafMismatch);
  await expect(failed.locator('[data-check="root"]')).toContainText('Failed');
});
