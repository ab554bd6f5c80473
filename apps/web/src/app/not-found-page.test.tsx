import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  it('shows a not-found page with a way home for unknown routes', async () => {
    const { user, router } = renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/', 'Rock, paper, scissors — for real.'],
    ['/home', 'Rock, paper, scissors — for real.'],
    ['/howtoplay', 'How to play'],
    ['/contact', 'Contact us'],
  ])('%s shows its page', (path, heading) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });

  it('shows the Quick Start with three steps on How to play', () => {
    renderApp('/howtoplay');
    expect(screen.getByRole('heading', { name: 'Quick Start' })).toBeTruthy();
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .slice(0, 3)
        .map((heading) => heading.textContent),
    ).toEqual(['Deposit ETH', 'Choose your bet', 'Select your character and find a match']);
  });
});
