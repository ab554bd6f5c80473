/**
 * Issue 24: the server's refusals of challenges and rematches, in English
 * (refusals.ts and socket-refusals.ts say them; their French is in
 * refusals-fr.ts and the socket refusals). Issue 27: what the screens show of
 * the lobby, the search, challenges, rematch and practice is in the web's
 * catalogues (`catalogue/<language>/lobby.ts` and `game.ts`).
 */
export const LOBBY_TEXTS = {
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

  // Server refusals of rematches
  rematchDeclined: {
    unable: 'The rematch cannot start now.',
  },
  rematchNotAfterLeave: 'No rematch after a game a player left.',
  rematchUnknownGame: 'This game cannot be played again.',
  rematchExpired: 'This rematch offer has expired.',
} as const;
