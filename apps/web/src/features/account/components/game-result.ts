/** A game's result as the history shows it (spec S3 "Game history item"): Victory, Defeat, and anything else a Draw. */
import type { MessageKey } from '../../../lib/i18n/i18n';

export function resultLabel(result: string): 'Victory' | 'Defeat' | 'Draw' {
  return result === 'Victory' || result === 'Defeat' ? result : 'Draw';
}

/** The result as the reader's language says it (the spec's Victory, Defeat, Draw in English). */
export function resultKey(result: string): MessageKey {
  const label = resultLabel(result);
  return label === 'Victory' ? 'account.history.victory' : label === 'Defeat' ? 'account.history.defeat' : 'account.history.draw';
}
