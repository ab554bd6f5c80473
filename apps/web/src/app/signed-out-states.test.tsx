/** Issue 26: a forced sign-out is said again after the reload; a visitor's ways in to the sign-in dialog. */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ADMIN_TEXTS } from '@shifumi/protocol';
import { SHELL_EN } from '@shifumi/protocol/catalogue/en/shell';
import { handleForcedDisconnect } from '../lib/socket';
import { loadPage } from '../lib/page-navigation';
import { backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

vi.mock('../lib/page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

describe('signed out by the server', () => {
  it('alerts the message, reloads on /, and the page after the reload says it again until dismissed, once', async () => {
    const message = ADMIN_TEXTS.accountFrozenDisconnectWithReason('Chargeback investigation');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    window.localStorage.setItem('some-key', 'x');
    handleForcedDisconnect(message);
    expect(alert).toHaveBeenCalledWith(message);
    expect(window.localStorage.getItem('some-key')).toBeNull();
    expect(loadPage).toHaveBeenCalledWith('/');

    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { user, unmount } = renderApp('/');
    const notice = await screen.findByTestId('signed-out-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(SHELL_EN.signedOut.title);
    expect(notice.textContent).toContain('Reason: Chargeback investigation');
    await user.click(within(notice).getByRole('button', { name: SHELL_EN.dismiss }));
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
    unmount();
    // A later reload does not say it again.
    renderApp('/');
    await screen.findByRole('button', { name: 'Play Now' });
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
  });
});

describe('a visitor on home', () => {
  it('"Sign in to play and to add funds." is a button that opens the sign-in dialog', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign in to play and to add funds.' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Shifumi' })).toBeTruthy();
  });
});
