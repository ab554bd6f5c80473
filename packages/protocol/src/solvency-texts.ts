/**
 * Proof of solvency (issue 28): the texts of the `/solvency` page, of its
 * checks (shared with `npm run verify:solvency`) and of the server's
 * refusals. A module of its own, like the fairness texts: the page is loaded
 * on demand, home's first load does not carry them.
 */

/** The checks of a player's inclusion proof, in the order they are listed. */
export const SOLVENCY_CHECK_IDS = ['format', 'leaf', 'path', 'root', 'signature', 'reserves'] as const;
export type SolvencyCheckId = (typeof SOLVENCY_CHECK_IDS)[number];

export const SOLVENCY_TEXTS = {
  checks: {
    format: {
      title: 'The proof and the snapshot are complete and well-formed',
      meaning: 'Every field of the proof and of the snapshot is present, with the right type, and the proof belongs to this snapshot.',
    },
    leaf: {
      title: 'Your balance is in the tree',
      meaning:
        'The leaf is SHA-256 of "shifumi-liability-leaf", 0x00, SHA-256(salt ‖ your user id) and your amount as 32 bytes: recomputed here from your user id, your salt and your amount, it is exactly the leaf of the proof.',
    },
    path: {
      title: 'Every sum on the way up is non-negative and adds up',
      meaning:
        'Walking from your leaf to the root, every sibling sum is a whole number of wei between 0 and 2^256 − 1, and each node is SHA-256 of "shifumi-liability-node", 0x01, both children and their sums: no balance can be negative, hidden or counted twice.',
    },
    root: {
      title: 'The path ends at the published root',
      meaning: "The root computed from your leaf and the path is the snapshot's root, and its sum is the total owed to all players.",
    },
    signature: {
      title: 'Signed by Shifumi',
      meaning:
        "The server signed this exact snapshot with its Ed25519 key (the one at /api/fairness/key, which also signs game transcripts): not one figure was changed since.",
    },
    reserves: {
      title: 'The reserves add up and each counted address is controlled',
      meaning:
        "Each counted reserve address signed the snapshot's message with its own key; the total is the sum of those addresses' balances at the block, and the ratio is that total over the liabilities.",
    },
  },
  passed: 'Passed.',
  notCheckable: 'Not checked: the proof or the snapshot is not well-formed.',
  badFormat: (where: string, why: string) => `The ${where} field ${why}.`,
  otherSnapshot: (proof: string, snapshot: string) => `The proof is for snapshot ${proof}, not for snapshot ${snapshot}.`,
  leafMatches: 'The leaf recomputed from your user id, salt and amount is the leaf of the proof.',
  otherUser: (userId: string) => `The proof is for the user ${userId}, not for you: it says nothing about your balance.`,
  leafMismatch: 'The leaf recomputed from the user id, salt and amount is not the leaf of the proof: one of them was changed.',
  amountNegative: (amount: string) => `The amount ${amount} wei is negative: a balance in the tree can never be.`,
  amountOverflow: (amount: string) => `The amount ${amount} wei does not fit 32 bytes (more than 2^256 − 1).`,
  stepNegative: (step: number, sum: string) => `Step ${step} of the path has a negative sum (${sum} wei): refused.`,
  stepOverflow: (step: number, sum: string) => `Step ${step} of the path has a sum that does not fit 32 bytes (${sum} wei): refused.`,
  nodeOverflow: (step: number) => `At step ${step} of the path the two sums add up to more than 2^256 − 1: refused.`,
  pathFine: (steps: number) =>
    steps === 0 ? 'Your leaf is the whole tree: there is no path to walk, and your amount is non-negative.' : `All ${steps} steps of the path have non-negative sums that add up.`,
  rootMatches: (sum: string) => `The path ends at the snapshot's root, whose sum is ${sum} wei.`,
  rootHashMismatch: "The path does not end at the snapshot's root hash: the proof does not belong to this tree.",
  rootSumMismatch: (computed: string, published: string) => `The path adds up to ${computed} wei, but the snapshot's root says ${published} wei.`,
  proofRootMismatch: "The proof's root is not the snapshot's root.",
  signatureValid: 'The Ed25519 signature over the snapshot is valid for this key.',
  signatureInvalid: 'The signature does not match the snapshot and this key: the snapshot was changed, or it was signed by another key.',
  signatureMalformed: 'The snapshot carries no well-formed signature (base64 of 64 bytes).',
  signatureNoKey: 'No public key was given to check the signature against.',
  signatureBadKey: 'The public key is not the base64 of 32 bytes.',
  signatureUnavailable: 'This browser cannot check Ed25519 signatures; use a recent browser or `npm run verify:solvency`.',
  reservesFine: (counted: number, listed: number) => `${counted} of ${listed} reserve addresses are counted, each with a valid signature; the total and the ratio add up.`,
  reserveBadSignature: (address: string) => `The signature of ${address} is not by that address's key, yet the snapshot counts it.`,
  reservesTotalMismatch: (computed: string, published: string) => `The counted addresses hold ${computed} wei, but the snapshot's total says ${published} wei.`,
  ratioMismatch: (computed: string, published: string) => `The ratio of the counted reserves over the liabilities is ${computed}, but the snapshot says ${published}.`,

  page: {
    title: 'Proof of solvency',
    intro:
      'On a schedule (hourly by default) Shifumi publishes what it owes all players (a Merkle sum tree of every balance, escrow and unpaid withdrawal) against the ETH it holds at one block, and signs both. Each player can check their own balance is in the tree.',
    loading: 'Loading the latest snapshot…',
    none: 'No snapshot has been published yet.',
    failed: 'The snapshot could not be loaded. Try again in a moment.',
    ratio: 'Reserves / liabilities',
    covered: 'Fully covered',
    notCovered: 'Not fully covered',
    reserves: 'Reserves',
    liabilities: 'Liabilities',
    players: (count: number) => `${count} ${count === 1 ? 'player' : 'players'}`,
    block: 'Block',
    snapshotAt: 'Taken at',
    addresses: 'Reserve addresses',
    counted: 'counted',
    notCounted: 'not counted: no valid signature',
    history: 'History',
    historyChart: (count: number) => `Ratio of reserves to liabilities over the last ${count} snapshots; the line marks 1.`,
    historyEmpty: 'The history starts with the next snapshot.',
    verifyTitle: 'Verify my balance',
    verifyIntro: 'Fetches your inclusion proof and checks it here, in your browser, against the snapshot and the public key.',
    verifyButton: 'Verify my balance',
    verifying: 'Checking…',
    signInToVerify: 'Sign in to verify that your balance is in the tree.',
    proofFailed: 'Your proof could not be loaded. Try again in a moment.',
    yourAmount: 'Your amount in this snapshot',
    checksHeading: 'The checks',
    allPassed: 'Every check passed: your balance is counted in the published liabilities.',
    someFailed: (count: number) => `${count} ${count === 1 ? 'check' : 'checks'} failed: this proof does not show your balance is counted.`,
    pass: 'Passed',
    fail: 'Failed',
    checkFromNode: 'Anyone can re-read these balances at this block from their own node, and check each signature of the message',
    cli: 'Or offline: npm run verify:solvency -- proof.json --snapshot snapshot.json --key <public key>',
    accountLink: 'Proof of solvency',
  },
  console: {
    latest: 'Latest solvency snapshot',
    none: 'None yet',
    ratio: (ratio: string) => `Ratio ${ratio}`,
    figures: (reserves: string, liabilities: string, block: string) => `${reserves} counted against ${liabilities}, block ${block}`,
    unsigned: 'Reserve addresses without a valid signature (not counted):',
    takeNow: 'Take a solvency snapshot now',
    taken: (ratio: string) => `Snapshot taken: ratio ${ratio}.`,
  },
  server: {
    noSnapshot: 'No solvency snapshot has been taken yet.',
    snapshotNotFound: 'Unknown snapshot, or one older than 90 days.',
    notInSnapshot: 'You were not a player with anything owed when this snapshot was taken.',
    snapshotsOff: 'Solvency snapshots need a chain.',
    addressNotListed: 'This address is not a reserve address of that snapshot.',
    notColdAddress: 'This address is signed by the server itself.',
    signatureNotByAddress: "This signature is not by that address's key for that snapshot's message.",
  },
} as const;
