import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { accountFixture, actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';

async function openAccount(handler: Parameters<typeof installFetch>[0] = (request) => backgroundReads(request) ?? jsonResponse(404, {})) {
  signInAs('token-1');
  const fetched = installFetch(handler);
  const view = renderApp('/account');
  await screen.findByRole('button', { name: 'Retirer' });
  return { ...view, ...fetched };
}

/** Fills the form as typed (fast: change events) and presses Retirer. */
async function fill(user: Awaited<ReturnType<typeof openAccount>>['user'], amount: string, address: string) {
  fireEvent.change(screen.getByLabelText('Amount (ETH)'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Ethereum address'), { target: { value: address } });
  await user.click(screen.getByRole('button', { name: 'Retirer' }));
}

describe('withdraw form', () => {
  it('shows the spec texts in order and sends nothing while the input is invalid', async () => {
    const { user, requests } = await openAccount();
    const cases: Array<[string, string, string]> = [
      ['', RECIPIENT, TEXTS.withdrawalInvalidAmount],
      ['0', RECIPIENT, TEXTS.withdrawalInvalidAmount],
      ['-1', RECIPIENT, TEXTS.withdrawalInvalidAmount],
      ['abc', RECIPIENT, TEXTS.withdrawalInvalidAmount],
      ['1.6', RECIPIENT, TEXTS.withdrawalAboveBalance],
      ['1.500000000000000001', RECIPIENT, TEXTS.withdrawalAboveBalance],
      ['0.5', '', TEXTS.withdrawalAddressMissing],
      ['0.5', '0x1234', TEXTS.withdrawalAddressInvalid],
      ['0.5', RECIPIENT.replace('E0F', 'e0F'), TEXTS.withdrawalAddressInvalid],
    ];
    for (const [amount, address, message] of cases) {
      await fill(user, amount, address);
      expect(screen.getByRole('alert').textContent, `${amount} ${address}`).toBe(message);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('confirms amount and address, then withdraws with an Idempotency-Key and says so', async () => {
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, { newBalance: 1, newBalanceWei: '1000000000000000000', id: 'w-1', status: 'queued', message: TEXTS.withdrawalInfo })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '0.5', RECIPIENT);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('0.5 ETH')).toBeTruthy();
    expect(within(dialog).getByText(RECIPIENT)).toBeTruthy();
    expect(actionRequests(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));

    expect(await screen.findByText(TEXTS.withdrawalInfo)).toBeTruthy();
    expect(await screen.findByText(TEXTS.withdrawalSuccess)).toBeTruthy();
    const [cashout] = actionRequests(requests);
    expect(cashout).toMatchObject({ method: 'POST', url: '/api/wallet/cashout', body: { amount: '0.5', recipientAddress: RECIPIENT } });
    expect(cashout!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect((screen.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Ethereum address') as HTMLInputElement).value).toBe('');
  });

  it('cancel closes the confirmation without sending', async () => {
    const { user, requests } = await openAccount();
    await fill(user, '0.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('shows the failure text when the server refuses (e.g. e-mail not verified), and retries with the same key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout' ? jsonResponse(422, { message: TEXTS.withdrawalFailure }) : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '0.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    expect((screen.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe('0.5');

    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(actionRequests(requests)).toHaveLength(2));
    const [first, second] = actionRequests(requests);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });
});

describe('account page money', () => {
  it('shows the balance in $ with 2 decimals, rounded down, and the history as the spec says', async () => {
    signInAs('token-1');
    const account = accountFixture({
      balanceWei: '1234567890000000000', // 1.23456789 ETH × 3000 = 3703.70367 $
      gameHistory: [
        { date: '2026-11-20T10:00:00.000Z', result: 'Victory', oppUserId: { id: 'u2', name: 'Bo', walletAddress: '0xabcdef0000000000000000000000000000000001' }, amount: 10 },
        { date: '2026-11-20T11:00:00.000Z', result: 'Defeat', oppUserId: { id: 'u3', name: 'Cy', walletAddress: null }, amount: 5 },
        { date: '2026-11-20T12:00:00.000Z', result: 'Draw', oppUserId: { id: 'u4', name: 'Di' }, amount: 100 },
      ],
      deposits: [{ txHash: `0x${'ab'.repeat(32)}`, amount: '0.25', status: 'pending', confirmations: 1, requiredConfirmations: 3, createdAt: '2026-11-20T09:00:00.000Z' }],
      withdrawals: [{ id: 'w1', txHash: null, amount: '0.1', recipientAddress: RECIPIENT.toLowerCase(), status: 'queued', createdAt: '2026-11-20T09:30:00.000Z' }],
    });
    installFetch((request) => backgroundReads(request, account) ?? jsonResponse(404, {}));
    renderApp('/account');
    await waitFor(() => expect(screen.getByTestId('account-balance-usd').textContent).toBe('$3703.70'));
    const history = screen.getByRole('heading', { name: 'Game history' }).parentElement!;
    expect(within(history).getByText('Victory')).toBeTruthy();
    expect(within(history).getByText('vs 0xabc')).toBeTruthy();
    expect(within(history).getByText('Defeat')).toBeTruthy();
    expect(within(history).getAllByText('vs User')).toHaveLength(2);
    expect(within(history).getByText('Draw')).toBeTruthy();
    expect(within(history).getByText('$100')).toBeTruthy();
    expect(screen.getByText('Pending 1/3 confirmations')).toBeTruthy();
    expect(screen.getByText('Queued')).toBeTruthy();
  });
});
