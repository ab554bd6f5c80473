/**
 * The search's status and offers, and challenges by link, in English
 * (issue 27): loaded with the search status, the player's challenges and the
 * challenge page, never on home's first load.
 */
export const LOBBY_EN = {
  search: {
    looking: 'Looking for an opponent at {amount} USDT…',
    elapsed: 'Searching for {seconds} s',
    offersTitle: 'Nobody yet. While you wait:',
    playAtStake: 'Play at {amount} USDT ({waiting} waiting)',
    cannotBeMatched:
      'Nobody who is searching right now can be matched with you at this stake. Try another stake, challenge a friend, or practise for free.',
    challengeFriend: 'Challenge a friend',
    practise: 'Practise while you wait',
  },
  challenge: {
    title: '{name} challenges you to {amount} USDT',
    detail: '{character} · {amount} USDT',
    accept: 'Accept',
    signInHint: 'Sign in or sign up to accept. You come back here afterwards.',
    signIn: 'Sign in',
    signUp: 'Sign up',
    expired: 'This challenge has expired.',
    cancelled: 'This challenge was cancelled by its challenger.',
    taken: 'This challenge has already been accepted.',
    unknown: 'This challenge does not exist.',
    own: 'This is your own challenge: send its link to a friend.',
    needsConnection: 'Play Now waits for the live connection to the game server.',
  },
  own: {
    create: 'Challenge a friend',
    createHint: 'Send the link to a friend: the game starts when they accept.',
    selectAmount: 'Please select an amount to play.',
    yours: 'Your open challenges',
    stake: '{amount} USDT',
    expires: 'Open until {time}',
    link: 'Challenge link',
    qr: 'QR code of the challenge link',
    copy: 'Copy',
    cancel: 'Cancel',
    copied: 'Link copied to clipboard!',
    copyFailed: 'The link could not be copied.',
  },
} as const;
