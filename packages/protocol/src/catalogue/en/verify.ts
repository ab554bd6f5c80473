/**
 * The `/verify` page in English (issue 17, moved here by issue 27): a
 * namespace loaded with the page. The checks' titles and meanings are also in
 * `fairness-texts.ts`, which `npm run verify:game` prints (English only); each
 * check's detail still comes from `@shifumi/fairness` in English.
 */
export const VERIFY_EN = {
  eyebrow: 'Fair play',
  title: 'Verify a game',
  intro:
    'Every game on Shifumi has a transcript signed by the server: who played what in each round, the seals of the choices, the winner and the payout. Paste or upload one here and your browser checks it — nothing is sent anywhere.',
  transcriptLabel: 'Transcript (JSON)',
  transcriptHint: 'Paste the transcript of a game, as the server gives it.',
  fileLabel: 'Or upload a transcript file',
  keyLabel: "Shifumi's public key",
  keyHint: 'Filled in from /api/fairness/key. Paste a key you got elsewhere to check against that one instead.',
  keyUnavailable: 'The public key could not be loaded: paste it to check the signature.',
  check: 'Check the transcript',
  checking: 'Checking…',
  empty: 'Paste a transcript or upload its file.',
  notJson: 'This is not JSON: paste the transcript exactly as the server gave it.',
  fileUnreadable: 'This file could not be read.',
  resultsHeading: 'Checks',
  passed: 'Passed',
  failed: 'Failed',
  allPassed: 'All {count} checks passed: this game is exactly as Shifumi signed it, and it followed the rules.',
  someFailed: '{failed} of {count} checks failed: do not trust this transcript as it is.',
  /** Issue 26: the command line, for developers only, behind a disclosure. */
  offlineSummary: 'For developers: run the same checks offline',
  offlineIntro: 'From a clone of the Shifumi repository:',
  offlineCommand: 'npm run verify:game -- <transcript.json> --key <public key>',
  /**
   * Why each check passed or failed, by the key `@shifumi/fairness` gives (`reason.key`, the English of
   * `fairness-texts.ts`) with its values in order: `{0}`, `{1}`…
   */
  details: {
    passed: 'Passed.',
    notCheckable: 'Not checked: the transcript is not well-formed.',
    badFormat: '{0}: {1}',
    resultsNotThePlayers: 'Round {0} does not hold exactly one result for each of the two players.',
    roundsOutOfOrder: 'The round at position {0} is numbered {1}.',
    commitmentsNone: 'No choice in this game was sealed: there is nothing to match.',
    commitmentsAll: 'All {0} sealed choices match their seals.',
    commitmentMismatch: 'Round {0}: the choice and salt of {1} do not give back the commitment.',
    roundsAll: 'All {0} rounds were won by who the rules say.',
    roundWrongWinner: 'Round {0}: the transcript says {1}, the rules say {2}.',
    winnerByRounds: '{0} reached 2 round wins first.',
    drawByMaxRounds: 'Nobody reached 2 round wins in 10 rounds: a draw.',
    endedEarly:
      'The game ended before the rounds decided it (a player left, or did not come back in time): {0}. The rounds cannot show who left; the signature vouches for it.',
    roundsAfterWinner: 'A player had already won the game when round {0} was played.',
    winnerWrong: 'The transcript says {0}, the rounds say {1}.',
    winnerNotAPlayer: 'The winner is neither of the two players.',
    stakeRight: 'The stake of {0} ETH is the bet at the recorded price.',
    stakeWrong: 'The stake is {0} ETH; the bet at the recorded price is {1} ETH.',
    stakeBadPrice: 'The recorded price is not a usable ETH/USD price.',
    payoutRight: '{0} ETH, as the result says.',
    payoutWrong: 'The payout is {0} ETH; the result says {1} ETH.',
    signatureValid: 'The signature is valid for this transcript and this key.',
    signatureInvalid:
      'The signature does not match this transcript and this key: the transcript was changed, or it was signed with another key.',
    signatureNoKey: 'No public key was given to check the signature with.',
    signatureBadKey: 'The public key is not the base64 of 32 bytes.',
    signatureMalformed: 'The signature is not the base64 of 64 bytes.',
    signatureUnavailable:
      'This browser cannot check Ed25519 signatures. Use a recent browser, or run npm run verify:game with the transcript.',
    draw: 'a draw',
    /** What is wrong with a format, the second value of `badFormat` (also on /solvency); `{bound}` is the limit broken. */
    problems: {
      missing: 'missing',
      wrongType: 'not of the expected type',
      notAllowed: 'not one of the allowed values',
      wrongFormat: 'not in the expected format',
      tooSmall: 'too short or too small (the minimum is {bound})',
      tooBig: 'too long or too large (the maximum is {bound})',
      unknownField: 'not expected here: {bound}',
      samePlayerTwice: 'the same player twice',
      invalid: 'not valid',
    },
  },
  checks: {
    format: {
      title: 'The transcript is complete and well-formed',
      meaning: 'Every field of a version 1 transcript is present, with the right type, and nothing else is in it.',
    },
    signature: {
      title: 'Signed by Shifumi',
      meaning:
        'The server signed this exact transcript with its Ed25519 key: not one character was changed since, by anyone. Check the key against the one the site publishes at /api/fairness/key.',
    },
    commitments: {
      title: 'Every sealed choice matches its seal',
      meaning:
        'Each sealed choice was locked as a hash of the game, the round, the player, the choice and a secret salt before the opponent played; the revealed choice and salt give back exactly that hash, so nobody could see or change it before both had locked.',
    },
    rounds: {
      title: "Every round's winner follows the rules",
      meaning:
        'Rock beats scissors, scissors beats paper, paper beats rock, the same choice is a draw; a player whose sealed choice was not revealed loses the round (both: a draw).',
    },
    winner: {
      title: "The game's winner follows the rounds",
      meaning: 'The first player to win 2 rounds wins the game; after 10 rounds without a winner, the game is a draw.',
    },
    stake: {
      title: 'The stake is the bet at the recorded price',
      meaning: 'Each player staked the bet in USDT converted to ETH at the recorded ETH/USD price, rounded up to the next wei.',
    },
    payout: {
      title: 'The payout follows the result',
      meaning: 'The winner receives both stakes (2 × stake); in a draw, each player gets their stake back. There is no fee.',
    },
  },
} as const;
