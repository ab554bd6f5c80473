/** The /responsible-gaming page in English (issue 27; issue 19), loaded with its page. */
export const RESPONSIBLE_GAMING_PAGE_EN = {
  eyebrow: 'Help',
  title: 'Responsible gaming',
  intro:
    'Shifumi should stay fun. These tools help you decide how much and how long you play. You find them all in the Responsible gaming section of your account page, and using them is always a good idea.',
  limits: {
    title: 'Deposit, loss and wager limits',
    windows:
      'You can set each limit for 24 hours, 7 days or 30 days (rolling windows). A deposit limit caps what you deposit, a loss limit what you can lose (stakes lost minus winnings), a wager limit what you stake in total. Limits are in US dollars, at the same ETH price as the stakes.',
    wholeStake:
      'A game counts as a possible loss of its whole stake, so a game that could take you over a loss or wager limit does not start: you are told which limit and when you can play that amount again. Reaching a limit exactly is allowed.',
    deposits:
      'A deposit cannot be refused on the blockchain. A deposit above your deposit limit is credited in full, and the part above the limit is held: it cannot be played until the window frees it, and you can withdraw it at any time.',
    changes:
      'Setting or lowering a limit works at once. Raising or removing one takes effect after 24 hours, and you can cancel the change until then.',
  },
  realityCheck: {
    title: 'Reality check',
    reminder:
      'A reminder every 15, 30 or 60 minutes (60 unless you choose otherwise) shows how long you have played in this session and your result. You can continue, or stop playing: that leaves the queue and opens your account. It never interrupts a game; it waits for the game to end.',
    changes: 'More frequent reminders start at once; less frequent ones (or none) after 24 hours.',
  },
  timeOut: {
    title: 'Time-out',
    text: 'A break of 24 hours, 7 days, 30 days or 6 weeks. It starts at once and cannot be undone early. During it you cannot play, but you can sign in, see your account, download statements and withdraw. Deposits are credited but cannot be played until it ends. A game already running finishes by the usual rules.',
  },
  selfExclusion: {
    title: 'Self-exclusion',
    text: 'A longer break: 6 months, 1 year or 5 years. It starts at once and cannot be undone early. When its term has passed, it only ends if you ask, and 24 hours after you ask. Everything else works as in a time-out. We send no marketing messages while it runs; we still write about your account’s security.',
  },
  statements: {
    title: 'Statements',
    text: 'Your account page lets you download every movement of your balance — deposits, stakes, payouts, refunds, withdrawals — for any period, as a CSV file. The running balance in it is the one our ledger records.',
  },
  age: {
    title: 'Age and Terms',
    text: 'Shifumi is for adults only. When you open an account you confirm that you are 18 or older and accept the Terms.',
  },
  help: {
    title: 'Independent help',
    organisations:
      'If gambling is no longer fun, or you worry about someone else’s play, free and confidential help is available from independent organisations: national gambling helplines, counselling services, and peer support groups such as Gamblers Anonymous. Many countries also offer self-exclusion schemes that cover every licensed operator, and blocking software that stops gambling sites on your devices. Your doctor can point you to local services too.',
    talk: 'You do not need to be sure there is a problem to talk to someone.',
  },
} as const;
