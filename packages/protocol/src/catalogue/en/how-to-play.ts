/**
 * How to play in English (issue 27; spec S2 "How to play"), loaded with its
 * page. `<b>…</b>` marks the words shown in bold (lib/i18n/rich-text.tsx).
 */
export const HOW_TO_PLAY_EN = {
  eyebrow: 'Help',
  title: 'How to play',
  intro:
    'Shifumi is rock, paper, scissors against a real person, in real time, with real money on the line. Here is everything you need to know before your first match.',
  quickStart: {
    heading: 'Quick Start',
    depositTitle: 'Deposit ETH',
    depositText:
      'Sign in, press Add Funds and send ETH to your personal deposit address. Only ETH is accepted on that address. Your balance is credited once the network confirms the transfer, and it is held in ETH.',
    betTitle: 'Choose your bet',
    betText:
      'Pick an amount from {min} to {max} USDT ({amounts}). Bets are shown in USDT and paid in ETH at the current price, so your balance must cover the bet converted to ETH.',
    matchTitle: 'Select your character and find a match',
    matchText:
      'Pick one of the four characters, press Play Now and we pair you with another player betting the same amount. You can cancel while the search is running.',
  },
  rules: {
    heading: 'Game rules',
    rockBeatsScissors: '<b>Rock</b> beats <b>scissors</b>',
    scissorsBeatPaper: '<b>Scissors</b> beat <b>paper</b>',
    paperBeatsRock: '<b>Paper</b> beats <b>rock</b>',
    round:
      'Each round lasts <b>{seconds} seconds</b>. Both players choose in secret; once you have chosen, your choice is locked.',
    timeout: 'If the timer reaches zero before you choose, <b>rock</b> is played for you.',
    draw: 'When both players show the same hand, the round is a draw: nobody scores and a new round starts.',
    win: 'The first player to win <b>{rounds} rounds</b> wins the match.',
  },
  win: {
    heading: 'How to win',
    roundsTitle: 'Win {rounds} rounds',
    roundsText: 'A match has no fixed length: draws do not count, so it lasts until one player reaches {rounds} round wins.',
    doubleTitle: 'Take double the bet',
    doubleText: 'Both players bet the same amount. The winner receives double the bet, credited to their balance.',
    stayTitle: 'Stay until the end',
    stayText: 'If your opponent leaves the match, you win it. If you leave or reload the page during a match, you lose it.',
  },
  fairPlay: {
    heading: 'Fair play',
    sealedTitle: 'Your choice is sealed in your browser',
    sealedText:
      'Before your choice leaves your device, your browser locks it as a seal: a SHA-256 fingerprint of the game, the round, you, your choice and a secret random salt. Nobody — not the server, not someone reading its database or the traffic between its machines — can pass your choice to your opponent before they have locked theirs: your browser reveals it only once both players have locked. A seal names you, the game and the round, so your opponent cannot copy it.',
    signedTitle: 'Every game is signed, and you can check it',
    signedText:
      'At the end of a game, the server signs its transcript: each round with both choices and their seals, the winner and the payout. Check it on the Verify page or offline: every seal must match its choice, every round and the game must follow the rules, the winner must receive twice the stake, and the signature must match Shifumi’s public key.',
    hiddenTitle: 'A hidden choice loses the round',
    hiddenText:
      'Once both players have locked, each browser has {seconds} seconds to reveal its choice. A choice that is not revealed in time, or does not match its seal, loses the round (both: a draw), so hiding a choice never pays.',
    limitsTitle: 'What sealing cannot do',
    limitsText:
      'It cannot stop two players who tell each other their choices, or a program playing for someone. And it relies on the page your browser runs, which comes from Shifumi: the signed transcript is what lets you, or anyone you show it to, check a game afterwards.',
    verifyLink: 'Check a game on the Verify page',
  },
  tips: {
    heading: 'Pro tips',
    beforeLastSecond:
      'Choose before the last second. Running out of time plays rock, and an opponent who knows it will answer with paper.',
    habits: 'Watch for habits. Many players repeat a hand that just won and switch after a loss; few play truly at random.',
    vary: 'Vary your own choices so you are not the predictable one.',
    small: 'Start with small bets while you learn the rhythm of a match.',
    connection: 'Play on a stable connection: leaving a match, even by accident, loses it.',
    verifyEmail: 'Verify your e-mail address early — withdrawals need a verified address.',
    budget: 'Set yourself a budget before you play and stop when you reach it. Never bet money you cannot afford to lose.',
  },
} as const;
