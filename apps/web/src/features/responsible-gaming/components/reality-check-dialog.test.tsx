import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { RealityCheckDialog } from './reality-check-dialog';
import { consequence } from './responsible-gaming-consequence';

afterEach(() => activateLanguage('en'));

const NO_LIMITS = {
  limits: [],
  realityCheckMinutes: 60,
  realityCheckPending: null,
  timeOut: null,
  selfExclusion: null,
  history: [],
};

describe('responsible gaming in both languages (issue 27)', () => {
  it('says the reality check in English, then in French at once, with the amounts as each language writes them', async () => {
    render(<RealityCheckDialog minutesPlayed={75} netResultUsd={-1250.5} onContinue={vi.fn()} onStop={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('You have been playing for 1 h 15 min in this session.');
    expect(dialog.querySelector('strong')?.textContent).toBe('1 h 15 min');
    expect(dialog.textContent).toContain('Your result in this session: down $1,250.50.');

    await act(() => activateLanguage('fr'));
    expect(screen.getByRole('alertdialog', { name: 'Rappel de temps de jeu' })).toBeTruthy();
    expect(dialog.textContent).toContain('Vous jouez depuis 1 h 15 min pendant cette session.');
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('en perte de 1 250,50 $');
    expect(screen.getByRole('button', { name: 'Arrêter de jouer' })).toBeTruthy();
  });

  it('names a limit the way each language does in its confirmation', async () => {
    const pending = { action: 'limit', kind: 'loss', period: 'day', amountUsd: 10, current: null } as const;
    expect(consequence(pending, NO_LIMITS).text).toBe('Your 24-hour loss limit will be $10, starting now.');
    await activateLanguage('fr');
    expect(consequence(pending, NO_LIMITS).text.replace(/\s/g, ' ')).toBe(
      'Votre limite de pertes sur 24 heures sera de 10 $, dès maintenant.',
    );
  });
});
