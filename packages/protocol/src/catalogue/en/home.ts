/** Home in English (issue 27): the hero, the balance and the play panel (home's first load). */
export const HOME_EN = {
  hero: {
    eyebrow: 'Live 1 vs 1 matches',
    titleStart: 'Rock, paper, scissors — ',
    titleHighlight: 'for real.',
    lead: 'Face another player live. Ten seconds a round, first to two round wins takes the pot: double the bet.',
    characterLabel: 'Your character: {name}',
    changeCharacter: 'Change Character',
    pickerTitle: 'Choose your character',
    pickerText: 'Your opponent sees it during the match.',
  },
  online: {
    players: '{count, plural, one {player online} other {players online}}',
  },
  balance: {
    label: 'Balance',
    showIn: 'Show in {currency}',
  },
  play: {
    title: 'Play a match',
    betAmount: 'Bet amount',
    chooseAmount: 'Select an amount',
    waiting: '{count} waiting',
    waitingAt: '{count} waiting at {amount} USDT',
    cancel: 'Cancel',
    playNow: 'Play Now',
    addFunds: 'Add Funds',
    practice: 'Practice',
    searching: 'Looking for an opponent at {amount} USDT…',
    signInHint: 'Sign in to play and to add funds.',
    selectAmount: 'Please select an amount to play.',
    insufficientBalance: 'Insufficient balance. You need at least {eth} ETH to play.',
    needsConnection: 'Play Now waits for the live connection to the game server.',
    connectionLost:
      'The connection to the game server was lost, so the search stopped. Press Play Now again once the connection is Live.',
  },
} as const;
