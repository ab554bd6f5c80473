import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
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
    const AMOUNT = 'Amount (ETH)';
    const ADDRESS = 'Ethereum address';
    // The balance is 1.5 ETH; the first broken rule wins (an invalid amount with a missing address speaks of the amount).
    const cases: Array<[string, string, string, string]> = [
      ['', '', TEXTS.withdrawalInvalidAmount, AMOUNT],
      ['0', RECIPIENT, TEXTS.withdrawalInvalidAmount, AMOUNT],
      ['-1', RECIPIENT, TEXTS.withdrawalInvalidAmount, AMOUNT],
      ['abc', RECIPIENT, TEXTS.withdrawalInvalidAmount, AMOUNT],
      ['1.6', '', TEXTS.withdrawalAboveBalance, AMOUNT],
      ['1.500000000000000001', RECIPIENT, TEXTS.withdrawalAboveBalance, AMOUNT],
      ['0.5', '', TEXTS.withdrawalAddressMissing, ADDRESS],
      ['0.5', '   ', TEXTS.withdrawalAddressMissing, ADDRESS],
      ['0.5', '0x1234', TEXTS.withdrawalAddressInvalid, ADDRESS],
      ['0.5', `${RECIPIENT}0`, TEXTS.withdrawalAddressInvalid, ADDRESS],
      // One letter's case changed: the EIP-55 checksum catches the typo.
      ['0.5', RECIPIENT.replace('E0F', 'e0F'), TEXTS.withdrawalAddressInvalid, ADDRESS],
    ];
    for (const [amount, address, message, field] of cases) {
      await fill(user, amount, address);
      expect(screen.getByRole('alert').textContent, `${amount} ${address}`).toBe(message);
      const invalid = screen.getByLabelText(field);
      expect(invalid.getAttribute('aria-invalid'), field).toBe('true');
      expect(document.activeElement).toBe(invalid);
      expect(screen.getByLabelText(field === AMOUNT ? ADDRESS : AMOUNT).getAttribute('aria-invalid')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('confirms amount and address, then withdraws with an Idempotency-Key and says so', async () => {
    let accountReads = 0;
    const { user, requests } = await openAccount((request) => {
      if (request.url === '/api/wallet/cashout') {
        return jsonResponse(201, { newBalance: 1, newBalanceWei: '1000000000000000000', id: 'w-1', status: 'queued', message: TEXTS.withdrawalInfo });
      }
      // The refetch after the withdrawal never answers: only the answer's newBalance can change the figure.
      if (request.url === '/api/account' && ++accountReads > 1) return new Promise<Response>(() => {});
      return backgroundReads(request) ?? jsonResponse(404, {});
    });
    expect(screen.getByTestId('account-balance-eth').textContent).toBe('1.5 ETH');
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
    expect(screen.getByTestId('account-balance-eth').textContent).toBe('1 ETH');
    expect(screen.getByTestId('account-balance-usd').textContent).toBe('$3000.00');
    expect(accountReads).toBe(2);
  });

  it('a new withdrawal after a successful one gets a new Idempotency-Key', async () => {
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, { newBalance: 1.4, newBalanceWei: '1400000000000000000', id: `w-${requests.length}`, status: 'queued', message: TEXTS.withdrawalInfo })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    for (let round = 0; round < 2; round += 1) {
      await fill(user, '0.1', RECIPIENT);
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
      await waitFor(() => expect(actionRequests(requests)).toHaveLength(round + 1));
      await waitFor(() => expect((screen.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe(''));
    }
    const [first, second] = actionRequests(requests);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
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
    expect(screen.queryByText(TEXTS.withdrawalSuccess)).toBeNull();
    // The server said what the toast says: the form does not repeat it.
    expect(screen.getAllByText(TEXTS.withdrawalFailure)).toHaveLength(1);
    expect((screen.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe('0.5');

    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(actionRequests(requests)).toHaveLength(2));
    const [first, second] = actionRequests(requests);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('shows the failure toast, and the server message in the form, when the server refuses for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(422, { message: TEXTS.withdrawalAboveBalance })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '1.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Retirer' }).closest('form')!;
    expect(within(form).getByRole('alert').textContent).toBe(TEXTS.withdrawalAboveBalance);
  });

  it('shows only the failure toast when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openAccount((request) =>
      request.url === '/api/wallet/cashout' ? Promise.reject(new TypeError('Failed to fetch')) : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '0.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Retirer' }).closest('form')!;
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
