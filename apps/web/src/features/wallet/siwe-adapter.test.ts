import { describe, expect, it, vi } from 'vitest';
import { parseSiweMessage } from 'viem/siwe';
import { ACCOUNT_SECURITY_TEXTS, STORAGE_KEYS, type SessionResponse } from '@shifumi/protocol';
import { ApiError } from '../../lib/api-error';
import { getSession } from '../../lib/session-store';
import { createSiweAdapter, type SiweAdapterDeps } from './siwe-adapter';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const session: SessionResponse = {
  accessToken: 'wallet-token',
  user: { id: 'user-9', name: '0xf39f…2266', email: null, walletAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72' },
  sessionWallet: address.toLowerCase(),
};

function deps(overrides: Partial<SiweAdapterDeps> = {}): SiweAdapterDeps {
  return {
    getNonce: vi.fn(async () => 'nonce12345678'),
    verify: vi.fn(async () => session),
    secondStep: vi.fn(async () => session),
    askCode: vi.fn(async () => null),
    openSocket: vi.fn(),
    now: () => new Date('2026-11-23T10:00:00.000Z'),
    ...overrides,
  };
}

describe('the Sign-In With Ethereum adapter', () => {
  it('asks the server for the nonce and builds the message for this page and the wallet’s chain', async () => {
    const adapter = createSiweAdapter(deps());
    const nonce = await adapter.getNonce();
    const fields = parseSiweMessage(await adapter.createMessage({ nonce, address, chainId: 31337 }));
    expect(fields).toMatchObject({
      nonce: 'nonce12345678',
      address,
      chainId: 31337,
      domain: window.location.host,
      uri: window.location.origin,
    });
  });

  it('stores the session the server opened, bound to the wallet, and opens the realtime connection', async () => {
    const adapterDeps = deps();
    const adapter = createSiweAdapter(adapterDeps);
    await expect(adapter.verify({ message: 'the message', signature: '0xabc' })).resolves.toBe(true);
    expect(adapterDeps.verify).toHaveBeenCalledWith('the message', '0xabc');
    expect(getSession()).toEqual({ accessToken: 'wallet-token', user: session.user, wallet: address.toLowerCase() });
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionWallet)).toBe(address.toLowerCase());
    expect(adapterDeps.openSocket).toHaveBeenCalledWith('wallet-token');
  });

  it('adopts the account’s language once signed in (issue 27), and not when the sign-in is refused', async () => {
    const adoptAccountLanguage = vi.fn(async () => undefined);
    await expect(createSiweAdapter(deps({ adoptAccountLanguage })).verify({ message: 'm', signature: '0x1' })).resolves.toBe(
      true,
    );
    expect(adoptAccountLanguage).toHaveBeenCalledTimes(1);

    const refusedAdopt = vi.fn(async () => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = createSiweAdapter(
      deps({ verify: vi.fn(async () => Promise.reject(new Error('refused'))), adoptAccountLanguage: refusedAdopt }),
    );
    await expect(refused.verify({ message: 'm', signature: '0x1' })).resolves.toBe(false);
    expect(refusedAdopt).not.toHaveBeenCalled();
  });

  it('answers false when the server refuses, so the dialog shows its verify error, and signs nobody in', async () => {
    const adapterDeps = deps({ verify: vi.fn(async () => Promise.reject(new Error('refused'))) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adapter = createSiweAdapter(adapterDeps);
    await expect(adapter.verify({ message: 'm', signature: '0x1' })).resolves.toBe(false);
    expect(getSession().accessToken).toBeNull();
    expect(adapterDeps.openSocket).not.toHaveBeenCalled();
  });

  it('asks for the two-factor code when the server answers a challenge, again after a wrong one, then stores the session', async () => {
    const secondStep = vi.fn(async (_challenge: string, code: string) => {
      if (code !== '123456') throw new ApiError(400, ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong);
      return session;
    });
    const answers = ['654321', '123 456'];
    const askCode = vi.fn(async () => answers.shift() ?? null);
    const adapterDeps = deps({
      verify: vi.fn(async () => ({ twoFactorRequired: true as const, challenge: 'the-challenge' })),
      secondStep,
      askCode,
    });
    await expect(createSiweAdapter(adapterDeps).verify({ message: 'm', signature: '0x1' })).resolves.toBe(true);
    expect(askCode.mock.calls).toEqual([[null], [ACCOUNT_SECURITY_TEXTS.twoFactorCodeWrong]]);
    expect(secondStep).toHaveBeenLastCalledWith('the-challenge', '123456');
    expect(getSession().accessToken).toBe('wallet-token');
  });

  it('signs nobody in when the person cancels the code dialog', async () => {
    const adapterDeps = deps({ verify: vi.fn(async () => ({ twoFactorRequired: true as const, challenge: 'c' })) });
    await expect(createSiweAdapter(adapterDeps).verify({ message: 'm', signature: '0x1' })).resolves.toBe(false);
    expect(adapterDeps.secondStep).not.toHaveBeenCalled();
    expect(getSession().accessToken).toBeNull();
  });

  // Decision 037: the adapter branches on the refusal's code, never on its sentence.
  it('asks for the age and Terms confirmation when the refusal code says so, then sends the same signature again', async () => {
    const verify = vi
      .fn<SiweAdapterDeps['verify']>()
      .mockRejectedValueOnce(new ApiError(400, 'any sentence', { code: 'address_needs_acceptance' }))
      .mockResolvedValueOnce(session);
    const askAcceptance = vi.fn(async () => true);
    await expect(createSiweAdapter(deps({ verify, askAcceptance })).verify({ message: 'm', signature: '0x1' })).resolves.toBe(
      true,
    );
    expect(askAcceptance).toHaveBeenCalledOnce();
    expect(verify).toHaveBeenLastCalledWith('m', '0x1', true);
  });

  it('does not ask for the confirmation for another 400, even one with the same sentence', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const verify = vi
      .fn<SiweAdapterDeps['verify']>()
      .mockRejectedValue(new ApiError(400, 'any sentence', { code: 'invalid_input' }));
    const askAcceptance = vi.fn(async () => true);
    await expect(createSiweAdapter(deps({ verify, askAcceptance })).verify({ message: 'm', signature: '0x1' })).resolves.toBe(
      false,
    );
    expect(askAcceptance).not.toHaveBeenCalled();
  });

  it('stops asking for codes when the sign-in challenge itself is refused (by its code)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const secondStep = vi.fn(async () =>
      Promise.reject(new ApiError(400, ACCOUNT_SECURITY_TEXTS.challengeInvalid, { code: 'two_factor_challenge_invalid' })),
    );
    const askCode = vi.fn(async () => '123456');
    const adapterDeps = deps({
      verify: vi.fn(async () => ({ twoFactorRequired: true as const, challenge: 'c' })),
      secondStep,
      askCode,
    });
    await expect(createSiweAdapter(adapterDeps).verify({ message: 'm', signature: '0x1' })).resolves.toBe(false);
    expect(askCode).toHaveBeenCalledOnce();
    expect(getSession().accessToken).toBeNull();
  });
});
