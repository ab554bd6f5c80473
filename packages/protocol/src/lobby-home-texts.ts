/**
 * Issue 24: the few lobby texts home's first load shows (its JavaScript
 * budget is tight); the others are in lobby-texts.ts, which includes these.
 */
export const LOBBY_HOME_TEXTS = {
  /** Beside a stake in the amount selector and near Play Now. */
  waiting: (count: number) => `${count} waiting`,
  practice: 'Practice',
} as const;
