import { inspect } from 'node:util';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  DEV_MNEMONIC,
  HOT_WALLET_PATH,
  HdWallet,
  MAX_DEPOSIT_INDEX,
  WalletSecretError,
  depositAccount,
  depositPath,
  hotWalletAccount,
  isDevChain,
  mnemonicProblem,
} from './hd-wallet';

/** A valid BIP-39 mnemonic that is not the development one. */
const OTHER_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('hot wallet', () => {
  it("is m/44'/60'/0'/0/0 of the mnemonic: the well-known first development account", () => {
    expect(HOT_WALLET_PATH).toBe("m/44'/60'/0'/0/0");
    expect(hotWalletAccount({ mnemonic: DEV_MNEMONIC }).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(new HdWallet(DEV_MNEMONIC).hotWalletAccount().address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('comes from the private key when one is given, with or without 0x, ignoring the mnemonic', () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const expected = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(hotWalletAccount({ privateKey: key, mnemonic: DEV_MNEMONIC }).address).toBe(expected);
    expect(hotWalletAccount({ privateKey: key.slice(2) }).address).toBe(expected);
    expect(hotWalletAccount({ privateKey: '', mnemonic: DEV_MNEMONIC }).address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
  });

  it('refuses missing or malformed secrets without quoting them', () => {
    const badKeys = ['0x1234', `0x${'zz'.repeat(32)}`, `0x${'00'.repeat(32)}`, `0x${'ff'.repeat(32)}`];
    for (const privateKey of badKeys) {
      const error = captureError(() => hotWalletAccount({ privateKey }));
      expect(error).toBeInstanceOf(WalletSecretError);
      expect(error.message).not.toContain(privateKey.slice(2, 12));
      expect(error.cause).toBeUndefined();
    }
    expect(() => hotWalletAccount({})).toThrow(WalletSecretError);
  });
});

describe('deposit accounts', () => {
  it("live at m/44'/60'/1'/0/{index}, as viem derives that path from the mnemonic", () => {
    const wallet = new HdWallet(DEV_MNEMONIC);
    for (const index of [0, 1, 2, 41, MAX_DEPOSIT_INDEX]) {
      const expected = mnemonicToAccount(DEV_MNEMONIC, { path: `m/44'/60'/1'/0/${index}` }).address;
      expect(depositPath(index)).toBe(`m/44'/60'/1'/0/${index}`);
      expect(wallet.depositAccount(index).address).toBe(expected);
      expect(mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 1, addressIndex: index }).address).toBe(expected);
    }
    expect(depositAccount(OTHER_MNEMONIC, 3).address).toBe(
      mnemonicToAccount(OTHER_MNEMONIC, { path: "m/44'/60'/1'/0/3" }).address,
    );
  });

  it('are distinct from each other and from the hot wallet and the development accounts', () => {
    const wallet = new HdWallet(DEV_MNEMONIC);
    const deposits = Array.from({ length: 50 }, (_, index) => wallet.depositAccount(index).address);
    const devAccounts = Array.from(
      { length: 10 },
      (_, index) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }).address,
    );
    expect(new Set(deposits).size).toBe(50);
    expect(deposits).not.toContain(wallet.hotWalletAccount().address);
    for (const address of devAccounts) expect(deposits).not.toContain(address);
  });

  it('ignore extra whitespace in the mnemonic', () => {
    const spaced = `  ${DEV_MNEMONIC.replaceAll(' ', ' \n ')}  `;
    expect(depositAccount(spaced, 7).address).toBe(depositAccount(DEV_MNEMONIC, 7).address);
  });

  it('refuse an index outside 0..2^31-1', () => {
    for (const index of [-1, 1.5, MAX_DEPOSIT_INDEX + 1, Number.NaN]) {
      expect(() => depositAccount(DEV_MNEMONIC, index)).toThrow(RangeError);
    }
  });
});

describe('mnemonic validation', () => {
  it('accepts valid BIP-39 mnemonics', () => {
    expect(mnemonicProblem(DEV_MNEMONIC)).toBeNull();
    expect(mnemonicProblem(OTHER_MNEMONIC)).toBeNull();
    expect(mnemonicProblem(`${'abandon '.repeat(23)}art`)).toBeNull();
  });

  it.each([
    ['a wrong word count', 'test test test', /12, 15, 18, 21 or 24 words/],
    ['an unknown word', DEV_MNEMONIC.replace('junk', 'junkk'), /word 12 /],
    ['a bad checksum', 'test test test test test test test test test test test test', /checksum/],
    ['upper case', DEV_MNEMONIC.toUpperCase(), /word 1 /],
  ])('refuses %s, without quoting it', (_, mnemonic, message) => {
    const error = captureError(() => new HdWallet(mnemonic));
    expect(error).toBeInstanceOf(WalletSecretError);
    expect(error.message).toMatch(message);
    expect(error.message.toLowerCase()).not.toMatch(/\btest\b|junk/);
  });
});

describe('secrets stay out of logs', () => {
  it('neither JSON nor util.inspect of a wallet or an account shows a key or the mnemonic', () => {
    const wallet = new HdWallet(DEV_MNEMONIC);
    const account = wallet.depositAccount(0);
    const hdPrivateKey = account.getHdKey().privateKey;
    if (hdPrivateKey === null) throw new Error('expected a private key');
    const privateKeyHex = Buffer.from(hdPrivateKey).toString('hex');
    const keyAccount = privateKeyToAccount(generatePrivateKey());
    for (const text of [
      JSON.stringify(wallet),
      inspect(wallet, { depth: 10, showHidden: true }),
      JSON.stringify(account),
      inspect(account, { depth: 5 }),
      JSON.stringify(keyAccount),
    ]) {
      expect(text).not.toContain(privateKeyHex);
      expect(text).not.toContain('junk');
    }
  });
});

describe('isDevChain', () => {
  it('is true only for chain id 31337', () => {
    expect(isDevChain(31337)).toBe(true);
    expect(isDevChain(1)).toBe(false);
    expect(isDevChain(11155111)).toBe(false);
  });
});

function captureError(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error('a non-Error was thrown', { cause: error });
  }
  throw new Error('expected an error');
}
