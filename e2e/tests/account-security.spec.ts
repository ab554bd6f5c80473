/**
 * Issue 13 journeys: forgot password → mailed link → new password → sign in;
 * two-factor turned on with a code computed here from the secret → sign out →
 * sign in with a code → withdraw with a code; another session signed out
 * from the sessions list, and its tab signed out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MAIL_DIR } from '../support/environment';
import { devDeposit, PASSWORD, signUpAndSignIn } from '../support/players';

const NEW_PASSWORD = 'a brand new passphrase';
const PERIOD_MS = 30_000;

/** The newest mail to `address` holding a link to `pathPrefix`; the link. */
async function linkInMail(address: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        for (const file of fs.readdirSync(MAIL_DIR).sort().reverse()) {
          const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, file), 'utf8')) as { to: string[]; raw: string };
          if (!mail.to.includes(address.toLowerCase())) continue;
          const decoded = mail.raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          const match = decoded.match(new RegExp(`https?://[^\\s"'<>]+${pathPrefix}[A-Za-z0-9_-]{43}`));
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} with a ${pathPrefix} link`, timeout: 15_000 },
    )
    .toBe(true);
  return new URL(link ?? '').pathname;
}

/**
 * A code as an authenticator app shows it, from a time step later than
 * `afterStep` (the server accepts each step once): waits for the next step
 * when needed. Returns the code and its step.
 */
async function codeAfter(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  let now = Date.now();
  if (Math.floor(now / PERIOD_MS) <= afterStep) {
    await new Promise((resolve) => setTimeout(resolve, (afterStep + 1) * PERIOD_MS - now + 200));
    now = Date.now();
  }
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return { code: totp.generate({ timestamp: now }), step: Math.floor(now / PERIOD_MS) };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

test('forgot password: the mailed link, a new password, then sign in with it', async ({ page }) => {
  const email = `forgot-${Date.now()}-${randomInt(1e6)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { name: 'Forgetful', email, password: PASSWORD, ageConfirmed: true, termsAccepted: true },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByText(/If an account uses this address, we have sent it a link/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(await linkInMail(email, '/reset-password/'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The link is used up.
  await page.reload();
  await page.getByLabel('New password', { exact: true }).fill('another new password');
  await page.getByLabel('Repeat the new password').fill('another new password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Link invalid or expired' })).toBeVisible();

  await page.goto('/');
  await signInWithPassword(page, email, NEW_PASSWORD);
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
});

test('two-factor: turn it on with a code, sign out, sign in with a code, withdraw with a code', async ({ page }) => {
  test.setTimeout(180_000);
  const email = await signUpAndSignIn(page, { name: 'Guarded', verify: true });
  await devDeposit(email, '0.5');
  await expect(page.getByTestId('balance-value')).toHaveText('0.5 ETH', { timeout: 20_000 });

  await page.getByRole('button', { name: 'My account' }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  let { code, step } = await codeAfter(secret, 0);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor authentication is')).toContainText('on');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog', { name: 'Confirmation de Déconnexion' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible();

  // The password alone asks for the code.
  const dialog = await signInWithPassword(page, email, PASSWORD);
  await expect(dialog.getByRole('heading', { name: 'Two-factor code' })).toBeVisible();
  ({ code, step } = await codeAfter(secret, step));
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();

  // A withdrawal asks for a code in its confirmation.
  const recipient = `0x${Date.now().toString(16).padStart(40, '0')}`;
  await page.getByRole('button', { name: 'My account' }).first().click();
  await page.getByLabel('Amount (ETH)').fill('0.1');
  await page.getByLabel('Ethereum address').fill(recipient);
  await page.getByRole('button', { name: 'Retirer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the withdrawal' });
  ({ code, step } = await codeAfter(secret, step));
  await confirm.getByLabel('Two-factor code').fill(code);
  await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
  // Issue 14: accepted (the toast says so); "completed" comes once confirmed on chain.
  await expect(page.getByText('Your withdrawal request is being processed.')).toBeVisible();
  // 0.5 − 0.1 − issue 12's network fee.
  await expect(page.getByTestId('account-balance-eth')).toHaveText(/^0\.39\d* ETH$/);
});

test('signing out another session from the list signs its tab out', async ({ page, browser }) => {
  const email = await signUpAndSignIn(page, { name: 'Twice' });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await otherPage.goto('/');
    await signInWithPassword(otherPage, email, PASSWORD);
    await expect(otherPage.getByText('Connecté', { exact: true })).toBeVisible();
    const alerts: string[] = [];
    otherPage.on('dialog', (alert) => {
      alerts.push(alert.message());
      void alert.accept();
    });

    await page.getByRole('button', { name: 'My account' }).first().click();
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    // Newest first: the other tab's session, then this one.
    await expect(rows.nth(1)).toContainText('This device');
    await expect(rows.nth(1).getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    await rows
      .first()
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await expect(page.getByText('The session has been signed out.')).toBeVisible();
    await expect(rows).toHaveCount(1);

    await expect(otherPage.getByRole('button', { name: 'Sign Up / Login' })).toBeVisible({ timeout: 15_000 });
    expect(alerts).toEqual(['Your session was ended. Please sign in again.']);
    // This tab stays signed in.
    await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
  } finally {
    await other.close();
  }
});
