import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { historyEventName } from './responsible-gaming-text';

const at = '2030-01-01T12:00:00.000Z';

afterEach(async () => {
  await activateLanguage('en');
});

describe('historyEventName: the history in words, never the server event name', () => {
  it('says each event the server records in English', () => {
    expect(historyEventName({ kind: 'limit_changed', at, detail: { kind: 'loss', period: 'day' } })).toBe(
      'Changed your 24-hour loss limit',
    );
    expect(historyEventName({ kind: 'reality_check_changed', at, detail: {} })).toBe('Changed your reality check');
    expect(historyEventName({ kind: 'time_out_started', at, detail: {} })).toBe('Started a time-out');
    expect(historyEventName({ kind: 'self_exclusion_started', at, detail: {} })).toBe('Started a self-exclusion');
    expect(historyEventName({ kind: 'self_exclusion_end_requested', at, detail: {} })).toBe('Asked to end your self-exclusion');
  });

  it('says them in French', async () => {
    await activateLanguage('fr');
    expect(historyEventName({ kind: 'limit_changed', at, detail: { kind: 'deposit', period: 'week' } })).toBe(
      'Modification de votre limite de dépôt sur 7 jours',
    );
    expect(historyEventName({ kind: 'time_out_started', at, detail: {} })).toBe('Début d’une pause');
    expect(historyEventName({ kind: 'self_exclusion_end_requested', at, detail: {} })).toBe('Demande de fin d’auto-exclusion');
  });

  it('has words for a limit it cannot name and an event it does not know, never the raw name', () => {
    expect(historyEventName({ kind: 'limit_changed', at, detail: { kind: 'bogus' } })).toBe('Changed a limit');
    expect(historyEventName({ kind: 'something_new', at, detail: {} })).toBe('Changed a setting');
    expect(historyEventName({ kind: 'toString', at, detail: {} })).toBe('Changed a setting');
  });
});
