import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { FAIRNESS_TEXTS } from '@shifumi/protocol/fairness-texts';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('How to play: Fair play (issue 17)', () => {
  it('says what sealing protects, what a player can check, the reveal window, and links to /verify', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/howtoplay');
    const heading = await screen.findByRole('heading', { name: 'Fair play', level: 2 });
    const section = heading.closest('section')!;
    for (const item of FAIRNESS_TEXTS.howToPlay.items) expect(within(section).getByRole('heading', { name: item.title, level: 3 })).toBeTruthy();
    expect(section.textContent).toContain('each browser has 3 seconds to reveal its choice');
    expect(section.textContent).toContain('your opponent cannot copy it');
    expect(within(section).getByRole('link', { name: FAIRNESS_TEXTS.howToPlay.verifyLink }).getAttribute('href')).toBe('/verify');
  });
});
