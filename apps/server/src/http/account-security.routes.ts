import {
  formatUtc,
  changePasswordRequestSchema,
  sessionIdParamsSchema,
  twoFactorCodeRequestSchema,
  addressBookLockRequestSchema,
  confirmAddressRequestSchema,
  withdrawalAddressParamsSchema,
  withdrawalAddressRequestSchema,
  type WithdrawalAddressesResponse,
  type AccountSecurityResponse,
  type MessageResponse,
  type SessionItem,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from '@shifumi/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountSecurity } from '../modules/account-security/account-security.service';
import type { AddressBook } from '../modules/account-security/address-book.service';
import type { TwoFactor } from '../modules/account-security/two-factor.service';
import type { UsersRepo } from '../modules/users/users.repo';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { perMinuteLimiter } from './rate-limits';
import { textsFor } from './request-language';
import { parseInput } from './validation';

export interface AccountSecurityRoutesOptions {
  accountSecurity: AccountSecurity;
  twoFactor: TwoFactor;
  addressBook: AddressBook;
  users: UsersRepo;
  requireAuth: RequireAuth;
  /** Per-IP budget of the routes that check a password or a code (the auth routes' budget). */
  rateLimitPerMinute: number;
}

/** Issue 13: `/api/account/password`, `/api/account/2fa/*`, `/api/account/sessions`, `/api/account/security`, `/api/account/withdrawal-addresses`. */
export async function accountSecurityRoutes(app: FastifyInstance, options: AccountSecurityRoutesOptions): Promise<void> {
  const { accountSecurity, twoFactor, requireAuth } = options;
  const limiter = perMinuteLimiter(app, options.rateLimitPerMinute, 'account-security');
  const where = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  app.get('/account/security', async (request): Promise<AccountSecurityResponse> => {
    return unwrap(await accountSecurity.security(await requireAuth(request)));
  });

  app.post('/account/password', { onRequest: limiter }, async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { currentPassword, newPassword } = parseInput(changePasswordRequestSchema, request.body);
    unwrap(await accountSecurity.changePassword(context, currentPassword, newPassword, where(request)));
    return { message: textsFor(request).accountSecurity.passwordChanged };
  });

  app.post('/account/2fa/setup', { onRequest: limiter }, async (request): Promise<TwoFactorSetupResponse> => {
    const context = await requireAuth(request);
    const user = await options.users.findById(context.userId);
    const label = user?.email ?? user?.name ?? 'account';
    return unwrap(await twoFactor.setup(context.userId, label));
  });

  app.post('/account/2fa/enable', { onRequest: limiter }, async (request): Promise<TwoFactorEnableResponse> => {
    const context = await requireAuth(request);
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    const answer = unwrap(await twoFactor.enable(context.userId, code));
    await accountSecurity.notifyUser(context.userId, { kind: 'two_factor_on' }, where(request));
    return answer;
  });

  app.post('/account/2fa/disable', { onRequest: limiter }, async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    unwrap(await twoFactor.disable(context.userId, code));
    await accountSecurity.notifyUser(context.userId, { kind: 'two_factor_off' }, where(request));
    return { message: textsFor(request).accountSecurity.twoFactorDisabled };
  });

  app.get('/account/sessions', async (request): Promise<SessionItem[]> => {
    return accountSecurity.listSessions(await requireAuth(request));
  });

  app.delete('/account/sessions/:id', async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { id } = parseInput(sessionIdParamsSchema, request.params);
    unwrap(await accountSecurity.revokeSession(context, id));
    return { message: textsFor(request).accountSecurity.sessionRevoked };
  });

  // The withdrawal address book.
  const { addressBook } = options;
  app.get('/account/withdrawal-addresses', async (request): Promise<WithdrawalAddressesResponse> => {
    return addressBook.list(await requireAuth(request));
  });

  app.post('/account/withdrawal-addresses', { onRequest: limiter }, async (request, reply): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { address, label } = parseInput(withdrawalAddressRequestSchema, request.body);
    unwrap(await addressBook.add(context, address, label));
    reply.code(201);
    return { message: textsFor(request).accountSecurity.addressConfirmationSent };
  });

  // The mailed link's page: the token is the proof (the link may be opened on another device).
  app.post('/account/withdrawal-addresses/confirm', { onRequest: limiter }, async (request): Promise<MessageResponse> => {
    const { token } = parseInput(confirmAddressRequestSchema, request.body);
    unwrap(await addressBook.confirm(token, where(request)));
    return { message: textsFor(request).accountSecurity.addressConfirmed };
  });

  app.post('/account/withdrawal-addresses/lock', { onRequest: limiter }, async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { enabled, code } = parseInput(addressBookLockRequestSchema, request.body);
    const outcome = unwrap(await addressBook.setLock(context, enabled, code));
    const texts = textsFor(request).accountSecurity;
    if (outcome.kind === 'on') return { message: texts.addressBookOn };
    if (outcome.kind === 'off') return { message: texts.addressBookOff };
    return { message: texts.addressBookOffScheduled.replace('{at}', formatUtc(outcome.at)) };
  });

  app.delete('/account/withdrawal-addresses/:id', async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const { id } = parseInput(withdrawalAddressParamsSchema, request.params);
    unwrap(await addressBook.remove(context, id));
    return { message: textsFor(request).accountSecurity.addressRemoved };
  });
}
