import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { accountFixture, backgroundReads, installFetch, jsonResponse, priceFixture } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { formatWhen } from './account-status-banner';
import { resultLabel } from './game-history';

const account = accountFixture({ user: testUser, emailVerified: false });

describe('account page', () => {
  it('sends signed-out visitors to /', () => {
    const { requests } = installFetch((request) => backgroundReads(request, account) ?? jsonResponse(404, {}));
    const { router } = renderApp('/account');
    expect(router.state.location.pathname).toBe('/');
    // Only public reads (price, feed); nothing that needs a session.
    expect(requests.filter((request) => request.url !== '/api/price' && request.url !== '/api/transactions')).toHaveLength(0);
  });

  it('shows the user, the verification state and the referral code and link', async () => {
    signInAs('token-1');
    const { requests } = installFetch((request) => backgroundReads(request, account) ?? jsonResponse(404, {}));
    renderApp('/account');

    expect(await screen.findByText('ABCD2345')).toBeTruthy();
    expect(requests.find((request) => request.url === '/api/account')).toMatchObject({
      headers: expect.objectContaining({ authorization: 'token-1' }),
    });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect((screen.getByLabelText('Referral link') as HTMLInputElement).value).toBe(`${window.location.origin}/?ref=ABCD2345`);
    // Issue 14: how many players signed up with the code.
    expect(screen.getByTestId('referral-count').textContent).toBe(String(account.referralCount));
  });

  it('resends the verification e-mail and says so', async () => {
    signInAs('token-1');
    const { requests } = installFetch((request) =>
      request.url === '/api/auth/resend-verification'
        ? jsonResponse(200, { message: 'A new verification link has been sent to your address.' })
        : (backgroundReads(request, account) ?? jsonResponse(404, {})),
    );
    const { user } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText('A new verification link has been sent to your address.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.url === '/api/auth/resend-verification')).toBe(true);
  });

  it('copies the referral code', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request, { ...account, emailVerified: true }) ?? jsonResponse(404, {}));
    const { user } = renderApp('/account');

    await screen.findByText('ABCD2345');
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await navigator.clipboard.readText()).toBe('ABCD2345');
    expect(await screen.findByText('Referral code copied to clipboard!')).toBeTruthy();
  });
});

describe('account page money', () => {
  const RECIPIENT = '0x52908400098527886e0f7030069857d2e4169ee7';
  const hash = (byte: string) => `0x${byte.repeat(32)}`;

  function openWith(overrides: Record<string, unknown>, price: unknown = priceFixture) {
    signInAs('token-1');
    installFetch((request) =>
      request.url === '/api/price'
        ? jsonResponse(200, price)
        : (backgroundReads(request, accountFixture(overrides)) ?? jsonResponse(404, {})),
    );
    return renderApp('/account');
  }

  it('shows the available balance in $ with 2 decimals rounded down, and in ETH', async () => {
    // 1.23456999 ETH × $3000 = $3703.70997: rounded to the nearest it would be $3703.71.
    openWith({ balance: 1.23456999, balanceWei: '1234569990000000000' });
    await waitFor(() => expect(screen.getByTestId('account-balance-usd').textContent).toBe('$3,703.70'));
    expect(screen.getByTestId('account-balance-eth').textContent).toBe('1.234569 ETH');
    expect(screen.queryByText('development price')).toBeNull();
  });

  it('labels dollars from a development price, and shows none from a stale one', async () => {
    openWith({}, { ...priceFixture, source: 'development' });
    await waitFor(() => expect(screen.getByTestId('account-balance-usd').textContent).toBe('$4,500.00'));
    expect(screen.getByText('development price')).toBeTruthy();
    cleanup();

    openWith({}, { ...priceFixture, stale: true });
    await waitFor(() => expect(screen.getByTestId('account-balance-eth').textContent).toBe('1.5 ETH'));
    expect(screen.getByTestId('account-balance-usd').textContent).toBe('Price unavailable');
  });

  it('lists the games: Victory, Defeat, anything else as Draw; the opponent as 5 characters of the address or User; the bet in $', async () => {
    openWith({
      gameHistory: [
        {
          date: '2026-11-20T10:00:00.000Z',
          result: 'Victory',
          oppUserId: { id: 'u2', name: 'Bo', walletAddress: '0xAbCdEf0000000000000000000000000000000001' },
          amount: 10,
        },
        {
          date: '2026-11-20T11:00:00.000Z',
          result: 'Defeat',
          oppUserId: { id: 'u3', name: 'Cy', walletAddress: null },
          amount: 5,
        },
        { date: '2026-11-20T12:00:00.000Z', result: 'Draw', oppUserId: { id: 'u4', name: 'Di' }, amount: 100 },
      ],
    });
    const history = (await screen.findByRole('heading', { name: 'Game history' })).parentElement!;
    const rows = await within(history).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Victory')).toBeTruthy();
    expect(within(rows[0]!).getByText('vs 0xAbC')).toBeTruthy();
    expect(within(rows[0]!).getByText('10 USDT')).toBeTruthy();
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    expect(within(rows[1]!).getByText('Defeat')).toBeTruthy();
    expect(within(rows[1]!).getByText('vs User')).toBeTruthy();
    expect(within(rows[1]!).getByText('5 USDT')).toBeTruthy();
    expect(within(rows[2]!).getByText('Draw')).toBeTruthy();
    expect(within(rows[2]!).getByText('vs User')).toBeTruthy();
    expect(within(rows[2]!).getByText('100 USDT')).toBeTruthy();
    expect(history.textContent).not.toContain('€');
  });

  it('links a game to /verify with its transcript (issue 17)', async () => {
    const game = 'c3c3c3c3-3333-4333-8333-333333333333';
    openWith({
      gameHistory: [
        {
          date: '2026-11-20T10:00:00.000Z',
          result: 'Victory',
          oppUserId: { id: 'u2', name: 'Bo', walletAddress: null },
          amount: 10,
          game,
        },
      ],
    });
    const history = (await screen.findByRole('heading', { name: 'Game history' })).parentElement!;
    const link = await within(history).findByRole('link', { name: 'Verify the game against User' });
    expect(link.getAttribute('href')).toBe(`/verify?game=${game}`);
    expect(link.textContent).toBe('Verify');
    expect(screen.getByRole('link', { name: 'Proof of solvency' }).getAttribute('href')).toBe('/solvency');
  });

  it('says the links to /verify and /solvency in French (issue 27)', async () => {
    const game = 'c3c3c3c3-3333-4333-8333-333333333333';
    await activateLanguage('fr');
    try {
      openWith({
        gameHistory: [
          {
            date: '2026-11-20T10:00:00.000Z',
            result: 'Victory',
            oppUserId: { id: 'u2', name: 'Bo', walletAddress: null },
            amount: 10,
            game,
          },
        ],
      });
      const history = (await screen.findByRole('heading', { name: 'Historique des parties' })).parentElement!;
      const link = await within(history).findByRole('link', { name: 'Vérifier la partie contre Joueur' });
      expect(link.getAttribute('href')).toBe(`/verify?game=${game}`);
      expect(link.textContent).toBe('Vérifier');
      expect(screen.getByRole('link', { name: 'Preuve de solvabilité' }).getAttribute('href')).toBe('/solvency');
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows Draw for any result it does not know', () => {
    expect(resultLabel('Victory')).toBe('Victory');
    expect(resultLabel('Defeat')).toBe('Defeat');
    expect(resultLabel('Draw')).toBe('Draw');
    expect(resultLabel('Abandoned')).toBe('Draw');
    expect(resultLabel('')).toBe('Draw');
  });

  it('says so when there are no games, deposits or withdrawals', async () => {
    openWith({});
    expect(await screen.findByText('No games yet')).toBeTruthy();
    expect(screen.getByText('No deposits or withdrawals yet')).toBeTruthy();
  });

  it('shows deposits and withdrawals with their status, amount in ETH, short hash and date', async () => {
    openWith({
      deposits: [
        {
          txHash: hash('ab'),
          amount: '0.25',
          status: 'pending',
          confirmations: 1,
          requiredConfirmations: 3,
          createdAt: '2026-11-20T09:00:00.000Z',
        },
        {
          txHash: hash('cd'),
          amount: '1',
          status: 'credited',
          confirmations: 3,
          requiredConfirmations: 3,
          createdAt: '2026-11-19T09:00:00.000Z',
        },
      ],
      withdrawals: [
        {
          id: 'w1',
          txHash: null,
          amount: '0.1',
          recipientAddress: RECIPIENT,
          status: 'queued',
          fee: '0.000063',
          createdAt: '2026-11-20T09:30:00.000Z',
        },
        {
          id: 'w2',
          txHash: hash('01'),
          amount: '0.2',
          recipientAddress: RECIPIENT,
          status: 'sent',
          fee: '0.000063',
          createdAt: '2026-11-20T09:20:00.000Z',
        },
        {
          id: 'w3',
          txHash: hash('02'),
          amount: '0.3',
          recipientAddress: RECIPIENT,
          status: 'confirmed',
          fee: '0.000063',
          createdAt: '2026-11-20T09:10:00.000Z',
        },
        {
          id: 'w4',
          txHash: hash('03'),
          amount: '0.4',
          recipientAddress: RECIPIENT,
          status: 'failed',
          fee: '0.000063',
          createdAt: '2026-11-20T09:00:00.000Z',
        },
      ],
    });
    const activity = (await screen.findByRole('heading', { name: 'Deposits and withdrawals' })).parentElement!;
    const deposits = within((await within(activity).findByRole('heading', { name: 'Deposits' })).parentElement!).getAllByRole(
      'listitem',
    );
    expect(deposits.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^\+0\.25 ETHPending 1\/3 confirmations0xabab…abab/),
      expect.stringMatching(/^\+1 ETHCredited0xcdcd…cdcd/),
    ]);
    expect(deposits[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T09:00:00.000Z');
    const withdrawals = within(within(activity).getByRole('heading', { name: 'Withdrawals' }).parentElement!).getAllByRole(
      'listitem',
    );
    expect(withdrawals.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^−0\.1 ETHQueuedto 0x5290…9ee7 · fee 0\.000063 ETH\d/),
      expect.stringMatching(/^−0\.2 ETHSent, waiting for confirmationsto 0x5290…9ee7 · 0x0101…0101/),
      expect.stringMatching(/^−0\.3 ETHConfirmedto 0x5290…9ee7 · 0x0202…0202/),
      expect.stringMatching(/^−0\.4 ETHFailed, amount returnedto 0x5290…9ee7 · 0x0303…0303/),
    ]);
  });

  it('a withdrawal in review says why and by when staff usually decide, as the account status tells it (issue 26)', async () => {
    const review = {
      kind: 'withdrawal_review',
      withdrawalId: 'w9',
      amount: '1.5',
      reason: 'Above the review threshold of 1 ETH.',
      since: '2026-11-20T09:00:00.000Z',
      expectedBy: '2026-11-21T09:00:00.000Z',
    } as const;
    signInAs('token-1');
    const withdrawal = {
      id: 'w9',
      txHash: null,
      amount: '1.5',
      recipientAddress: RECIPIENT,
      status: 'review',
      fee: '0.000063',
      createdAt: review.since,
    };
    installFetch((request) =>
      request.url === '/api/account/status'
        ? jsonResponse(200, { restrictions: [review] })
        : (backgroundReads(request, accountFixture({ withdrawals: [withdrawal] })) ?? jsonResponse(404, {})),
    );
    renderApp('/account');
    const note = await screen.findByTestId('withdrawal-review-note', {}, { timeout: 5_000 });
    expect(note.closest('li')?.textContent).toContain('In review');
    expect(note.textContent).toBe(
      `Above the review threshold of 1 ETH. Shifumi staff usually decide within 24 hours, by ${formatWhen(review.expectedBy)}.`,
    );
  });
});
