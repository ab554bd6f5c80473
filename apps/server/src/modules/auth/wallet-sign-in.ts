/** Sign-In With Ethereum's account side: the account of a verified address (created at first sign-in), and linking a wallet. */
import { isUniqueViolation } from '../../infra/db/errors';
import { ok, refuse, type Result } from '../../shared/result';
import { USERS_LINKED_ADDRESS_UNIQUE, USERS_REFERRAL_CODE_UNIQUE } from '../users/users.repo';
import {
  REFERRAL_CODE_ATTEMPTS,
  type AuthContext,
  type AuthServiceDeps,
  type IssuedSession,
  type SecondStepNeeded,
  type SignInMeta,
} from './auth-types';
import { generateReferralCode } from './referral-codes';
import type { Sessions } from './sessions';

export function createWalletSignIn(deps: AuthServiceDeps, sessions: Pick<Sessions, 'openSession'>) {
  const { users, clock } = deps;
  const { openSession } = sessions;

  return {
    /**
     * Signs in with a verified wallet address: the account linked to it, or a new
     * wallet-only account (named after the short address, no e-mail).
     */
    async signInWithWallet(
      address: string,
      meta: SignInMeta & { accepted?: boolean },
    ): Promise<Result<IssuedSession | SecondStepNeeded>> {
      let user = await users.findByLinkedAddress(address);
      if (!user) {
        // Issue 19: a new account needs the age and Terms confirmation (the route checks it before the nonce is used).
        if (!meta.accepted) return refuse('address_needs_acceptance');
        for (let attempt = 1; !user && attempt <= REFERRAL_CODE_ATTEMPTS; attempt += 1) {
          try {
            user = await users.insert({
              name: `${address.slice(0, 6)}…${address.slice(-4)}`,
              referralCode: generateReferralCode(),
              linkedAddress: address,
              createdAt: clock(),
            });
          } catch (error) {
            if (isUniqueViolation(error, USERS_REFERRAL_CODE_UNIQUE) && attempt < REFERRAL_CODE_ATTEMPTS) continue;
            // Two first sign-ins of one address at once: the other created the account.
            if (isUniqueViolation(error, USERS_LINKED_ADDRESS_UNIQUE)) user = await users.findByLinkedAddress(address);
            else throw error;
          }
        }
      }
      if (!user) throw new Error(`No account could be created for ${address}`);
      if (meta.accepted) await deps.recordAcceptance?.(user.id);
      if (user.disabledAt !== null) return refuse('account_disabled');
      if (user.walletAddress === null && deps.depositAddresses) {
        user = { ...user, walletAddress: await deps.depositAddresses.ensureFor(user.id) };
      }
      if (deps.secondStep && (await deps.secondStep.required(user.id))) {
        return ok({ twoFactorRequired: true, challenge: await deps.secondStep.createChallenge(user.id, address) });
      }
      // The session remembers the address it was opened with: the web app signs out when the wallet switches away from it.
      return ok(await openSession(user, meta, address));
    },

    /** Issue 19: whether an account signs in with this (lower-case) address already. */
    async hasWalletAccount(address: string): Promise<boolean> {
      return (await users.findByLinkedAddress(address)) !== undefined;
    },

    /** Links a verified wallet address to the signed-in account; one account per address. */
    async linkWallet(auth: AuthContext, address: string): Promise<Result<'already_linked' | 'linked'>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.linkedAddress === address) return ok('already_linked');
      const holder = await users.findByLinkedAddress(address);
      if (holder) return refuse('wallet_taken');
      try {
        await users.setLinkedAddress(user.id, address);
      } catch (error) {
        if (isUniqueViolation(error, USERS_LINKED_ADDRESS_UNIQUE)) return refuse('wallet_taken');
        throw error;
      }
      return ok('linked');
    },
  };
}
