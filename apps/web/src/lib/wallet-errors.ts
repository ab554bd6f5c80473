import { BaseError, UserRejectedRequestError } from 'viem';

/** Whether a wallet call failed because the user said no in their wallet (EIP-1193 code 4001), at any depth. */
export function isUserRejection(error: unknown): boolean {
  if (error instanceof BaseError) return error.walk((cause) => cause instanceof UserRejectedRequestError) !== null;
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UserRejectedRequestError.code;
}
