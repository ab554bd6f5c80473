/** Issue 26 (item 9): the account page's sections, and the menu that jumps to them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { ACCOUNT_SECTIONS, hiddenEdges } from './account-sections-nav';

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  await activateLanguage('en');
});

/** jsdom lays nothing out: the row's widths and scroll position, as a 375 px phone would have them. */
function layOut(row: HTMLElement, { scrollLeft, scrollWidth, clientWidth }: Record<string, number>) {
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: clientWidth });
  row.scrollLeft = scrollLeft ?? 0;
  fireEvent.scroll(row);
}

describe('account sections', () => {
  it('a menu names every section, and a link brings its section into view with the focus', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const { user } = renderApp('/account');
    const menu = await screen.findByRole('navigation', { name: 'Account sections' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Overview', 'Withdrawals', 'History', 'Limits', 'Security']);
    for (const section of ACCOUNT_SECTIONS) expect(document.getElementById(section.id)).not.toBeNull();
    await user.click(within(menu).getByRole('link', { name: 'Security' }));
    expect(scrolled).toEqual(['security']);
    expect(document.activeElement).toBe(document.getElementById('security'));
    expect(window.location.hash).toBe('#security');
    // Each section holds what it is named for.
    expect(within(document.getElementById('withdrawals')!).getByRole('heading', { name: 'Withdraw' })).toBeTruthy();
    expect(within(document.getElementById('history')!).getByRole('heading', { name: 'Game history' })).toBeTruthy();
    expect(within(document.getElementById('security')!).getByRole('heading', { name: 'Security' })).toBeTruthy();
  });

  it('keeps the section a player jumped to in view while the page above it fills in, until the player scrolls', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    // jsdom lays nothing out: the page's changes of size are played by hand.
    const observers: Array<{ callback: ResizeObserverCallback; observing: boolean }> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly entry: { callback: ResizeObserverCallback; observing: boolean };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, observing: false };
          observers.push(this.entry);
        }
        observe() {
          this.entry.observing = true;
        }
        unobserve() {}
        disconnect() {
          this.entry.observing = false;
        }
      },
    );
    const resize = () => {
      for (const observer of observers.filter((entry) => entry.observing))
        observer.callback([], observer as unknown as ResizeObserver);
    };
    try {
      const { user } = renderApp('/account');
      const menu = await screen.findByRole('navigation', { name: 'Account sections' });
      await user.click(within(menu).getByRole('link', { name: 'Security' }));
      expect(scrolled).toEqual(['security']);
      resize(); // the first report, as observe() starts: the jump's own scroll is under way
      expect(scrolled).toEqual(['security']);
      resize(); // the account's lists arrive above the section
      resize(); // then the responsible-gaming tools
      expect(scrolled).toEqual(['security', 'security', 'security']);
      // The player scrolls: the page is theirs again.
      window.dispatchEvent(new WheelEvent('wheel'));
      resize();
      expect(scrolled).toEqual(['security', 'security', 'security']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('on a phone, says the row scrolls: a faded edge with an arrow where links are hidden (issue 27, item 3)', async () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    Element.prototype.scrollIntoView = vi.fn();
    renderApp('/account');
    const menu = await screen.findByRole('navigation', { name: 'Account sections' });
    const row = within(menu).getByRole('list');
    // Wide enough for every link: no hint.
    layOut(row, { scrollLeft: 0, scrollWidth: 700, clientWidth: 900 });
    expect(menu.hasAttribute('data-hidden-start') || menu.hasAttribute('data-hidden-end')).toBe(false);
    expect(menu.textContent).not.toContain('›');
    // 375 px: Limits and Security past the right edge.
    layOut(row, { scrollLeft: 0, scrollWidth: 700, clientWidth: 343 });
    expect(menu.hasAttribute('data-hidden-end')).toBe(true);
    expect(menu.hasAttribute('data-hidden-start')).toBe(false);
    const arrow = within(menu).getByText('›');
    // The arrow is for the eye: the links are all in the list for a screen reader, and nothing extra is announced.
    expect(arrow.getAttribute('aria-hidden')).toBe('true');
    expect(within(menu).getAllByRole('link')).toHaveLength(ACCOUNT_SECTIONS.length);
    // Scrolled to the end: the hint moves to the start.
    layOut(row, { scrollLeft: 357, scrollWidth: 700, clientWidth: 343 });
    expect(menu.hasAttribute('data-hidden-start')).toBe(true);
    expect(menu.hasAttribute('data-hidden-end')).toBe(false);
    expect(within(menu).getByText('‹').getAttribute('aria-hidden')).toBe('true');
  });

  it('names the menu and its sections in French, and keeps "Retirer" (issue 27)', async () => {
    await activateLanguage('fr');
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/account');
    const menu = await screen.findByRole('navigation', { name: 'Rubriques du compte' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Aperçu', 'Retraits', 'Historique', 'Limites', 'Sécurité']);
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Retirer' })).toBeTruthy();
    expect(within(document.getElementById('withdrawals')!).getByRole('heading', { name: 'Retrait' })).toBeTruthy();
  });
});

describe('hiddenEdges', () => {
  it('tells which ends of a row hide links, a pixel of rounding allowed', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ start: false, end: false });
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 301, clientWidth: 300 })).toEqual({ start: false, end: false });
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: false, end: true });
    expect(hiddenEdges({ scrollLeft: 150, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: true, end: true });
    expect(hiddenEdges({ scrollLeft: 299.5, scrollWidth: 600, clientWidth: 300 })).toEqual({ start: true, end: false });
  });
});
