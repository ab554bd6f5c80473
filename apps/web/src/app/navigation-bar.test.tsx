import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp, signInAs } from '../test/render-app';

describe('navigation bar', () => {
  it('signed out: Non connecté, Sign Up / Login, and My account disabled', () => {
    renderApp('/');
    expect(screen.getByText(TEXTS.notConnected)).toBeTruthy();
    expect(screen.queryByText(TEXTS.connected)).toBeNull();
    // Issue 26: the bar's button and the phone row's (CSS shows one of them at each width).
    expect(screen.getAllByRole('button', { name: 'Sign Up / Login' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    const myAccount = screen.getByRole('button', { name: 'My account' }) as HTMLButtonElement;
    expect(myAccount.disabled).toBe(true);
  });

  it('signed in: Connecté, Logout, and My account leads to /account', async () => {
    signInAs();
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { user, router } = renderApp('/');

    expect(screen.getByText(TEXTS.connected)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign Up / Login' })).toBeNull();
    const myAccount = screen.getByRole('button', { name: 'My account' }) as HTMLButtonElement;
    expect(myAccount.disabled).toBe(false);

    await user.click(myAccount);
    expect(router.state.location.pathname).toBe('/account');
  });

  it('has the logo link home and the menu links', () => {
    renderApp('/contact');
    expect(screen.getByRole('link', { name: 'Shifumi home' }).getAttribute('href')).toBe('/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['How to play ?', '/howtoplay'],
      ['Contact us', '/contact'],
    ]);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Contact us', '/contact'],
      ['My account', '/account'],
      ['How to play ?', '/howtoplay'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Responsible gaming', '/responsible-gaming'],
    ]);
  });

  it('has a burger button that opens the mobile menu with the same items, My account disabled', async () => {
    const { user, router } = renderApp('/');
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).toBeNull();

    await user.click(burger);

    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(burger.getAttribute('aria-label')).toBe('Close menu');
    const menu = screen.getByRole('navigation', { name: 'Mobile menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'How to play ?', 'Contact us']);
    expect((within(menu).getByRole('button', { name: 'My account' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(menu).getByRole('button', { name: 'Sign Up / Login' })).toBeTruthy();

    await user.click(within(menu).getByRole('link', { name: 'How to play ?' }));
    expect(router.state.location.pathname).toBe('/howtoplay');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).toBeNull();
  });

  it('closes the mobile menu with Escape and puts the focus back on the burger', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile menu' });
    within(menu).getByRole('link', { name: 'Home' }).focus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('opens an editable search field where Enter only logs the text', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    const { user, router } = renderApp('/');

    expect(screen.queryByRole('searchbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox');
    expect(document.activeElement).toBe(field);

    await user.type(field, 'rock{Enter}');

    expect(log).toHaveBeenCalledWith('rock');
    expect((field as HTMLInputElement).value).toBe('rock');
    expect(router.state.location.pathname).toBe('/');
    expect(actionRequests(requests)).toHaveLength(0);
  });
});
