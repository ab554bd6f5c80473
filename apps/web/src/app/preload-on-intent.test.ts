import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadRoute, registerRoutePreload } from '../lib/route-preload';
import { preloadOnIntent } from './preload-on-intent';

const account = vi.fn();
const verify = vi.fn();
registerRoutePreload('/test-account', account);
registerRoutePreload('/test-verify/:token', verify);

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
});

function element(html: string): Element {
  document.body.insertAdjacentHTML('beforeend', html);
  return document.body.lastElementChild as Element;
}

describe('preloading the next page', () => {
  it('fetches the page a path shows, whatever its parameters and query; nothing for an unknown path', () => {
    preloadRoute('/test-verify/abc123?from=mail');
    expect(verify).toHaveBeenCalledTimes(1);
    preloadRoute('/test-nowhere');
    expect(account).not.toHaveBeenCalled();
  });

  it('on the hover, focus or touch of a link to it, or of a control marked data-preload, not of a link elsewhere', () => {
    stop = preloadOnIntent(document);
    const link = element('<a href="/test-account"><span>My account</span></a>');
    link.firstElementChild?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(account).toHaveBeenCalledTimes(1);
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    element('<button data-preload="/test-account">My account</button>').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(account).toHaveBeenCalledTimes(3);

    element('<a href="https://example.com/test-account">elsewhere</a>').dispatchEvent(
      new Event('pointerover', { bubbles: true }),
    );
    element('<p>text</p>').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(account).toHaveBeenCalledTimes(3);

    stop();
    stop = null;
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(account).toHaveBeenCalledTimes(3);
  });
});
