/**
 * Verifiable play (issue 17): the texts of the transcript checks, as `/verify`
 * and `npm run verify:game` show them. A module of their own, apart from
 * texts.ts: home's first load holds texts.ts, and these are for a page
 * loaded on demand.
 */
/** Each check of a transcript: its title, what passing it means, and the explanation of its outcome. */
export const FAIRNESS_TEXTS = {
  checks: {
    format: {
      title: 'The transcript is complete and well-formed',
      meaning: 'Every field of a version 1 transcript is present, with the right type, and nothing else is in it.',
    },
    signature: {
      title: 'Signed by Shifumi',
      meaning:
        "The server signed this exact transcript with its Ed25519 key: not one character was changed since, by anyone. Check the key against the one the site publishes at /api/fairness/key.",
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
  passed: 'Passed.',
  notCheckable: 'Not checked: the transcript is not well-formed.',
  badFormat: (where: string, problem: string) => `${where}: ${problem}`,
  resultsNotThePlayers: (round: number) => `Round ${round} does not hold exactly one result for each of the two players.`,
  roundsOutOfOrder: (position: number, round: number) => `The round at position ${position} is numbered ${round}.`,
  commitmentsNone: 'No choice in this game was sealed: there is nothing to match.',
  commitmentsAll: (count: number) => `All ${count} sealed choices match their seals.`,
  commitmentMismatch: (round: number, name: string) =>
    `Round ${round}: the choice and salt of ${name} do not give back the commitment.`,
  roundsAll: (count: number) => `All ${count} rounds were won by who the rules say.`,
  roundWrongWinner: (round: number, recorded: string, expected: string) =>
    `Round ${round}: the transcript says ${recorded}, the rules say ${expected}.`,
  winnerByRounds: (name: string) => `${name} reached 2 round wins first.`,
  drawByMaxRounds: 'Nobody reached 2 round wins in 10 rounds: a draw.',
  endedEarly: (outcome: string) =>
    `The game ended before the rounds decided it (a player left, or did not come back in time): ${outcome}. The rounds cannot show who left; the signature vouches for it.`,
  roundsAfterWinner: (round: number) => `A player had already won the game when round ${round} was played.`,
  winnerWrong: (recorded: string, expected: string) => `The transcript says ${recorded}, the rounds say ${expected}.`,
  winnerNotAPlayer: 'The winner is neither of the two players.',
  stakeRight: (stakeEth: string) => `The stake of ${stakeEth} ETH is the bet at the recorded price.`,
  stakeWrong: (recordedEth: string, expectedEth: string) => `The stake is ${recordedEth} ETH; the bet at the recorded price is ${expectedEth} ETH.`,
  /** Issue 26: the exact amounts in wei, beside the ETH of the check (the page shows them on hover). */
  stakeWei: (recorded: string, expected: string) => `Stake ${recorded} wei; bet at the recorded price ${expected} wei.`,
  amountWei: (wei: string) => `${wei} wei`,
  payoutWei: (recorded: string, expected: string) => `Payout ${recorded} wei; the result says ${expected} wei.`,
  stakeBadPrice: 'The recorded price is not a usable ETH/USD price.',
  payoutRight: (payoutEth: string) => `${payoutEth} ETH, as the result says.`,
  payoutWrong: (recordedEth: string, expectedEth: string) => `The payout is ${recordedEth} ETH; the result says ${expectedEth} ETH.`,
  signatureValid: 'The signature is valid for this transcript and this key.',
  signatureInvalid: 'The signature does not match this transcript and this key: the transcript was changed, or it was signed with another key.',
  signatureNoKey: "No public key was given to check the signature with.",
  signatureBadKey: 'The public key is not the base64 of 32 bytes.',
  signatureMalformed: 'The signature is not the base64 of 64 bytes.',
  signatureUnavailable:
    'This browser cannot check Ed25519 signatures. Use a recent browser, or run npm run verify:game with the transcript.',
  draw: 'a draw',
  /** The `/verify` page. */
  page: {
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
    allPassed: (count: number) => `All ${count} checks passed: this game is exactly as Shifumi signed it, and it followed the rules.`,
    someFailed: (failed: number, count: number) => `${failed} of ${count} checks failed: do not trust this transcript as it is.`,
    /** Issue 26: the command line, for developers only, behind a disclosure. */
    offlineSummary: 'For developers: run the same checks offline',
    offlineIntro: 'From a clone of the Shifumi repository:',
    offlineCommand: 'npm run verify:game -- <transcript.json> --key <public key>',
  },
  /** The game screen: the opponent's seal, checked in the browser when the result comes. */
  game: {
    sealVerified: 'sealed ✓',
    sealVerifiedLabel: "Your opponent's choice matches the seal they locked before you played",
    sealFailed: 'seal does not match ✗',
    sealFailedLabel: "Your opponent's revealed choice does not match their seal",
  },
  /** The account history: a game's link to `/verify` with its transcript. */
  history: {
    verifyLink: 'Verify',
    verifyLinkLabel: (opponent: string) => `Verify the game against ${opponent}`,
  },
  /** How to play's "Fair play" section. */
  howToPlay: {
    heading: 'Fair play',
    items: [
      {
        title: 'Your choice is sealed in your browser',
        text: 'Before your choice leaves your device, your browser locks it as a seal: a SHA-256 fingerprint of the game, the round, you, your choice and a secret random salt. Nobody — not the server, not someone reading its database or the traffic between its machines — can pass your choice to your opponent before they have locked theirs: your browser reveals it only once both players have locked. A seal names you, the game and the round, so your opponent cannot copy it.',
      },
      {
        title: 'Every game is signed, and you can check it',
        text: 'At the end of a game, the server signs its transcript: each round with both choices and their seals, the winner and the payout. Check it on the Verify page or offline: every seal must match its choice, every round and the game must follow the rules, the winner must receive twice the stake, and the signature must match Shifumi’s public key.',
      },
      {
        title: 'A hidden choice loses the round',
        text: (revealSeconds: number) =>
          `Once both players have locked, each browser has ${revealSeconds} seconds to reveal its choice. A choice that is not revealed in time, or does not match its seal, loses the round (both: a draw), so hiding a choice never pays.`,
      },
      {
        title: 'What sealing cannot do',
        text: 'It cannot stop two players who tell each other their choices, or a program playing for someone. And it relies on the page your browser runs, which comes from Shifumi: the signed transcript is what lets you, or anyone you show it to, check a game afterwards.',
      },
    ],
    verifyLink: 'Check a game on the Verify page',
  },
} as const;
