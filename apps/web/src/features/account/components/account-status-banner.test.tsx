import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { AccountRestriction } from '@shifumi/protocol';
import { ADMIN_TEXTS } from '@shifumi/protocol/admin-texts';
import { activateLanguage, INTL_LOCALES } from '../../../lib/i18n/i18n';
import { handleWithdrawalUpdate } from '../../../lib/withdrawal-updates';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { formatWhen } from './account-status-banner';

const IN_A_DAY = '2026-11-28T14:00:00.000Z';

afterEach(() => activateLanguage('en'));

function withStatus(restrictions: AccountRestriction[] | (() => AccountRestriction[])) {
  signInAs('token-1');
  return installFetch((request) =>
    request.method === 'GET' && request.url === '/api/account/status'
      ? jsonResponse(200, { restrictions: typeof restrictions === 'function' ? restrictions() : restrictions })
      : (backgroundReads(request) ?? jsonResponse(404, {})),
  );
}

describe('account status banner (issue 26)', () => {
  it('says a freeze with the reason staff gave, on home', async () => {
    withStatus([{ kind: 'frozen', reason: 'Chargeback investigation', since: '2026-11-27T10:00:00.000Z' }]);
    renderApp('/');
    const line = await screen.findByTestId('account-status-frozen');
    expect(line.textContent).toContain(
      'Your account is frozen: playing and withdrawals are paused. Reason given by Shifumi staff: Chargeback investigation',
    );
    expect(within(line).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('status', { name: 'Your account' })).toBeTruthy();
  });

  it('says why a withdrawal waits for staff and by when they usually decide', async () => {
    withStatus([
      {
        kind: 'withdrawal_review',
        withdrawalId: 'w-1',
        amount: '1.5',
        reason: 'Above the review threshold of 1 ETH.',
        since: '2026-11-27T14:00:00.000Z',
        expectedBy: IN_A_DAY,
      },
    ]);
    renderApp('/');
    const line = await screen.findByTestId('account-status-withdrawal-review');
    expect(line.textContent).toBe(
      `Your withdrawal of 1.5 ETH is in review: Above the review threshold of 1 ETH. Shifumi staff usually decide within 24 hours, by ${formatWhen(IN_A_DAY, 'en-US')}.`,
    );
    expect(line.textContent).toContain('Above the review threshold of 1 ETH.');
    expect(line.textContent).toContain(formatWhen(IN_A_DAY));
  });

  it('says until when withdrawals are held, a time-out, a self-exclusion and a limit reached', async () => {
    withStatus([
      { kind: 'withdrawal_hold', until: IN_A_DAY },
      { kind: 'limit_reached', limit: 'loss', period: 'day', amountUsd: 20 },
      { kind: 'time_out', until: IN_A_DAY },
    ]);
    renderApp('/account');
    expect((await screen.findByTestId('account-status-withdrawal-hold')).textContent).toBe(
      `For your safety, withdrawals are paused after a change of password, e-mail address or two-factor authentication. You can withdraw again from ${formatWhen(IN_A_DAY, 'en-US')}.`,
    );
    const limit = screen.getByTestId('account-status-limit');
    expect(limit.textContent).toContain('You have reached your daily loss limit of $20.');
    expect(within(limit).getByRole('link', { name: 'Your limits' }).getAttribute('href')).toBe('/account#limits');
    expect(screen.getByTestId('protection-banner').textContent).toContain(
      `You are taking a time-out until ${formatWhen(IN_A_DAY, 'en-US')}. You can still see your account, download statements and withdraw.`,
    );
  });

  it('says a self-exclusion until its real end', async () => {
    withStatus([{ kind: 'self_exclusion', until: '2026-05-27T10:00:00.000Z', endsAt: IN_A_DAY }]);
    renderApp('/');
    expect((await screen.findByTestId('protection-banner')).textContent).toContain(
      `You are self-excluded until ${formatWhen(IN_A_DAY, 'en-US')}.`,
    );
  });

  it('says it in French, dates and amounts as French writes them (issue 27)', async () => {
    await activateLanguage('fr');
    withStatus([
      { kind: 'limit_reached', limit: 'deposit', period: 'week', amountUsd: 1250.5 },
      { kind: 'time_out', until: IN_A_DAY },
    ]);
    renderApp('/');
    expect((await screen.findByTestId('account-status-limit')).textContent).toContain(
      'Vous avez atteint votre limite de dépôt hebdomadaire de $1\u202f250,50.',
    );
    expect(screen.getByRole('link', { name: 'Vos limites' })).toBeTruthy();
    expect(screen.getByTestId('protection-banner').textContent).toContain(
      `Vous faites une pause jusqu’au ${formatWhen(IN_A_DAY, INTL_LOCALES.fr)}.`,
    );
    expect(screen.getByRole('status', { name: 'Votre compte' })).toBeTruthy();
  });

  it('says why a withdrawal waits in the reader’s language: the server’s English reason recognised, its limit as French writes it (issue 27)', async () => {
    await activateLanguage('fr');
    const review = (withdrawalId: string, reason: string): AccountRestriction => ({
      kind: 'withdrawal_review',
      withdrawalId,
      amount: '1.5',
      reason,
      since: '2026-11-27T10:00:00.000Z',
      expectedBy: IN_A_DAY,
    });
    withStatus([
      review('w-1', ADMIN_TEXTS.reviewReasons.openFlag),
      review('w-2', ADMIN_TEXTS.reviewReasons.aboveThreshold('2.5')),
      review('w-3', 'Checked by hand'),
    ]);
    renderApp('/');
    const lines = await screen.findAllByTestId('account-status-withdrawal-review');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('est en cours d’examen : Un signalement est ouvert sur le compte. L’équipe Shifumi'),
      expect.stringContaining('est en cours d’examen : Le montant dépasse le seuil d’examen de 2,5 ETH. L’équipe Shifumi'),
      expect.stringContaining('est en cours d’examen : Checked by hand L’équipe Shifumi'),
    ]);
  });

  it('shows nothing while nothing holds, and reads the status again when a withdrawal moves', async () => {
    let restrictions: AccountRestriction[] = [];
    const { requests } = withStatus(() => restrictions);
    renderApp('/');
    await screen.findByRole('button', { name: 'Play Now' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('account-status')).toBeNull();
    const reads = () => requests.filter((request) => request.url === '/api/account/status').length;
    const before = reads();
    expect(before).toBeGreaterThan(0);
    restrictions = [{ kind: 'withdrawal_hold', until: IN_A_DAY }];
    act(() => handleWithdrawalUpdate({ id: 'w-2', status: 'rejected', reason: 'Address on a sanctions list' }));
    expect(await screen.findByTestId('account-status-withdrawal-hold')).toBeTruthy();
    expect(reads()).toBeGreaterThan(before);
    expect(
      await screen.findByText(
        'Your withdrawal was rejected: Address on a sanctions list The amount and fee are back in your balance.',
      ),
    ).toBeTruthy();
  });

  it('a withdrawal approved by staff is on its way', async () => {
    withStatus([]);
    renderApp('/');
    await screen.findByRole('button', { name: 'Play Now' });
    act(() => handleWithdrawalUpdate({ id: 'w-3', status: 'approved' }));
    expect(await screen.findByText('Your withdrawal was approved. Your withdrawal request is being processed.')).toBeTruthy();
  });
});
