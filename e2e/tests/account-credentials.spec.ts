/**
 * Issue 23 journey: a player changes the verified e-mail address from the
 * account page. The form asks for the current password; a wrong one is
 * refused with the server's sentence and nothing changes; the right one,
 * minutes after the sign-up's verification mail, is told to wait (one
 * verification mail per account every 5 minutes) — and the address shown is
 * still the verified one.
 */
import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/players';

test('changing a verified e-mail asks for the password and shows the server’s refusals', async ({ page }) => {
  const email = await signUpAndSignIn(page, { name: 'Eve', verify: true });
  await page.getByRole('button', { name: 'My account' }).first().click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  const field = page.getByLabel('New e-mail address');
  const form = page.locator('form', { has: field });
  await field.fill(`moved-${Date.now()}@example.com`);
  await form.getByLabel('Current password').fill('not my password');
  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();

  await form.getByLabel('Current password').fill('correct horse battery');
  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(
    form.getByText(/We have just sent you a verification mail\. You can ask for another one in \d+ minutes?\./),
  ).toBeVisible();
  // Still signed in (a refusal here is never read as an expired session), the verified address unchanged.
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});
