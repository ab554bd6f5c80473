import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { parseSiweMessage } from 'viem/siwe';
import { SERVER_TEXTS, SIWE_TEXTS } from '@shifumi/protocol';
import { accountFixture, backgroundReads, installFetch, jsonResponse, type RecordedRequest } from '../../../test/fetch-mock';
import { renderApp, renderAppWithWalletOnDemand, signInAs, testUser } from '../../../test/render-app';
import { chainRpc, connectTestWallet, createTestWalletConfig, rpcCalls, TEST_WALLET_ADDRESS } from '../../../test/wallet';
import { SIWE_STATEMENTS } from '../../../lib/siwe';
import { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';
import { WALLET_EN } from '@shifumi/protocol/catalogue/en/wallet';

const SIGNATURE = `0x${'ab'.repeat(65)}`;
const LINK_BUTTON = 'Link 0xf39F…2266';

describe('linking a wallet from the account page', () => {
  function server(
    respond: (request: RecordedRequest) => Response | undefined,
    account: () => unknown = () => accountFixture({ user: testUser }),
  ) {
    return installFetch(
      (request) =>
        respond(request) ??
        backgroundReads(request, account()) ??
        chainRpc(request, { eth_sign: () => SIGNATURE }) ??
        // Issue 23: a link nonce (bound to the session), not a sign-in one.
        (request.url === '/api/auth/siwe/link-nonce' ? jsonResponse(200, { nonce: 'linknonce1234' }) : jsonResponse(404, {})),
    );
  }

  it('asks to connect a wallet first', async () => {
    signInAs('token-1');
    server(() => undefined);
    renderApp('/account');
    expect(await screen.findByRole('button', { name: 'Connect a wallet' })).toBeTruthy();
    expect(screen.getByText(/Link a wallet to sign in with it/)).toBeTruthy();
  });

  it('before the wallet stack is loaded, offers to connect a wallet; the press loads it and opens the connect dialog', async () => {
    signInAs('token-1');
    server(() => undefined);
    const { user } = renderAppWithWalletOnDemand('/account');
    await user.click(await screen.findByRole('button', { name: 'Connect a wallet' }));
    // jsdom has no browser wallet and the build no WalletConnect: the connect dialog says how to get one (issue 14).
    expect(await screen.findByRole('heading', { name: WALLET_EN.noWallet.title }, { timeout: 10_000 })).toBeTruthy();
  });

  it('signs a SIWE message for this page with the server’s nonce, links the wallet and shows it', async () => {
    signInAs('token-1');
    let linked = false;
    const { requests } = server(
      (request) =>
        request.url === '/api/auth/siwe/link'
          ? ((linked = true), jsonResponse(200, { message: SIWE_TEXTS.walletLinked }))
          : undefined,
      () => accountFixture({ user: testUser, linkedAddress: linked ? TEST_WALLET_ADDRESS.toLowerCase() : null }),
    );
    const { walletConfig, user } = renderApp('/account');
    await act(() => connectTestWallet(walletConfig));

    await user.click(await screen.findByRole('button', { name: LINK_BUTTON }));

    expect(await screen.findByText(SIWE_TEXTS.walletLinked)).toBeTruthy();
    expect(await screen.findByTestId('linked-address')).toHaveProperty('textContent', TEST_WALLET_ADDRESS.toLowerCase());
    const link = requests.find((request) => request.url === '/api/auth/siwe/link')!;
    const { message, signature } = link.body as { message: string; signature: string };
    expect(signature).toBe(SIGNATURE);
    expect(parseSiweMessage(message)).toMatchObject({
      address: TEST_WALLET_ADDRESS,
      chainId: 31337,
      nonce: 'linknonce1234',
      domain: window.location.host,
      statement: SIWE_STATEMENTS.link,
    });
    // The wallet was asked to sign exactly that message.
    expect(rpcCalls(requests, 'eth_sign')).toHaveLength(1);
  });

  it('shows the server’s refusal, such as an address another account holds', async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server((request) =>
      request.url === '/api/auth/siwe/link' ? jsonResponse(409, { message: SIWE_TEXTS.addressTaken }) : undefined,
    );
    const { walletConfig, user } = renderApp('/account');
    await act(() => connectTestWallet(walletConfig));

    await user.click(await screen.findByRole('button', { name: LINK_BUTTON }));

    expect((await screen.findByRole('alert')).textContent).toBe(SIWE_TEXTS.addressTaken);
    expect(screen.queryByTestId('linked-address')).toBeNull();
  });

  it('says the verification failed when the server gives no reason', async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server((request) => (request.url === '/api/auth/siwe/link' ? new Response('bad gateway', { status: 502 }) : undefined));
    const { walletConfig, user } = renderApp('/account');
    await act(() => connectTestWallet(walletConfig));
    await user.click(await screen.findByRole('button', { name: LINK_BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_EN.linkWallet.verifyError);
  });

  it('says preparing the message failed when no nonce can be had, and asks for no signature', async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = server((request) =>
      request.url === '/api/auth/siwe/link-nonce' ? jsonResponse(429, { message: 'slow down' }) : undefined,
    );
    const { walletConfig, user } = renderApp('/account');
    await act(() => connectTestWallet(walletConfig));
    await user.click(await screen.findByRole('button', { name: LINK_BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_EN.linkWallet.prepareError);
    expect(rpcCalls(requests, 'eth_sign')).toHaveLength(0);
  });

  it('says signing failed when the wallet refuses, and sends nothing to the server', async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = server(() => undefined);
    const walletConfig = createTestWalletConfig({ features: { signMessageError: true } });
    const { user } = renderApp('/account', walletConfig);
    await act(() => connectTestWallet(walletConfig));
    await user.click(await screen.findByRole('button', { name: LINK_BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_EN.linkWallet.signError);
    expect(requests.some((request) => request.url === '/api/auth/siwe/link')).toBe(false);
  });
});

describe('adding an e-mail to a wallet-only account', () => {
  const walletOnly = { ...testUser, name: '0xf39f…2266', email: null };
  /** A wallet-only account has no password: the form asks for none. */
  const noPassword = (request: RecordedRequest) =>
    request.url === '/api/account/security'
      ? jsonResponse(200, { twoFactorEnabled: false, hasPassword: false, withdrawalsHeldUntil: null })
      : undefined;

  it('shows no e-mail and a form, sends the address and says a link was mailed', async () => {
    signInAs('token-1', walletOnly);
    let email: string | null = null;
    const { requests } = installFetch((request) => {
      if (request.url === '/api/account/email') {
        email = (request.body as { email: string }).email;
        return jsonResponse(200, { message: SERVER_TEXTS.emailAdded });
      }
      return (
        noPassword(request) ??
        backgroundReads(request, accountFixture({ user: { ...walletOnly, email }, emailVerified: false })) ??
        chainRpc(request) ??
        jsonResponse(404, {})
      );
    });
    const { user } = renderApp('/account');

    expect(await screen.findByText('No e-mail address')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail address'), 'Wallet.Owner@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));

    expect(await screen.findByText(SERVER_TEXTS.emailAdded)).toBeTruthy();
    expect(requests.find((request) => request.url === '/api/account/email')).toMatchObject({
      method: 'POST',
      body: { email: 'wallet.owner@example.com' },
    });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    // The account is read again: the address now shows, not verified yet.
    expect(await screen.findByText('wallet.owner@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Not verified')).toBeTruthy());
  });

  it('checks the address before sending it', async () => {
    signInAs('token-1', walletOnly);
    const { requests } = installFetch(
      (request) =>
        backgroundReads(request, accountFixture({ user: walletOnly, emailVerified: false })) ??
        chainRpc(request) ??
        jsonResponse(404, {}),
    );
    const { user } = renderApp('/account');
    await user.type(await screen.findByLabelText('E-mail address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/account/email')).toBe(false);
  });

  it('shows the server’s refusal (an address another account uses)', async () => {
    signInAs('token-1', walletOnly);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFetch((request) =>
      request.url === '/api/account/email'
        ? jsonResponse(409, { message: SERVER_TEXTS.emailTaken })
        : (backgroundReads(request, accountFixture({ user: walletOnly, emailVerified: false })) ??
          chainRpc(request) ??
          jsonResponse(404, {})),
    );
    const { user } = renderApp('/account');
    await user.type(await screen.findByLabelText('E-mail address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText(SERVER_TEXTS.emailTaken)).toBeTruthy();
  });

  it('lets an unverified address be replaced', async () => {
    signInAs('token-1');
    installFetch(
      (request) =>
        backgroundReads(request, accountFixture({ user: testUser, emailVerified: false })) ??
        chainRpc(request) ??
        jsonResponse(404, {}),
    );
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('New e-mail address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use this address' })).toBeTruthy();
  });
});

describe('changing the e-mail address (issue 23)', () => {
  it("asks a verified account for its password and two-factor code, sends them, and shows the server's refusal", async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = installFetch((request) => {
      if (request.url === '/api/account/email') return jsonResponse(400, { message: 'Your current password is not correct.' });
      if (request.url === '/api/account/security')
        return jsonResponse(200, { twoFactorEnabled: true, hasPassword: true, withdrawalsHeldUntil: null });
      return (
        backgroundReads(request, accountFixture({ user: testUser, emailVerified: true })) ??
        chainRpc(request) ??
        jsonResponse(404, {})
      );
    });
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Change e-mail address' }));
    const field = screen.getByLabelText('New e-mail address');
    const form = within(field.closest('form')!);
    await user.type(field, 'new@example.com');
    await user.type(await form.findByLabelText('Current password'), 'guess');
    await user.type(await form.findByLabelText('Two-factor code'), '123456');
    await user.click(form.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
    expect(requests.find((request) => request.url === '/api/account/email')).toMatchObject({
      method: 'POST',
      body: { email: 'new@example.com', currentPassword: 'guess', code: '123456' },
    });
  });
});
