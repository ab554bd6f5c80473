/**
 * Issue 24: the texts of the lobby, the search's offers, challenges, rematch
 * and practice (with those of home's first load, lobby-home-texts.ts).
 */
import { LOBBY_HOME_TEXTS } from './lobby-home-texts';

export const LOBBY_TEXTS = {
  ...LOBBY_HOME_TEXTS,
  searchingFor: (seconds: number) => `Searching for ${seconds} s`,
  challengeFriend: 'Challenge a friend',
  practise: 'Practise while you wait',
  offersTitle: 'Nobody yet. While you wait:',
  playAtStake: (amount: number, waiting: number) => `Play at ${amount} USDT (${waiting} waiting)`,
  /** After 30 s: every waiting player is linked to this one, or none is at the stake (the reason is never told). */
  cannotBeMatched:
    'Nobody who is searching right now can be matched with you at this stake. Try another stake, challenge a friend, or practise for free.',

  // Challenges
  challengeTitle: (name: string, amount: number) => `${name} challenges you to ${amount} USDT`,
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  copy: 'Copy',
  copied: 'Link copied to clipboard!',
  copyFailed: 'The link could not be copied.',
  challengeCreate: 'Challenge a friend',
  challengeCreateHint: 'Send the link to a friend: the game starts when they accept.',
  yourChallenges: 'Your open challenges',
  challengeExpires: (time: string) => `Open until ${time}`,
  challengeSignIn: 'Sign in or sign up to accept. You come back here afterwards.',
  signIn: 'Sign in',
  signUp: 'Sign up',
  challengeLink: 'Challenge link',
  challengeQr: 'QR code of the challenge link',
  challengeExpired: 'This challenge has expired.',
  challengeCancelled: 'This challenge was cancelled by its challenger.',
  challengeTaken: 'This challenge has already been accepted.',
  challengeUnknown: 'This challenge does not exist.',
  challengeOwn: 'This is your own challenge: send its link to a friend.',
  challengeAccepted: 'Your challenge was accepted: the game starts.',

  // Server refusals of challenges
  challengeNotFound: 'This challenge does not exist.',
  challengeNotOpen: 'This challenge is no longer open.',
  challengeIsYours: 'You cannot accept your own challenge.',
  tooManyChallenges: (max: number) => `You can have at most ${max} open challenges. Cancel one first.`,
  challengerAway: 'Your challenger is not connected right now. Try again when they are back.',
  challengerBusy: 'Your challenger is searching or playing right now. Try again in a moment.',
  challengerUnable: 'Your challenger cannot play this stake right now.',
  cannotAcceptFromAccount: 'This challenge cannot be accepted from this account.',
  youAreBusy: 'You are already searching or playing.',
  notYourChallenge: 'Only the challenger can cancel a challenge.',

  // Rematch
  rematch: 'Rematch',
  rematchWaiting: 'Rematch asked. Waiting for your opponent…',
  rematchOffered: (name: string) => `${name} wants a rematch.`,
  rematchDeclined: {
    declined: 'Your opponent declined the rematch.',
    timeout: 'Your opponent did not answer the rematch.',
    left: 'Your opponent has gone.',
    unable: 'The rematch cannot start now.',
  },
  rematchNotAfterLeave: 'No rematch after a game a player left.',
  rematchUnknownGame: 'This game cannot be played again.',
  rematchExpired: 'This rematch offer has expired.',

  // Practice
  practiceLabel: 'Practice — no money',
  practiceBot: 'Practice bot',
  waitingForBot: 'Choice locked. Waiting for the bot…',
  stillSearching: (amount: number) => `Still looking for an opponent at ${amount} USDT…`,

  // End of game
  finalScore: (mine: number, theirs: number) => `Final score ${mine}–${theirs}`,
  roundByRound: 'Round by round',
  roundLine: (round: number, mine: string, theirs: string, outcome: string) => `Round ${round}: ${mine} vs ${theirs} · ${outcome}`,
  verifyGame: 'Verify this game',
  newBalance: (eth: string) => `New balance: ${eth} ETH`,
} as const;
