/**
 * Keys of the server's wallets, derived from one BIP-39 mnemonic:
 * - deposit addresses at m/44'/60'/1'/0/{index} (one index per user),
 * - the hot wallet at m/44'/60'/0'/0/0, unless a private key is given for it.
 *
 * The account branch differs (1' vs 0'), so no deposit path can ever be the hot wallet's.
 *
 * Secrets (the mnemonic, private keys, the master key) never appear in an error message, a
 * log line or a serialised object: errors here carry no `cause` (a library error could quote
 * its input), and {@link HdWallet} keeps its master key in a private field, which neither
 * `JSON.stringify` nor `util.inspect` shows.
 */
import { pbkdf2Sync } from 'node:crypto';
import { type Hex, sha256 } from 'viem';
import { HDKey, type HDAccount, type PrivateKeyAccount, english, hdKeyToAccount, privateKeyToAccount } from 'viem/accounts';

/** The well-known development mnemonic of anvil and Hardhat. Its keys are public: development chain only. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** Chain id of the local development chain (anvil, Hardhat). */
export const DEV_CHAIN_ID = 31337;
/** Derivation path of the hot wallet when it comes from the mnemonic. */
export const HOT_WALLET_PATH = "m/44'/60'/0'/0/0";
/** Highest deposit index: the last non-hardened BIP-32 child index. */
export const MAX_DEPOSIT_INDEX = 2 ** 31 - 1;

/** True for the local development chain, the only one on which {@link DEV_MNEMONIC} may be used. */
export function isDevChain(chainId: number): boolean {
  return chainId === DEV_CHAIN_ID;
}

/**
 * A wallet secret (mnemonic or private key) is missing or malformed. The message says what
 * is wrong without quoting the secret.
 */
export class WalletSecretError extends Error {
  override name = 'WalletSecretError';
}

/** Derivation path of the deposit address with the given index: m/44'/60'/1'/0/{index}. */
export function depositPath(index: number): `m/44'/60'/1'/0/${number}` {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
    throw new RangeError(`a deposit index must be an integer from 0 to ${MAX_DEPOSIT_INDEX}`);
  }
  return `m/44'/60'/1'/0/${index}`;
}

/**
 * Collapses runs of whitespace and trims, so that a mnemonic pasted with a newline or two
 * spaces gives the same wallet (the BIP-39 seed depends on the exact text).
 */
export function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.trim().split(/\s+/).join(' ');
}

/**
 * Checks a mnemonic against BIP-39 (English word list, 12 to 24 words, checksum). viem's
 * `mnemonicToAccount` does not check anything: a mistyped word would silently give another
 * wallet, so the server validates before deriving.
 *
 * @returns `null` when valid, otherwise why not, without quoting any word of it
 */
export function mnemonicProblem(mnemonic: string): string | null {
  const words = normalizeMnemonic(mnemonic).split(' ');
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    return `a mnemonic has 12, 15, 18, 21 or 24 words, this one has ${words.length}`;
  }
  let bits = 0n;
  for (const [position, word] of words.entries()) {
    const index = english.indexOf(word);
    if (index < 0) return `word ${position + 1} of the mnemonic is not in the BIP-39 English word list`;
    bits = (bits << 11n) | BigInt(index);
  }
  const checksumBits = words.length / 3;
  const entropyBytes = (words.length * 11 - checksumBits) / 8;
  const entropy = bits >> BigInt(checksumBits);
  const checksum = Number(bits & ((1n << BigInt(checksumBits)) - 1n));
  const entropyArray = new Uint8Array(entropyBytes);
  for (let byte = 0; byte < entropyBytes; byte += 1) {
    entropyArray[byte] = Number((entropy >> BigInt(8 * (entropyBytes - 1 - byte))) & 0xffn);
  }
  const firstHashByte = sha256(entropyArray, 'bytes')[0] ?? 0;
  if (firstHashByte >> (8 - checksumBits) !== checksum)
    return 'the mnemonic checksum does not match (a word is probably mistyped)';
  return null;
}

/**
 * The HD wallet of one mnemonic. The seed (2048 rounds of PBKDF2) is computed once, so
 * deriving many deposit accounts (e.g. to sweep them) stays cheap.
 */
export class HdWallet {
  readonly #masterKey: HDKey;

  /**
   * @throws WalletSecretError when the mnemonic is not valid BIP-39 English (message without secrets)
   */
  constructor(mnemonic: string) {
    const problem = mnemonicProblem(mnemonic);
    if (problem !== null) throw new WalletSecretError(problem);
    // BIP-39 seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salt "mnemonic" (no passphrase).
    const seed = pbkdf2Sync(normalizeMnemonic(mnemonic).normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
    this.#masterKey = HDKey.fromMasterSeed(seed);
  }

  /** The account of a user's deposit address, at m/44'/60'/1'/0/{index}. */
  depositAccount(index: number): HDAccount {
    return hdKeyToAccount(this.#masterKey, { path: depositPath(index) });
  }

  /** The hot wallet account at m/44'/60'/0'/0/0. */
  hotWalletAccount(): HDAccount {
    return hdKeyToAccount(this.#masterKey, { path: HOT_WALLET_PATH });
  }

  /** Never shows the key. */
  toJSON(): string {
    return 'HdWallet [redacted]';
  }
}

/**
 * The account of a user's deposit address: m/44'/60'/1'/0/{index} of the mnemonic.
 * Derives the seed on each call; hold an {@link HdWallet} to derive many.
 *
 * @throws WalletSecretError when the mnemonic is invalid; RangeError when the index is
 */
export function depositAccount(mnemonic: string, index: number): HDAccount {
  depositPath(index);
  return new HdWallet(mnemonic).depositAccount(index);
}

/** Where the hot wallet's key comes from: a private key when given, else the mnemonic. */
export interface HotWalletSecrets {
  /** `HOT_WALLET_PRIVATE_KEY`: 32 bytes in hex, with or without 0x. Wins over the mnemonic. */
  privateKey?: string | undefined;
  /** The deposit mnemonic; its m/44'/60'/0'/0/0 is the hot wallet when there is no private key. */
  mnemonic?: string | undefined;
}

/**
 * The hot wallet account: from `privateKey` when set, otherwise m/44'/60'/0'/0/0 of `mnemonic`.
 *
 * @throws WalletSecretError when neither is given or the one used is malformed (message without secrets)
 */
export function hotWalletAccount(secrets: HotWalletSecrets): PrivateKeyAccount | HDAccount {
  const privateKey = secrets.privateKey?.trim();
  if (privateKey !== undefined && privateKey !== '') return privateKeyAccount(privateKey);
  if (secrets.mnemonic === undefined || secrets.mnemonic.trim() === '') {
    throw new WalletSecretError('the hot wallet needs a private key or a mnemonic, and neither was given');
  }
  return new HdWallet(secrets.mnemonic).hotWalletAccount();
}

function privateKeyAccount(privateKey: string): PrivateKeyAccount {
  const hex = (privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`) as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) {
    throw new WalletSecretError('the hot wallet private key must be 32 bytes in hex (64 hex digits, optionally after 0x)');
  }
  try {
    return privateKeyToAccount(hex);
  } catch {
    // No `cause`: the library's error may quote the key.
    throw new WalletSecretError('the hot wallet private key is not a valid secp256k1 private key');
  }
}
