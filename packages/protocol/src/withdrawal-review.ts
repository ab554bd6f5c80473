/** Issue 26 (decision 040): how long a withdrawal in review usually waits for staff; the player is told "expected by" its request time plus this. */
export const WITHDRAWAL_REVIEW_EXPECTED_HOURS = 24;

/**
 * Why a withdrawal waits for a person, as the server stores it with the withdrawal (English, what staff read in the
 * console). The player's screens recognise each sentence by its template and say it in their language (issue 27).
 */
export const REVIEW_REASONS = {
  aboveThreshold: (limitEth: string) => `Above the review threshold of ${limitEth} ETH.`,
  dailyLimit: (limitEth: string) => `The day's withdrawals exceed ${limitEth} ETH.`,
  openFlag: 'The account has an open flag.',
} as const;
