/**
 * The account status banner in English (issue 26, decision 040; issue 27):
 * each state that changes what a signed-in player may do, with its reason and
 * its end. A namespace of its own: the banner shows on every page of a
 * signed-in player, in a chunk of its own (what was `account-status-texts.ts`).
 */
export const STATUS_EN = {
  bannerLabel: 'Your account',
  frozen: 'Your account is frozen: playing and withdrawals are paused. Reason given by Shifumi staff: {reason}',
  frozenContact: 'Contact support',
  withdrawalReview:
    'Your withdrawal of {amount} ETH is in review: {reason} Shifumi staff usually decide within {hours} hours, by {when}.',
  /** Why a withdrawal waits, as the server stores it (ADMIN_TEXTS.reviewReasons) said in the reader's language. */
  reviewReasons: {
    aboveThreshold: 'Above the review threshold of {limit} ETH.',
    dailyLimit: 'The day’s withdrawals exceed {limit} ETH.',
    openFlag: 'The account has an open flag.',
  },
  withdrawalHold:
    'For your safety, withdrawals are paused after a change of password, e-mail address or two-factor authentication. You can withdraw again from {until}.',
  limitReached: {
    deposit: 'You have reached your {period} deposit limit of {amount}. New deposits are held until older ones leave its window.',
    loss: 'You have reached your {period} loss limit of {amount}. Games that could take you past it are refused until older games leave its window.',
    wager:
      'You have reached your {period} wager limit of {amount}. Games that could take you past it are refused until older games leave its window.',
  },
  periods: { day: 'daily', week: 'weekly', month: 'monthly' },
  limitsLink: 'Your limits',
  timeOut: 'You are taking a time-out until {when}. You can still see your account, download statements and withdraw.',
  selfExclusion: 'You are self-excluded until {when}. You can still see your account, download statements and withdraw.',
  selfExclusionAtTerm: 'Your self-exclusion has reached its term. It ends 24 hours after you ask, from your account page.',
  protectionLink: 'About time-outs and self-exclusion',
} as const;
