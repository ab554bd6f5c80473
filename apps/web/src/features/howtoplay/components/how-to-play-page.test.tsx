import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HOW_TO_PLAY_EN } from '@shifumi/protocol/catalogue/en/how-to-play';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

const FAIR_PLAY = HOW_TO_PLAY_EN.fairPlay;

afterEach(() => activateLanguage('en'));

describe('How to play: Fair play (issue 17)', () => {
  it('says what sealing protects, what a player can check, the reveal window, and links to /verify', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/howtoplay');
    const heading = await screen.findByRole('heading', { name: 'Fair play', level: 2 });
    const section = heading.closest('section')!;
    for (const title of [FAIR_PLAY.sealedTitle, FAIR_PLAY.signedTitle, FAIR_PLAY.hiddenTitle, FAIR_PLAY.limitsTitle])
      expect(within(section).getByRole('heading', { name: title, level: 3 })).toBeTruthy();
    expect(section.textContent).toContain('each browser has 3 seconds to reveal its choice');
    expect(section.textContent).toContain('your opponent cannot copy it');
    expect(within(section).getByRole('link', { name: FAIR_PLAY.verifyLink }).getAttribute('href')).toBe('/verify');
  });
});

describe('How to play in French (issue 27)', () => {
  it('is French throughout, with the game numbers and the winning hands in bold', async () => {
    await activateLanguage('fr');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/howtoplay');
    expect(await screen.findByRole('heading', { name: 'Comment jouer', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Démarrage rapide', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Jeu équitable', level: 2 })).toBeTruthy();

    const rules = screen.getByRole('heading', { name: 'Règles du jeu', level: 2 }).closest('section')!;
    const beats = within(rules).getByText((_, element) => element?.textContent === 'La pierre bat les ciseaux');
    expect([...beats.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual(['pierre', 'ciseaux']);
    expect(rules.textContent).toContain('Chaque manche dure 10 secondes.');
    expect(rules.textContent).toContain('remporter 2 manches');
    expect(screen.getByText(/Choisissez un montant de 1 à 100 USDT/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vérifier une partie sur la page Vérifier' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Quick Start');
  });
});
