/** A person's first steps, shared by the journeys: sign up (optionally verify), sign in, fund. */
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { REPO_ROOT } from './environment';
import { findLink, waitForMail } from './mailbox';

const run = promisify(execFile);
export const PASSWORD = 'correct horse battery';

/** Signs up, verifies the e-mail when asked (withdrawals need it), signs in; returns the e-mail. */
export async function signUpAndSignIn(page: Page, options: { name: string; verify?: boolean }): Promise<string> {
  const email = `${options.name.toLowerCase()}-${Date.now()}-${randomInt(1e6)}@example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('Name').fill(options.name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  // Issue 19: sign-up confirms the age and accepts the Terms.
  await dialog.getByLabel('I am 18 or older').check();
  await dialog.getByLabel('I accept the Terms').check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(dialog.getByText('A verification email has been sent to your address. Please check your inbox!')).toBeVisible();
  if (options.verify) {
    await page.goto(new URL(findLink(await waitForMail(email), '/verify-email/')).pathname);
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign Up / Login' }).click();
  }
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
  return email;
}

/** `npm run dev:deposit -- <target> <eth>` against the e2e server's chain; returns what it printed. */
export async function devDeposit(target: string, eth: string): Promise<string> {
  const serverEnv = JSON.parse(process.env.SHIFUMI_E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv };
  // The e2e server is one node without Redis (global-setup.ts); the tool reads the same configuration.
  delete env.REDIS_URL;
  const { stdout } = await run('npm', ['run', '--silent', 'dev:deposit', '--', target, eth], { cwd: REPO_ROOT, env });
  return stdout;
}
