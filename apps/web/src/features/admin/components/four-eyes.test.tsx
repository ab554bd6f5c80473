import { ADMIN_TEXTS, type AdminWithdrawal, type PlayerPage } from '@shifumi/protocol';
import { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import { ADMIN_FR } from '@shifumi/protocol/catalogue/fr/admin';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REFRESH_TOKEN_PATH } from '../../../lib/api-client';
import { activateLanguage } from '../../../lib/i18n/i18n';
import {
  accountFixture,
  backgroundReads,
  installFetch,
  jsonResponse,
  makeToken,
  type RecordedRequest,
} from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const ME = 'a0000000-0000-4000-8000-000000000001';
const PLAYER = 'b0000000-0000-4000-8000-000000000002';
const COLLEAGUE = 'c0000000-0000-4000-8000-000000000003';

function withdrawal(id: string, overrides: Partial<AdminWithdrawal>): AdminWithdrawal {
  return {
    id,
    userId: PLAYER,
    userName: 'Player',
    userEmail: 'player@example.com',
    amountWei: '1500000000000000000',
    feeWei: '1000',
    recipientAddress: `0x${id.slice(-1).repeat(40)}`,
    status: 'review',
    reviewReason: 'Above the review threshold of 1 ETH.',
    rejectReason: null,
    reviewedBy: null,
    txHash: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    userRole: null,
    approvals: 0,
    approvalsRequired: 1,
    approvedBy: [],
    ...overrides,
  };
}

const list = [
  withdrawal('00000000-0000-4000-8000-00000000000a', {}),
  withdrawal('00000000-0000-4000-8000-00000000000b', { userId: ME, userName: 'Me', userRole: 'finance' }),
  withdrawal('00000000-0000-4000-8000-00000000000c', { userId: COLLEAGUE, userName: 'Colleague', userRole: 'finance' }),
  withdrawal('00000000-0000-4000-8000-00000000000d', {
    amountWei: '11000000000000000000',
    approvalsRequired: 2,
    approvals: 1,
    approvedBy: [{ userId: ME, name: 'Me', at: '2026-11-27T10:01:00.000Z' }],
  }),
];

function rowOf(id: string): HTMLElement {
  return document.querySelector(`tr[data-withdrawal-id="${id}"]`)!;
}

function serve(
  role: 'admin' | 'finance' | 'support',
  extra: (url: string, request: RecordedRequest) => Response | undefined = () => undefined,
) {
  signInAs();
  const account = accountFixture();
  installFetch((request) => {
    if (request.url === '/api/admin/me') return jsonResponse(200, { userId: ME, name: 'Me', role });
    if (request.url.startsWith('/api/admin/withdrawals?')) return jsonResponse(200, { withdrawals: list });
    return extra(request.url, request) ?? backgroundReads(request, account) ?? jsonResponse(404, {});
  });
}

describe('the console and the four-eyes rules (issue 23)', () => {
  it("finance: approve disabled with the reason on their own withdrawal, on a colleague's, and on one they approved already; enabled on a player's", async () => {
    serve('finance');
    renderApp('/admin/withdrawals');
    await waitFor(() => expect(rowOf(list[0]!.id)).toBeTruthy());
    const approve = (id: string) => within(rowOf(id)).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    await waitFor(() => expect(approve(list[0]!.id).disabled).toBe(false));
    expect(approve(list[1]!.id).disabled).toBe(true);
    expect(within(rowOf(list[1]!.id)).getByTestId('approve-refusal').textContent).toBe(ADMIN_EN.ownCase.approve);
    expect(within(rowOf(list[1]!.id)).getByText(ADMIN_EN.ownCase.reject)).toBeTruthy();
    expect(approve(list[2]!.id).disabled).toBe(true);
    expect(within(rowOf(list[2]!.id)).getByTestId('approve-refusal').textContent).toBe(ADMIN_EN.staffAccountAdminOnly);
    expect(approve(list[3]!.id).disabled).toBe(true);
    expect(within(rowOf(list[3]!.id)).getByTestId('approve-refusal').textContent).toBe(ADMIN_EN.alreadyApprovedByYou);
    expect(within(rowOf(list[3]!.id)).getByTestId('withdrawal-approvals').textContent).toBe('1 of 2 approvals (Me)');
    // The audit log is the admin's: not in finance's menu.
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it('support sees no approve or reject button', async () => {
    serve('support');
    renderApp('/admin/withdrawals');
    await waitFor(() => expect(rowOf(list[0]!.id)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("shows the server's message when an action is refused", async () => {
    // 403: the client refreshes once and retries (decision 025); the retry is refused again and the message shown.
    serve('admin', (url, request) => {
      if (url === REFRESH_TOKEN_PATH) return jsonResponse(200, { accessToken: makeToken(Math.floor(Date.now() / 1000) + 900) });
      return request.method === 'POST' && url.endsWith('/approve')
        ? jsonResponse(403, { message: ADMIN_TEXTS.staffAccountAdminOnly })
        : undefined;
    });
    renderApp('/admin/withdrawals');
    await waitFor(() => expect(rowOf(list[0]!.id)).toBeTruthy());
    fireEvent.click(within(rowOf(list[0]!.id)).getByRole('button', { name: 'Approve' }));
    expect(await within(rowOf(list[0]!.id)).findByText(ADMIN_TEXTS.staffAccountAdminOnly)).toBeTruthy();
  });

  it('player page: support may not freeze their own account (disabled, with the reason); finance sees no player actions', async () => {
    const page: PlayerPage = {
      player: {
        userId: ME,
        name: 'Me',
        email: 'me@example.com',
        emailVerified: true,
        depositAddress: null,
        linkedAddress: null,
        createdAt: '2026-11-27T10:00:00.000Z',
        frozen: null,
        role: 'support',
        referralCode: 'ABC',
        referredBy: null,
        twoFactorEnabled: true,
      },
      balanceWei: '0',
      ledgerEntries: [],
      nextBefore: null,
      deposits: [],
      withdrawals: [],
      games: [],
      sessions: [],
      referrals: 0,
    };
    serve('support', (url) => (url === `/api/admin/players/${ME}` ? jsonResponse(200, page) : undefined));
    const { unmount } = renderApp(`/admin/players/${ME}`);
    const freeze = (await screen.findByRole('button', { name: 'Freeze' })) as HTMLButtonElement;
    expect(freeze.disabled).toBe(true);
    expect(screen.getByText(ADMIN_EN.ownCase.freeze)).toBeTruthy();
    expect(screen.getByText(ADMIN_EN.ownCase.revokeSessions)).toBeTruthy();
    unmount();

    serve('finance', (url) =>
      url === `/api/admin/players/${PLAYER}`
        ? jsonResponse(200, { ...page, player: { ...page.player, userId: PLAYER, name: 'Player', role: null } })
        : undefined,
    );
    renderApp(`/admin/players/${PLAYER}`);
    await screen.findByRole('heading', { name: 'Player' });
    expect(screen.queryByRole('button', { name: 'Freeze' })).toBeNull();
  });

  it('speaks French when French is chosen (issue 27): the menu, the refusals, the statuses and the plural of approvals', async () => {
    await activateLanguage('fr');
    try {
      serve('finance');
      renderApp('/admin/withdrawals');
      await waitFor(() => expect(rowOf(list[1]!.id)).toBeTruthy(), { timeout: 10_000 });
      expect(screen.getByRole('heading', { level: 1, name: ADMIN_FR.withdrawals.title })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: ADMIN_FR.nav.label })).toBeTruthy();
      expect(within(rowOf(list[1]!.id)).getByTestId('approve-refusal').textContent).toBe(ADMIN_FR.ownCase.approve);
      expect(within(rowOf(list[0]!.id)).getByTestId('withdrawal-status').textContent).toBe('à examiner');
      expect(within(rowOf(list[3]!.id)).getByTestId('withdrawal-approvals').textContent).toBe('1 approbation sur 2 (Me)');
      expect(within(rowOf(list[0]!.id)).getByRole('button', { name: ADMIN_FR.withdrawals.approve })).toBeTruthy();
    } finally {
      await activateLanguage('en');
    }
  });
});
