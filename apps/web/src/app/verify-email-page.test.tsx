import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SERVER_TEXTS, TEXTS, VERIFY_REDIRECT_MS } from '@shifumi/protocol';
import { App } from './app';
import { installFetch, jsonResponse } from '../test/fetch-mock';
import { createTestRouter, renderApp } from '../test/render-app';
import { AUTH_EN } from '@shifumi/protocol/catalogue/en/auth';

const TOKEN = 'Q2hhbmdlIG1lIHRvIGEgcmVhbCB0b2tlbiBwbGVhc2U';
const PATH = `/verify-email/${TOKEN}`;

describe('verify e-mail page', () => {
  it('shows the verifying view while the request runs', async () => {
    const { requests } = installFetch(() => new Promise<Response>(() => {}));
    renderApp(PATH);
    expect(await screen.findByText('Verifying your e-mail address…')).toBeTruthy();
    expect(requests.map((request) => request.url)).toEqual([`/api/auth/verify-email/${TOKEN}`]);
  });

  it('shows success, then goes home after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFetch(() => jsonResponse(200, { message: 'Your e-mail address has been verified.' }));
    const { router } = renderApp(PATH);

    expect(await screen.findByText('Your e-mail address has been verified.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);

    await act(async () => {
      vi.advanceTimersByTime(VERIFY_REDIRECT_MS - 100);
    });
    expect(router.state.location.pathname).toBe(PATH);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('a link of an address already verified says so, and no failure (issue 26)', async () => {
    installFetch(() => jsonResponse(200, { message: SERVER_TEXTS.emailAlreadyVerified }));
    renderApp(PATH);
    expect(await screen.findByText(SERVER_TEXTS.emailAlreadyVerified)).toBeTruthy();
    expect(screen.queryByText(AUTH_EN.verifyEmail.failedTitle)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error view for any non-OK answer', async () => {
    installFetch(() => jsonResponse(400, { message: 'The verification link is invalid or has expired.' }));
    const { router } = renderApp(PATH);
    expect(await screen.findByText(AUTH_EN.verifyEmail.failedTitle)).toBeTruthy();
    expect(screen.getByText(TEXTS.verifyFailedText)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows the error view for a server failure without a message', async () => {
    installFetch(() => new Response('', { status: 500 }));
    renderApp(PATH);
    expect(await screen.findByText(AUTH_EN.verifyEmail.failedTitle)).toBeTruthy();
  });

  it('does not spend the token twice under StrictMode (a second call would say it is used)', async () => {
    let calls = 0;
    const { requests } = installFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(200, { message: 'Your e-mail address has been verified.' })
        : jsonResponse(400, { message: 'used' });
    });
    const { Router } = createTestRouter(PATH);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <StrictMode>
        <App Router={Router} queryClient={queryClient} />
      </StrictMode>,
    );

    expect(await screen.findByText('Your e-mail address has been verified.')).toBeTruthy();
    expect(screen.queryByText(AUTH_EN.verifyEmail.failedTitle)).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('does not call the server with a token that cannot be one', async () => {
    const { requests } = installFetch(() => jsonResponse(200, {}));
    renderApp('/verify-email/short');
    expect(await screen.findByText(AUTH_EN.verifyEmail.failedTitle)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
