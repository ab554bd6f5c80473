import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';

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
    expect(requests.find((request) => request.url === '/api/account')).toMatchObject({ headers: expect.objectContaining({ authorization: 'token-1' }) });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect((screen.getByLabelText('Referral link') as HTMLInputElement).value).toBe(`${window.location.origin}/?ref=ABCD2345`);
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
