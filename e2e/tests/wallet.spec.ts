import { expect, test, type Page } from '@playwright/test';
import { signUpAndSignIn } from '../support/players';
import { installTestWallet, TEST_WALLET_NAME } from '../support/test-wallet';

/** RainbowKit shows an address as its first 4 and last 4 characters. */
const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

async function connectThroughWalletList(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
  const connect = page.getByRole('dialog');
  await expect(connect.getByText('Installed')).toBeVisible();
  await connect.getByRole('button', { name: TEST_WALLET_NAME }).click();
  return connect;
}

test('a wallet holder connects, signs in with Ethereum, deposits from the wallet, meets a wrong network and disconnects', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, 7);
  await page.goto('/');
  await expect(page.getByText('Non connecté', { exact: true })).toBeVisible();

  // Connect through the wallet list, then sign the Sign-In With Ethereum message.
  const dialog = await connectThroughWalletList(page);
  await expect(dialog.getByText('Verify your account')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign message' }).click();
  // Issue 19: a first wallet sign-in confirms the age and accepts the Terms, then the same signature opens the new account.
  const acceptance = page.getByRole('dialog', { name: 'Create your account' });
  await acceptance.getByLabel('I am 18 or older').check();
  await acceptance.getByLabel('I accept the Terms').check();
  await acceptance.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible({ timeout: 15_000 });
  const accountButton = page.getByRole('button', { name: shortAddress(wallet.address) });
  await expect(accountButton).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new wallet-only account: named after the short address, no e-mail yet.
  await page.getByRole('button', { name: 'My account' }).first().click();
  await expect(page.getByText(`Signed in as ${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}.`)).toBeVisible();
  await expect(page.getByTestId('linked-address')).toHaveText(wallet.address.toLowerCase());
  await expect(page.getByLabel('E-mail address')).toBeVisible();

  // Deposit from the wallet to the personal deposit address; the server credits it.
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Funds' }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit Funds' });
  await deposit.getByLabel('Amount (ETH)').fill('0.25');
  await deposit.getByRole('button', { name: 'Send from wallet' }).click();
  const status = deposit.getByTestId('wallet-deposit-status');
  await expect(status).toContainText(/Pending|Confirmed/);
  await expect(status).toContainText('Confirmed', { timeout: 20_000 });
  await expect(status).toContainText(/0x[0-9a-f]{4}…[0-9a-f]{4}/);
  await deposit.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('balance-value')).toHaveText('0.25 ETH', { timeout: 20_000 });

  // The account dialog: the address and the transaction, confirmed.
  await accountButton.click();
  const accountDialog = page.getByRole('dialog');
  await expect(accountDialog.getByText('Deposit 0.25 ETH to Shifumi')).toBeVisible();
  await expect(accountDialog.getByText('Confirmed')).toBeVisible();
  await accountDialog.getByRole('button', { name: 'Close' }).click();

  // The wallet moves to a network we do not support: the wrong-network state.
  await wallet.switchTo(1);
  const wrongNetwork = page.getByRole('button', { name: 'Chain Selector' });
  await expect(wrongNetwork).toContainText('Wrong network');
  await wrongNetwork.click();
  const chainDialog = page.getByRole('dialog');
  await expect(chainDialog.getByText('Wrong network detected, switch or disconnect to continue.')).toBeVisible();
  // Switching back from the dialog asks the wallet.
  await chainDialog.getByRole('button', { name: /Foundry/ }).click();
  await expect(accountButton).toBeVisible();
  expect(wallet.chainId()).toBe(31337);

  // Disconnect: the wallet session ends with the wallet.
  await accountButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Non connecté', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible();
});

test('an e-mail player links a wallet, then signs into the same account with it; logging out disconnects the wallet', async ({
  page,
}) => {
  const wallet = await installTestWallet(page, 8);
  await signUpAndSignIn(page, { name: 'Linker' });

  // Signed in already: connecting asks for no signature, and keeps the e-mail session.
  await connectThroughWalletList(page);
  const accountButton = page.getByRole('button', { name: shortAddress(wallet.address) });
  await expect(accountButton).toBeVisible();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible();

  // Link it from the account page.
  await page.getByRole('button', { name: 'My account' }).first().click();
  await page.getByRole('button', { name: `Link ${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}` }).click();
  await expect(page.getByText('Your wallet is now linked to your account.')).toBeVisible();
  await expect(page.getByTestId('linked-address')).toHaveText(wallet.address.toLowerCase());

  // Logging out ends the wallet connection too.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Non connecté', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Wallet' }).first()).toBeVisible();

  // Signing in with the linked wallet opens the e-mail account.
  const dialog = await connectThroughWalletList(page);
  await dialog.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByText('Connecté', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'My account' }).first().click();
  await expect(page.getByText('Signed in as Linker.')).toBeVisible();
});
