import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SERVER_TEXTS, TEXTS } from '@shifumi/protocol';
import {
  accountFixture,
  actionRequests,
  backgroundReads,
  installFetch,
  jsonResponse,
  withdrawalFeeFixture,
} from '../../../test/fetch-mock';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { handleWithdrawalUpdate } from '../../../lib/withdrawal-updates';
import { renderApp, signInAs } from '../../../test/render-app';
import { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';

const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';

async function openAccount(
  handler: Parameters<typeof installFetch>[0] = (request) => backgroundReads(request) ?? jsonResponse(404, {}),
) {
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
  it('says withdrawals are delayed while the server does not reach the chain (issue 29)', async () => {
    await openAccount((request) =>
      request.url === '/api/chain/status'
        ? jsonResponse(200, { delayed: true, since: '2026-11-27T10:00:00.000Z' })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    expect(await screen.findByText(TEXTS.chainDelayed)).toBeTruthy();
  });

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
        return jsonResponse(201, {
          newBalance: 1,
          newBalanceWei: '1000000000000000000',
          id: 'w-1',
          status: 'queued',
          message: TEXTS.withdrawalInfo,
          fee: '0.000063',
        });
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
    // Issue 14: accepted is not paid. "Completed" waits for the server's withdrawal_update (confirmed on chain).
    expect(screen.queryByText(TEXTS.withdrawalSuccess)).toBeNull();
    act(() => handleWithdrawalUpdate({ id: 'w-1', status: 'confirmed' }));
    expect(await screen.findByText(TEXTS.withdrawalSuccess)).toBeTruthy();
    const [cashout] = actionRequests(requests);
    expect(cashout).toMatchObject({
      method: 'POST',
      url: '/api/wallet/cashout',
      body: { amount: '0.5', recipientAddress: RECIPIENT },
    });
    expect(cashout!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect((screen.getByLabelText('Amount (ETH)') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Ethereum address') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('account-balance-eth').textContent).toBe('1 ETH');
    expect(screen.getByTestId('account-balance-usd').textContent).toBe('$3,000.00');
    // After the withdrawal, and again when withdrawal_update says it is confirmed (its row's status).
    expect(accountReads).toBe(3);
  });

  it('shows the fee, what the recipient gets and the total debited, in ETH and USD, before the confirm button, and sends the fee shown (issue 12)', async () => {
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, {
            newBalance: 1,
            newBalanceWei: '999937000000000000',
            id: 'w-1',
            status: 'queued',
            message: TEXTS.withdrawalInfo,
            fee: '0.000063',
          })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    expect(
      await screen.findByText(/A network fee of 0\.000063 ETH is charged on top of the amount\. Minimum 0\.001 ETH\./),
    ).toBeTruthy();
    await fill(user, '0.5', RECIPIENT);
    const dialog = screen.getByRole('alertdialog');
    // ETH 3000 $: 0.5 ETH is $1500.00, the fee $0.18 (rounded down), the total $1500.18.
    expect(within(dialog).getByTestId('withdrawal-recipient-gets').textContent).toBe('0.5 ETH ≈ $1,500.00');
    expect(within(dialog).getByTestId('withdrawal-fee').textContent).toBe('0.000063 ETH ≈ $0.18');
    expect(within(dialog).getByTestId('withdrawal-total').textContent).toBe('0.500063 ETH ≈ $1,500.18');
    const summary = within(dialog).getByTestId('withdrawal-total');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm withdrawal' });
    expect(summary.compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(confirm);
    await waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    expect(actionRequests(requests)[0]).toMatchObject({ body: { amount: '0.5', recipientAddress: RECIPIENT, fee: '0.000063' } });
  });

  it('shows at most 6 decimals in the confirmation: the fee and the total rounded up, what the recipient gets rounded down, the exact amounts on hover (issue 14)', async () => {
    const fee = { ...withdrawalFeeFixture, fee: '0.00002100188034', feeWei: '21001880340000' };
    const { user } = await openAccount((request) =>
      request.method === 'GET' && request.url === '/api/wallet/withdrawal-fee'
        ? jsonResponse(200, fee)
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    expect(await screen.findByText(/A network fee of 0\.000022 ETH is charged on top of the amount\./)).toBeTruthy();
    await fill(user, '0.1234567', RECIPIENT);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('withdrawal-recipient-gets').textContent).toMatch(/^0\.123456 ETH/);
    expect(within(dialog).getByTestId('withdrawal-fee').textContent).toMatch(/^0\.000022 ETH/);
    expect(within(dialog).getByTestId('withdrawal-total').textContent).toMatch(/^0\.123478 ETH/);
    expect(within(within(dialog).getByTestId('withdrawal-total')).getByText('0.123478 ETH').getAttribute('title')).toBe(
      '0.12347770188034 ETH',
    );
  });

  it('refuses below the minimum and an amount whose total with the fee exceeds the balance, sending nothing (issue 12)', async () => {
    const { user, requests } = await openAccount();
    await screen.findByText(/A network fee of 0\.000063 ETH/);
    await fill(user, '0.0009', RECIPIENT);
    expect(screen.getByRole('alert').textContent).toBe(SERVER_TEXTS.withdrawalBelowMinimum('0.001'));
    await fill(user, '1.5', RECIPIENT);
    expect(screen.getByRole('alert').textContent).toBe(SERVER_TEXTS.withdrawalAboveBalanceWithFee('0.000063'));
    await fill(user, '1.499937', RECIPIENT);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('a new withdrawal after a successful one gets a new Idempotency-Key', async () => {
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, {
            newBalance: 1.4,
            newBalanceWei: '1400000000000000000',
            id: `w-${requests.length}`,
            status: 'queued',
            message: TEXTS.withdrawalInfo,
            fee: '0.000063',
          })
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

  it('a withdrawal that fails on chain says so, never "completed" (issue 14)', async () => {
    await openAccount();
    act(() => handleWithdrawalUpdate({ id: 'w-9', status: 'failed' }));
    expect(await screen.findByText(TEXTS.withdrawalFailedOnChain)).toBeTruthy();
    expect(screen.queryByText(TEXTS.withdrawalSuccess)).toBeNull();
  });

  it('an unverified user sees why before filling the form, and gets no form (issue 14)', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request, accountFixture({ emailVerified: false })) ?? jsonResponse(404, {}));
    renderApp('/account');
    expect(await screen.findByText(ACCOUNT_EN.page.withdrawalNeedsVerifiedEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirer' })).toBeNull();
    expect(screen.queryByLabelText('Amount (ETH)')).toBeNull();
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
      request.url === '/api/wallet/cashout'
        ? jsonResponse(422, { code: 'email_not_verified', message: TEXTS.withdrawalFailure })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '0.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    expect(screen.queryByText(TEXTS.withdrawalSuccess)).toBeNull();
    // Issue 14: the failure text alone, not "is being processed" beside it.
    expect(screen.queryByText(TEXTS.withdrawalInfo)).toBeNull();
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
    await fill(user, '1.4', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Retirer' }).closest('form')!;
    expect(within(form).getByRole('alert').textContent).toBe(TEXTS.withdrawalAboveBalance);
  });

  it('shows only the failure toast when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await fill(user, '0.5', RECIPIENT);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText(TEXTS.withdrawalFailure)).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Retirer' }).closest('form')!;
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe('withdraw form, what players expect (issue 14)', () => {
  it('Max fills the balance minus the fee, and the amount shows in USD as typed', async () => {
    const { user } = await openAccount();
    const max = await screen.findByRole('button', { name: 'Max: 1.499937 ETH, your balance minus the network fee' });
    await user.click(max);
    const amount = screen.getByLabelText('Amount (ETH)') as HTMLInputElement;
    expect(amount.value).toBe('1.499937');
    expect(document.activeElement).toBe(amount);
    // 1.499937 ETH at $3000, rounded down to the cent.
    expect(screen.getByTestId('withdraw-amount-usd').textContent).toBe('≈ $4,499.81');
    fireEvent.change(amount, { target: { value: '0.25' } });
    expect(screen.getByTestId('withdraw-amount-usd').textContent).toBe('≈ $750.00');
    fireEvent.change(amount, { target: { value: 'abc' } });
    expect(screen.getByTestId('withdraw-amount-usd').textContent).toBe('');
  });

  it('reads a decimal comma as a decimal point, and shows the destination in full before confirming', async () => {
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, {
            newBalance: 1,
            newBalanceWei: '999937000000000000',
            id: 'w-1',
            status: 'queued',
            message: TEXTS.withdrawalInfo,
            fee: '0.000063',
          })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    await screen.findByRole('button', { name: /^Max: 1\.499937 ETH/ });
    await fill(user, '0,5', RECIPIENT);
    expect(screen.getByTestId('withdraw-amount-usd').textContent).toBe('≈ $1,500.00');
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByTestId('withdrawal-destination').textContent).toBe(RECIPIENT);
    expect(within(dialog).getByTestId('withdrawal-recipient-gets').textContent).toBe('0.5 ETH ≈ $1,500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    expect(actionRequests(requests)[0]).toMatchObject({ body: { amount: '0.5', recipientAddress: RECIPIENT } });
  });

  it('reads a thousands separator as the language writes it (issue 27): "1,000.5" is a thousand in English', async () => {
    const { user } = await openAccount();
    await screen.findByRole('button', { name: /^Max/ });
    await fill(user, '1,000.5', RECIPIENT);
    // Read as 1000.5 ETH, so above the 1.5 ETH balance (not an invalid amount).
    expect(screen.getByRole('alert').textContent).toBe(TEXTS.withdrawalAboveBalance);
    await fill(user, '1,0,0', RECIPIENT);
    expect(screen.getByRole('alert').textContent).toBe(TEXTS.withdrawalInvalidAmount);
  });
});

describe('withdraw form in French (issue 27)', () => {
  afterEach(() => activateLanguage('en'));

  it('speaks French, keeps "Retirer", writes Max with a decimal comma and reads "0,5" and "1 000,5" as French writes them', async () => {
    await activateLanguage('fr');
    const { user, requests } = await openAccount((request) =>
      request.url === '/api/wallet/cashout'
        ? jsonResponse(201, {
            newBalance: 1,
            newBalanceWei: '999937000000000000',
            id: 'w-1',
            status: 'queued',
            message: 'Votre demande de retrait est en cours de traitement.',
            fee: '0.000063',
          })
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    const max = await screen.findByRole('button', { name: 'Max : 1,499937 ETH, votre solde moins les frais de réseau' });
    await user.click(max);
    const amount = screen.getByLabelText('Montant (ETH)') as HTMLInputElement;
    expect(amount.value).toBe('1,499937');
    expect(screen.getByTestId('withdraw-amount-usd').textContent).toBe('≈ $4\u202f499,81');

    fireEvent.change(amount, { target: { value: '1 000,5' } });
    fireEvent.change(screen.getByLabelText('Adresse Ethereum'), { target: { value: RECIPIENT } });
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    expect(screen.getByRole('alert').textContent).toBe('Vous ne pouvez pas retirer un montant supérieur à votre solde.');

    fireEvent.change(amount, { target: { value: '0,5' } });
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmer le retrait' });
    expect(within(dialog).getByTestId('withdrawal-recipient-gets').textContent).toBe('0,5 ETH ≈ $1\u202f500,00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer le retrait' }));
    await waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    // The server gets the plain decimal, whatever the language.
    expect(actionRequests(requests)[0]).toMatchObject({ body: { amount: '0.5', recipientAddress: RECIPIENT } });
    expect(await screen.findByText('Votre demande de retrait est en cours de traitement.')).toBeTruthy();
  });
});
