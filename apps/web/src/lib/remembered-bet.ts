/**
 * The bet amount the player chose last (issue 14): Play Now's selector opens
 * on it on the next visit, as the character is remembered (selected-character.ts).
 */
import { BET_AMOUNTS, type BetAmount } from '@shifumi/protocol/constants';

const STORAGE_KEY = 'shifumi.betAmount';

export function getRememberedBet(): BetAmount | null {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return (BET_AMOUNTS as readonly number[]).includes(stored) ? (stored as BetAmount) : null;
  } catch {
    return null;
  }
}

export function rememberBet(amount: BetAmount | null): void {
  try {
    if (amount === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, String(amount));
  } catch (error) {
    console.error('Could not remember the bet amount', error);
  }
}
