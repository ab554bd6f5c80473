/** Issue 13: the sign-in dialog's code step and "Forgot password?", and the reset-password page. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_SECURITY_TEXTS, STORAGE_KEYS } from '@shifumi/protocol';
import { reloadPage } from '../../../lib/page-navigation';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, testUser } from '../../../test/render-app';

vi.mock('../../../lib/page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

const CHALLENGE = 'c'.repeat(43);
const TOKEN = 't'.repeat(43);

async function openDialog() {
  const view = renderApp('/');
  await view.user.click(screen.getAllByRole('button', { name: 'Sign Up / Login' })[0]!);
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Sign in to Shifumi' }) };
}

describe('sign-in with two-factor on', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks for the code after the password, stores nothing until the code is right, then signs in', async () => {
    const { requests } = installFetch((request) => {
      const read = backgroundReads(request);
      if (read) return read;
      if (request.url === '/api/auth/login') return jsonResponse(200, { twoFactorRequired: true, challenge: CHALLENGE });
      const body = request.body as { code: string };
      return body.code === '123456'
        ? jsonResponse(200, { accessToken: 'fresh-token', user: testUser, sessionWallet: null })
        : jsonResponse(400, { message: ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong });
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    const step = await screen.findByRole('dialog', { name: 'Two-factor code' });
    await waitFor(() => expect(document.activeElement).toBe(within(step).getByLabelText('Code')));
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();

    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect((await within(step).findByRole('alert')).textContent).toBe(ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired);
    await user.type(within(step).getByLabelText('Code'), '654321');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    expect((await within(step).findByRole('alert')).textContent).toBe(ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong);

    await user.clear(within(step).getByLabelText('Code'));
    await user.type(within(step).getByLabelText('Code'), '123 456');
    await user.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-token');
    expect(actionRequests(requests).at(-1)).toMatchObject({
      url: '/api/auth/login/2fa',
      body: { challenge: CHALLENGE, code: '123456' },
    });
  });

  it('"Forgot password?" sends the address and shows the same answer whatever it is', async () => {
    const { requests } = installFetch(
      (request) => backgroundReads(request) ?? jsonResponse(200, { message: ACCOUNT_SECURITY_TEXTS.forgotPasswordSent }),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Email'), 'Ada@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = screen.getByRole('dialog', { name: 'Forgot your password?' });
    expect((within(forgot).getByLabelText('Email') as HTMLInputElement).value).toBe('Ada@Example.com');
    await user.click(within(forgot).getByRole('button', { name: 'Send the link' }));
    expect((await within(forgot).findByRole('status')).textContent).toBe(ACCOUNT_SECURITY_TEXTS.forgotPasswordSent);
    expect(actionRequests(requests)).toEqual([
      expect.objectContaining({ url: '/api/auth/forgot-password', body: { email: 'ada@example.com' } }),
    ]);
    await user.click(within(forgot).getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Shifumi' })).toBeTruthy();
  });
});

describe('/reset-password/:token', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('sets the new password and says so', async () => {
    const { requests } = installFetch(
      (request) => backgroundReads(request) ?? jsonResponse(200, { message: ACCOUNT_SECURITY_TEXTS.passwordReset }),
    );
    const { user } = renderApp(`/reset-password/${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 8 characters/);
    expect(actionRequests(requests)).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(actionRequests(requests)).toEqual([
      expect.objectContaining({ url: '/api/auth/reset-password', body: { token: TOKEN, password: 'a new passphrase' } }),
    ]);
  });

  it('shows the invalid-or-expired view when the server refuses the link', async () => {
    installFetch(
      (request) =>
        backgroundReads(request) ??
        jsonResponse(400, { code: 'reset_link_invalid', message: ACCOUNT_SECURITY_TEXTS.resetLinkInvalid }),
    );
    const { user } = renderApp(`/reset-password/${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByRole('heading', { name: 'Link invalid or expired' })).toBeTruthy();
  });

  it('does not ask the server about a link that cannot be one', async () => {
    const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    renderApp('/reset-password/short');
    expect(await screen.findByRole('heading', { name: 'Link invalid or expired' })).toBeTruthy();
    expect(actionRequests(requests)).toHaveLength(0);
  });
});
