/**
 * The `/solvency` page in English (issue 28, moved here by issue 27): a
 * namespace loaded with the page. The checks' titles and meanings are also in
 * `solvency-texts.ts`, which `npm run verify:solvency` prints (English only);
 * each check's detail still comes from `@shifumi/fairness` in English.
 */
export const SOLVENCY_EN = {
  eyebrow: 'Fair play',
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
  players: '{count, plural, one {# player} other {# players}}',
  block: 'Block',
  snapshotAt: 'Taken at',
  addresses: 'Reserve addresses',
  counted: 'counted',
  notCounted: 'not counted: no valid signature',
  history: 'History',
  historyChart: 'Ratio of reserves to liabilities over the last {count} snapshots; the line marks 1.',
  historyEmpty: 'The history starts with the next snapshot.',
  verifyTitle: 'Verify my balance',
  verifyIntro: 'Fetches your inclusion proof and checks it here, in your browser, against the snapshot and the public key.',
  verifyButton: 'Verify my balance',
  verifying: 'Checking…',
  signInToVerify: 'Sign in to verify that your balance is in the tree.',
  proofFailed: 'Your proof could not be loaded. Try again in a moment.',
  yourAmount: 'Your amount in this snapshot:',
  checksHeading: 'The checks',
  allPassed: 'Every check passed: your balance is counted in the published liabilities.',
  someFailed: '{count, plural, one {# check failed} other {# checks failed}}: this proof does not show your balance is counted.',
  pass: 'Passed',
  fail: 'Failed',
  checkFromNode: 'Anyone can re-read these balances at this block from their own node, and check each signature of the message:',
  cli: 'Or offline: npm run verify:solvency -- proof.json --snapshot snapshot.json --key <public key>',
  /** Why each check passed or failed, by the key `@shifumi/fairness` gives (`reason.key`) with its values in order. */
  details: {
    passed: 'Passed.',
    notCheckable: 'Not checked: the proof or the snapshot is not well-formed.',
    badFormat: '{0}: {1}',
    otherSnapshot: 'The proof is for snapshot {0}, not for snapshot {1}.',
    leafMatches: 'The leaf recomputed from your user id, salt and amount is the leaf of the proof.',
    otherUser: 'The proof is for the user {0}, not for you: it says nothing about your balance.',
    leafMismatch: 'The leaf recomputed from the user id, salt and amount is not the leaf of the proof: one of them was changed.',
    amountNegative: 'The amount {0} wei is negative: a balance in the tree can never be.',
    amountOverflow: 'The amount {0} wei does not fit 32 bytes (more than 2^256 − 1).',
    stepNegative: 'Step {0} of the path has a negative sum ({1} wei): refused.',
    stepOverflow: 'Step {0} of the path has a sum that does not fit 32 bytes ({1} wei): refused.',
    nodeOverflow: 'At step {0} of the path the two sums add up to more than 2^256 − 1: refused.',
    pathFine:
      '{0, plural, =0 {Your leaf is the whole tree: there is no path to walk, and your amount is non-negative.} other {All # steps of the path have non-negative sums that add up.}}',
    rootMatches: "The path ends at the snapshot's root, whose sum is {0} wei.",
    rootHashMismatch: "The path does not end at the snapshot's root hash: the proof does not belong to this tree.",
    rootSumMismatch: "The path adds up to {0} wei, but the snapshot's root says {1} wei.",
    proofRootMismatch: "The proof's root is not the snapshot's root.",
    signatureValid: 'The Ed25519 signature over the snapshot is valid for this key.',
    signatureInvalid:
      'The signature does not match the snapshot and this key: the snapshot was changed, or it was signed by another key.',
    signatureMalformed: 'The snapshot carries no well-formed signature (base64 of 64 bytes).',
    signatureNoKey: 'No public key was given to check the signature against.',
    signatureBadKey: 'The public key is not the base64 of 32 bytes.',
    signatureUnavailable: 'This browser cannot check Ed25519 signatures; use a recent browser or `npm run verify:solvency`.',
    reservesFine: '{0} of {1} reserve addresses are counted, each with a valid signature; the total and the ratio add up.',
    reserveBadSignature: "The signature of {0} is not by that address's key, yet the snapshot counts it.",
    reservesTotalMismatch: "The counted addresses hold {0} wei, but the snapshot's total says {1} wei.",
    ratioMismatch: 'The ratio of the counted reserves over the liabilities is {0}, but the snapshot says {1}.',
  },
  checks: {
    format: {
      title: 'The proof and the snapshot are complete and well-formed',
      meaning:
        'Every field of the proof and of the snapshot is present, with the right type, and the proof belongs to this snapshot.',
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
      meaning:
        "The root computed from your leaf and the path is the snapshot's root, and its sum is the total owed to all players.",
    },
    signature: {
      title: 'Signed by Shifumi',
      meaning:
        'The server signed this exact snapshot with its Ed25519 key (the one at /api/fairness/key, which also signs game transcripts): not one figure was changed since.',
    },
    reserves: {
      title: 'The reserves add up and each counted address is controlled',
      meaning:
        "Each counted reserve address signed the snapshot's message with its own key; the total is the sum of those addresses' balances at the block, and the ratio is that total over the liabilities.",
    },
  },
} as const;
