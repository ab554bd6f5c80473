import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEPOSIT_QR_SIZE, TEXTS } from '@shifumi/protocol';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { addressGroups } from './deposit-dialog';
import { DEPOSIT_EN } from '@shifumi/protocol/catalogue/en/deposit';

const ADDRESS = '0x8ba1f109551bd432803012645ac136ddd64dba72';

async function openHome(account = accountFixture()) {
  signInAs('token-1');
  installFetch((request) => backgroundReads(request, account) ?? jsonResponse(404, {}));
  const view = renderApp('/');
  await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH'));
  return view;
}

describe('deposit dialog', () => {
  it('shows the ETH tab, the address, its QR code at size 150 and the note; Copy shows the success toast', async () => {
    const { user } = await openHome(
      accountFixture({
        deposits: [
          {
            txHash: `0x${'cd'.repeat(32)}`,
            amount: '0.5',
            status: 'pending',
            confirmations: 0,
            requiredConfirmations: 1,
            createdAt: '2026-11-20T09:00:00.000Z',
          },
          {
            txHash: `0x${'ef'.repeat(32)}`,
            amount: '0.1',
            status: 'credited',
            confirmations: 1,
            requiredConfirmations: 1,
            createdAt: '2026-11-19T09:00:00.000Z',
          },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
    // Only ETH is offered: one tab, selected.
    expect(within(within(dialog).getByRole('tablist')).getAllByRole('tab')).toHaveLength(1);
    expect(within(dialog).getByRole('tab', { name: 'ETH' }).getAttribute('aria-selected')).toBe('true');
    // Issue 26: the whole address, in groups of four for reading (and nothing else in it).
    const address = within(dialog).getByLabelText('Your ETH deposit address');
    expect(address.textContent).toBe(ADDRESS);
    expect([...address.children].map((group) => group.textContent)).toEqual(addressGroups(ADDRESS));
    expect(addressGroups(ADDRESS).join('')).toBe(ADDRESS);
    const qr = within(dialog).getByTitle('QR code of your deposit address').closest('svg');
    expect(qr?.getAttribute('height')).toBe(String(DEPOSIT_QR_SIZE));
    expect(qr?.getAttribute('width')).toBe(String(DEPOSIT_QR_SIZE));
    expect(within(dialog).getByText(/Send only ETH to this address/)).toBeTruthy();
    expect(within(dialog).getByText(/use the Copy button/i)).toBeTruthy();
    expect(await within(dialog).findByText('development chain')).toBeTruthy();
    expect(within(dialog).getByText('Foundry')).toBeTruthy();
    expect(within(dialog).getByText(/credited after 1 confirmation$/)).toBeTruthy();
    const deposits = within(within(dialog).getByRole('region', { name: 'Your recent deposits' })).getAllByRole('listitem');
    expect(deposits.map((row) => row.textContent)).toEqual([
      '0.5 ETH0xcdcd…cdcdPending 0/1 confirmations',
      '0.1 ETH0xefef…efefCredited',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(await screen.findByText(DEPOSIT_EN.copied)).toBeTruthy();
  });

  it('says deposits and withdrawals are delayed while the server does not reach the chain (issue 29), and not otherwise', async () => {
    signInAs('token-1');
    installFetch((request) =>
      request.url === '/api/chain/status'
        ? jsonResponse(200, { delayed: true, since: '2026-11-27T10:00:00.000Z' })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    const { user } = renderApp('/');
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH'));
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await within(screen.getByRole('dialog', { name: 'Deposit Funds' })).findByText(TEXTS.chainDelayed)).toBeTruthy();
  });

  it('shows no delay notice while the chain is reached', async () => {
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit Funds' });
    expect(await within(dialog).findByText('development chain')).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText(TEXTS.chainDelayed)).toBeNull());
  });

  it('shows the failure toast with the reason when copying fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('permission denied'));
    await user.click(within(screen.getByRole('dialog', { name: 'Deposit Funds' })).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(DEPOSIT_EN.copyFailed.replace('{reason}', 'permission denied'))).toBeTruthy();
  });
});
