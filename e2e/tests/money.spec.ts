import { expect, test } from '@playwright/test';
import { E2E_ANVIL_URL } from '../support/environment';
import { devDeposit, signUpAndSignIn } from '../support/players';

async function chainBalance(address: string): Promise<bigint> {
  const response = await fetch(E2E_ANVIL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  });
  return BigInt(((await response.json()) as { result: string }).result);
}

test('deposit with dev:deposit, see the balance in ETH and USD, and withdraw on chain', async ({ page, context }) => {
  // A whole journey (sign-up, a deposit mined and confirmed, a withdrawal sent and mined): 57 s alone on 2 cores.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await signUpAndSignIn(page, { name: 'Money', verify: true });

  // Add Funds: the personal address, its QR code, Copy and its toast.
  await page.getByRole('button', { name: 'Add Funds' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
  await expect(deposit.getByRole('tab', { name: 'ETH' })).toHaveAttribute('aria-selected', 'true');
  const addressField = deposit.getByLabel('Your ETH deposit address');
  // Issue 26: the whole address is shown (grouped by four, wrapped, never cut).
  await expect(addressField).toHaveText(/^0x[0-9a-f]{40}$/);
  const address = (await addressField.textContent()) ?? '';
  expect(
    await addressField.evaluate(
      (element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
    ),
  ).toBe(true);
  await expect(
    deposit.locator('svg', { has: page.locator('title', { hasText: 'QR code of your deposit address' }) }),
  ).toHaveAttribute('height', '150');
  await deposit.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Address copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await deposit.getByRole('button', { name: 'Close' }).click();

  // A development deposit (by e-mail, resolved by the server) raises the balance live.
  const output = await devDeposit(email, '0.5');
  expect(output).toContain(`Sent 0.5 ETH to ${address}`);
  const balance = page.getByTestId('balance-value');
  await expect(balance).toHaveText('0.5 ETH', { timeout: 20_000 });

  // ETH / USD toggle at the development price (3000 USD).
  await balance.click();
  await expect(balance).toHaveText('$1,500.00');
  await expect(page.getByText('development price')).toBeVisible();
  await balance.click();
  await expect(balance).toHaveText('0.5 ETH');

  // Withdraw 0.2 ETH to a fresh address through the confirm dialog.
  const recipient = `0x${Date.now().toString(16).padStart(40, '0')}`;
  await page.getByRole('button', { name: 'My account' }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-balance-usd')).toHaveText('$1,500.00');
  await page.getByLabel('Amount (ETH)').fill('0.2');
  await page.getByLabel('Ethereum address').fill(recipient);
  await page.getByRole('button', { name: 'Retirer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the withdrawal' });
  await expect(confirm.getByText('0.2 ETH')).toBeVisible();
  await expect(confirm.getByText(recipient)).toBeVisible();
  // Issue 12: the network fee on top, and the total, in ETH and USD, before the confirm button.
  await expect(confirm.getByTestId('withdrawal-recipient-gets')).toHaveText('0.2 ETH ≈ $600.00');
  await expect(confirm.getByTestId('withdrawal-fee')).toHaveText(/^0\.0000\d+ ETH ≈ \$0\.\d\d$/);
  await expect(confirm.getByTestId('withdrawal-total')).toHaveText(/^0\.2000\d+ ETH ≈ \$600\.\d\d$/);
  await confirm.getByRole('button', { name: 'Confirm withdrawal' }).click();
  // Issue 14: accepted is "being processed"; "completed" only once the server says it is confirmed on chain.
  await expect(page.getByText('Your withdrawal request is being processed.')).toBeVisible();
  await expect(page.getByLabel('Amount (ETH)')).toHaveValue('');
  await expect(page.getByTestId('account-balance-usd')).toHaveText(/^\$899\.\d\d$/);

  // The payment lands on chain and the withdrawal shows as confirmed.
  await expect.poll(() => chainBalance(recipient), { timeout: 30_000 }).toBe(200_000_000_000_000_000n);
  await expect(page.getByText('Withdrawal completed successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 20_000 });
});
