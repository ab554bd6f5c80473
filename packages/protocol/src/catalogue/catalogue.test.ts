import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../language';
import { CATALOGUES } from './index';
import { flattenMessages } from './types';

/** The argument names of an ICU message: `{count, plural, …}` and `{name}` give `count` and `name`. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => match[1] ?? ''))].sort();
}

describe('the web catalogues (issue 27)', () => {
  const english = Object.fromEntries(Object.entries(CATALOGUES.en).map(([name, texts]) => [name, flattenMessages(texts)]));

  it('has the same namespaces, keys and placeholders in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUES[language]).sort(), language).toEqual(Object.keys(CATALOGUES.en).sort());
      for (const [name, texts] of Object.entries(CATALOGUES[language])) {
        const flat = flattenMessages(texts);
        const source = english[name] ?? {};
        expect(Object.keys(flat).sort(), `${language} ${name}`).toEqual(Object.keys(source).sort());
        for (const [key, message] of Object.entries(flat)) {
          expect(message.trim(), `${language} ${name}.${key}`).not.toBe('');
          expect(placeholders(message), `${language} ${name}.${key}`).toEqual(placeholders(source[key] ?? ''));
        }
      }
    }
  });

  it('keeps the spec words in English and speaks French in French', () => {
    expect(CATALOGUES.en.shell.nav.connected).toBe('Connecté');
    expect(CATALOGUES.en.shell.nav.notConnected).toBe('Non connecté');
    expect(CATALOGUES.en.shell.nav.howToPlay).toBe('How to play ?');
    expect(CATALOGUES.fr.shell.nav.home).toBe('Accueil');
    expect(CATALOGUES.fr.recent.title).not.toBe(CATALOGUES.en.recent.title);
    // The playing screens (spec S2, S5.02, S8.06): English keeps the spec's words exactly.
    expect(CATALOGUES.en.game.over.opponentLeft).toBe('Your opponent has left the game?!');
    expect([CATALOGUES.en.game.over.playAgain, CATALOGUES.en.game.over.goHome]).toEqual(['Play Again', 'Go Home']);
    expect(CATALOGUES.en.game.over.win).toBe('You Win +{amount}');
    expect(CATALOGUES.en.home.play.playNow).toBe('Play Now');
    expect(CATALOGUES.en.home.play.selectAmount).toBe('Please select an amount to play.');
    expect([CATALOGUES.en.contact.success, CATALOGUES.en.contact.failure]).toEqual([
      'Form submitted successfully',
      'Error submitting form',
    ]);
    expect([CATALOGUES.en.contact.name, CATALOGUES.en.contact.email, CATALOGUES.en.contact.message]).toEqual([
      'Full Name',
      'Email Address',
      'Your Message',
    ]);
    expect(CATALOGUES.fr.game.over.opponentLeft).toBe('Votre adversaire a quitté la partie !');
  });

  it('finds placeholders the way the parity check needs', () => {
    expect(placeholders('{count, plural, one {# game} other {# games}}')).toEqual(['count']);
    expect(placeholders('{player1} vs {player2}')).toEqual(['player1', 'player2']);
  });
});
