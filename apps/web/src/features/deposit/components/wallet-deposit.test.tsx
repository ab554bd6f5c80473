import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, renderAppWithWalletOnDemand, signInAs } from '../../../test/render-app';
import { chainRpc, connectTestWallet, rpcCalls, TEST_WALLET_ADDRESS, type ChainRpcHandlers } from '../../../test/wallet';
import { DEPOSIT_EN } from '@shifumi/protocol/catalogue/en/deposit';
import { WALLET_EN } from '@shifumi/protocol/catalogue/en/wallet';

const WALLET_DEPOSIT_TEXTS = DEPOSIT_EN.wallet;

const DEPOSIT_ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const HASH = `0x${'5a'.repeat(32)}`;
const TWO_ETH = '0x1bc16d674ec80000';

function receipt(status: '0x1' | '0x0') {
  return {
    transactionHash: HASH,
    transactionIndex: '0x0',
    blockHash: `0x${'bb'.repeat(32)}`,
    blockNumber: '0x11',
    from: TEST_WALLET_ADDRESS.toLowerCase(),
    to: DEPOSIT_ADDRESS,
    cumulativeGasUsed: '0x5208',
    gasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    contractAddress: null,
    logs: [],
    logsBloom: `0x${'00'.repeat(256)}`,
    status,
    type: '0x2',
  };
}

/** The sent transaction as the node reports it: mined once `mined` says so. */
function transaction(mined: boolean) {
  return {
    hash: HASH,
    from: TEST_WALLET_ADDRESS.toLowerCase(),
    to: DEPOSIT_ADDRESS,
    value: '0x6f05b59d3b20000',
    nonce: '0x0',
    gas: '0x5208',
    input: '0x',
    maxFeePerGas: '0x2',
    maxPriorityFeePerGas: '0x1',
    chainId: '0x7a69',
    type: '0x2',
    accessList: [],
    v: '0x0',
    r: `0x${'11'.repeat(32)}`,
    s: `0x${'22'.repeat(32)}`,
    yParity: '0x0',
    blockHash: mined ? `0x${'bb'.repeat(32)}` : null,
    blockNumber: mined ? '0x11' : null,
    transactionIndex: mined ? '0x0' : null,
  };
}

async function openDepositWithWallet(chain: ChainRpcHandlers, connected = true) {
  signInAs('token-1');
  const { requests } = installFetch(
    (request) => backgroundReads(request, accountFixture()) ?? chainRpc(request, chain) ?? jsonResponse(404, {}),
  );
  const view = renderApp('/');
  if (connected) await act(() => connectTestWallet(view.walletConfig));
  await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH'));
  await view.user.click(screen.getByRole('button', { name: 'Add Funds' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
  return { ...view, requests, dialog };
}

const funded: ChainRpcHandlers = { eth_getBalance: () => TWO_ETH };

describe('deposit from the connected wallet', () => {
  it('before the wallet stack is loaded, offers to connect a wallet; the press loads it and opens the connect dialog', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request, accountFixture()) ?? chainRpc(request, funded) ?? jsonResponse(404, {}));
    const { user } = renderAppWithWalletOnDemand('/');
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
    expect(await within(dialog).findByText(WALLET_DEPOSIT_TEXTS.connectHint)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.connect }));

    // jsdom has no browser wallet, the build no WalletConnect: the connect dialog says how to get one (issue 14).
    expect(await screen.findByRole('heading', { name: WALLET_EN.noWallet.title }, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers to connect a wallet when none is connected', async () => {
    const { dialog } = await openDepositWithWallet(funded, false);
    expect(await within(dialog).findByText(WALLET_DEPOSIT_TEXTS.connectHint)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.connect })).toBeTruthy();
  });

  it('sends the amount to the deposit address, then shows Pending and Confirmed with the hash', async () => {
    let mined = false;
    let block = 0x10;
    const { dialog, user, requests } = await openDepositWithWallet({
      ...funded,
      // A new block at every look: the receipt is asked for again on each.
      eth_blockNumber: () => `0x${(block++).toString(16)}`,
      eth_sendTransaction: () => HASH,
      eth_getTransactionReceipt: () => (mined ? receipt('0x1') : null),
      eth_getTransactionByHash: () => transaction(mined),
      // Blocks without the transaction (nor a replacement of it) until it is mined.
      eth_getBlockByNumber: ([number]) => ({
        number,
        hash: `0x${'cc'.repeat(32)}`,
        parentHash: `0x${'dd'.repeat(32)}`,
        timestamp: '0x1',
        gasLimit: '0x1c9c380',
        gasUsed: '0x0',
        baseFeePerGas: '0x1',
        transactions: [],
      }),
    });
    expect(await within(dialog).findByText('In your wallet: 2 ETH')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(WALLET_DEPOSIT_TEXTS.amountLabel), '0.5');
    await user.click(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.send }));

    const status = await within(dialog).findByTestId('wallet-deposit-status');
    expect(status.textContent).toContain(WALLET_DEPOSIT_TEXTS.pending);
    expect(status.textContent).toContain('0x5a5a…5a5a');
    const [sent] = rpcCalls(requests, 'eth_sendTransaction');
    expect(sent?.params?.[0]).toMatchObject({ to: DEPOSIT_ADDRESS, value: '0x6f05b59d3b20000', from: TEST_WALLET_ADDRESS });

    mined = true;
    await waitFor(() => expect(status.textContent).toContain(WALLET_DEPOSIT_TEXTS.confirmed), { timeout: 10_000 });
    expect(rpcCalls(requests, 'eth_sendTransaction')).toHaveLength(1);
  });

  it('shows Failed when the transaction reverts', async () => {
    const { dialog, user } = await openDepositWithWallet({
      ...funded,
      eth_sendTransaction: () => HASH,
      eth_getTransactionReceipt: () => receipt('0x0'),
    });
    await user.type(within(dialog).getByLabelText(WALLET_DEPOSIT_TEXTS.amountLabel), '0.1');
    await user.click(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.send }));
    const status = await within(dialog).findByTestId('wallet-deposit-status');
    await waitFor(() => expect(status.textContent).toContain(WALLET_DEPOSIT_TEXTS.failed), { timeout: 10_000 });
  });

  it('refuses an invalid amount and one above what the wallet holds, sending nothing', async () => {
    const { dialog, user, requests } = await openDepositWithWallet(funded);
    await within(dialog).findByText('In your wallet: 2 ETH');
    const amount = within(dialog).getByLabelText(WALLET_DEPOSIT_TEXTS.amountLabel);
    const send = within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.send });

    await user.type(amount, 'abc');
    await user.click(send);
    expect(await within(dialog).findByText(WALLET_DEPOSIT_TEXTS.invalidAmount)).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '2.000000000000000001');
    await user.click(send);
    expect(await within(dialog).findByText(WALLET_DEPOSIT_TEXTS.aboveWalletBalance)).toBeTruthy();
    expect(rpcCalls(requests, 'eth_sendTransaction')).toHaveLength(0);
  });

  it('says so when the transaction is rejected in the wallet, and when the wallet fails otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failure: { code: number; message: string } = { code: 4001, message: 'User rejected the request.' };
    const { dialog, user } = await openDepositWithWallet({
      ...funded,
      eth_sendTransaction: () => {
        throw Object.assign(new Error(failure.message), { code: failure.code });
      },
    });
    await user.type(within(dialog).getByLabelText(WALLET_DEPOSIT_TEXTS.amountLabel), '0.1');
    await user.click(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.send }));
    expect(await within(dialog).findByText(WALLET_DEPOSIT_TEXTS.rejected)).toBeTruthy();

    failure = { code: -32000, message: 'insufficient funds for gas' };
    await user.click(within(dialog).getByRole('button', { name: WALLET_DEPOSIT_TEXTS.send }));
    expect(await within(dialog).findByText(TEXTS.walletOops)).toBeTruthy();
    expect(within(dialog).queryByTestId('wallet-deposit-status')).toBeNull();
  });
});
