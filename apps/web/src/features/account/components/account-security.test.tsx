/** Issue 13: the Security section and the code in the withdraw confirmation. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, TEXTS } from '@shifumi/protocol';
import {
  actionRequests,
  backgroundReads,
  installFetch,
  jsonResponse,
  withdrawalFeeFixture,
  type RecordedRequest,
} from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function withTwoFactor(request: RecordedRequest): Response | undefined {
  if (request.method === 'GET' && request.url === '/api/account/security') {
    return jsonResponse(200, { twoFactorEnabled: true, hasPassword: true, withdrawalsHeldUntil: null });
  }
  return backgroundReads(request);
}

describe('account security section', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('sets up two-factor: QR code and key, a code turns it on, the recovery codes are shown once', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
    const { requests } = installFetch((request) => {
      const read = backgroundReads(request);
      if (read) return read;
      if (request.url === '/api/account/2fa/setup')
        return jsonResponse(200, { secret: SECRET, otpauthUrl: `otpauth://totp/Shifumi:ada?secret=${SECRET}` });
      if (request.url === '/api/account/2fa/enable') return jsonResponse(200, { recoveryCodes: codes });
      return jsonResponse(404, {});
    });
    signInAs('token-1');
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe(SECRET);
    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    expect(screen.getByText(ACCOUNT_SECURITY_TEXTS.twoFactorCodeFormat)).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app'), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(actionRequests(requests).map((request) => [request.url, request.body])).toEqual([
      ['/api/account/2fa/setup', undefined],
      ['/api/account/2fa/enable', { code: '123456' }],
    ]);
  });

  it('lists the sessions and signs out another one', async () => {
    const sessions = [
      {
        id: '11111111-1111-4111-8111-111111111111',
        createdAt: '2026-11-24T04:00:00.000Z',
        lastUsedAt: '2026-11-24T04:10:00.000Z',
        ip: '10.0.0.2',
        userAgent: 'Mozilla/5.0 (Android 14) Chrome/130.0',
        current: false,
      },
      {
        id: '22222222-2222-4222-8222-222222222222',
        createdAt: '2026-11-24T03:00:00.000Z',
        lastUsedAt: '2026-11-24T04:00:00.000Z',
        ip: '10.0.0.1',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
        current: true,
      },
    ];
    const { requests } = installFetch((request) => {
      if (request.method === 'GET' && request.url === '/api/account/sessions') return jsonResponse(200, sessions);
      const read = backgroundReads(request);
      if (read) return read;
      if (request.method === 'DELETE') return jsonResponse(200, { message: ACCOUNT_SECURITY_TEXTS.sessionRevoked });
      return jsonResponse(404, {});
    });
    signInAs('token-1');
    const { user } = renderApp('/account');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Chrome on Android');
    expect(within(rows[1]!).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(rows[1]!.textContent).toContain('This device');
    await user.click(within(rows[0]!).getByRole('button', { name: /^Sign out/ }));
    await waitFor(() =>
      expect(actionRequests(requests)).toEqual([
        expect.objectContaining({ method: 'DELETE', url: `/api/account/sessions/${sessions[0]!.id}` }),
      ]),
    );
  });

  it('asks for the two-factor code in the withdraw confirmation and sends it', async () => {
    const { requests } = installFetch((request) => {
      const read = withTwoFactor(request);
      if (read) return read;
      if (request.url === '/api/wallet/cashout') {
        return jsonResponse(201, {
          newBalance: 1,
          newBalanceWei: '1000000000000000000',
          id: 'w-1',
          status: 'queued',
          message: TEXTS.withdrawalInfo,
        });
      }
      return jsonResponse(404, {});
    });
    signInAs('token-1');
    const { user } = renderApp('/account');
    await screen.findByText(/Two-factor authentication is/);
    fireEvent.change(screen.getByLabelText('Amount (ETH)'), { target: { value: '0.5' } });
    fireEvent.change(screen.getByLabelText('Ethereum address'), { target: { value: RECIPIENT } });
    await user.click(screen.getByRole('button', { name: 'Retirer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the withdrawal' });
    const field = within(dialog).getByLabelText('Two-factor code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(within(dialog).getByText(ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired)).toBeTruthy();
    expect(actionRequests(requests)).toHaveLength(0);
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() =>
      expect(actionRequests(requests)).toEqual([
        expect.objectContaining({
          url: '/api/wallet/cashout',
          body: { amount: '0.5', recipientAddress: RECIPIENT, fee: withdrawalFeeFixture.fee, code: '123456' },
        }),
      ]),
    );
  });
});
