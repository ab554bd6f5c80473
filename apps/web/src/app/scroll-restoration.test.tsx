import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';

afterEach(() => {
  Reflect.deleteProperty(window, 'scrollY');
});

describe('scroll position across navigations', () => {
  it('opens a new page at the top, and Back returns to where the page was left', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });

    await act(() => router.navigate('/howtoplay'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
