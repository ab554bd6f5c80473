import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
  loginRequestSchema,
  registerRequestSchema,
  serverTexts,
  verifyEmailParamsSchema,
  type MessageResponse,
  type SessionResponse,
  type SiweNonceResponse,
  forgotPasswordRequestSchema,
  loginTwoFactorRequestSchema,
  resetPasswordRequestSchema,
  type LoginResponse,
} from '@shifumi/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountSecurity } from '../modules/account-security/account-security.service';
import type { AuthService, IssuedSession, SecondStepNeeded } from '../modules/auth/auth.service';
import type { SiweService } from '../modules/siwe/siwe.service';
import { ok, refusal, RefusalError, refuse, unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { sendRefusal } from './error-handler';
import { perMinuteLimiter } from './rate-limits';
import { requestLanguage, textsFor } from './request-language';
import { parseInput } from './validation';

export interface AuthRoutesOptions {
  auth: AuthService;
  siwe: SiweService;
  requireAuth: RequireAuth;
  secureCookies: boolean;
  rateLimitPerMinute: number;
  /** Issue 13: forgot and reset password. */
  accountSecurity: AccountSecurity;
}

/** `/api/auth/*`: one shared per-IP rate limit over every route. */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { auth, requireAuth } = options;
  const cookieOptions: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secureCookies,
    path: REFRESH_TOKEN_COOKIE_PATH,
  };

  app.addHook('onRequest', perMinuteLimiter(app, options.rateLimitPerMinute, 'auth'));

  function readRefreshCookie(request: FastifyRequest): string | undefined {
    return request.cookies[REFRESH_TOKEN_COOKIE];
  }

  function sendSession(reply: FastifyReply, session: IssuedSession): SessionResponse {
    reply.setCookie(REFRESH_TOKEN_COOKIE, session.refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_TTL_SECONDS });
    return { accessToken: session.accessToken, user: session.user, sessionWallet: session.sessionWallet };
  }

  /** A session, or (two-factor on) the challenge of the second step: no token and no cookie yet. */
  function sendSignIn(reply: FastifyReply, outcome: IssuedSession | SecondStepNeeded): LoginResponse {
    if ('twoFactorRequired' in outcome) return { twoFactorRequired: true, challenge: outcome.challenge };
    return sendSession(reply, outcome);
  }

  function signInMeta(request: FastifyRequest) {
    return { userAgent: request.headers['user-agent'], ip: request.ip };
  }

  function clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_TOKEN_COOKIE, cookieOptions);
  }

  // Sign-In With Ethereum (EIP-4361): a nonce, then the signed message.
  app.get('/siwe/nonce', async (): Promise<SiweNonceResponse> => ({ nonce: await options.siwe.issueNonce() }));
  // Issue 23: a nonce that links a wallet to the account of the session asking for it, and nothing else.
  app.get('/siwe/link-nonce', async (request): Promise<SiweNonceResponse> => {
    const context = await requireAuth(request);
    return { nonce: await options.siwe.issueLinkNonce(context.sessionId) };
  });

  app.post('/siwe/verify', async (request, reply): Promise<LoginResponse> => {
    // Issue 19: an address without an account needs the age and Terms confirmation to create one.
    const body = request.body as { ageConfirmed?: unknown; termsAccepted?: unknown } | undefined;
    const accepted = body?.ageConfirmed === true && body.termsAccepted === true;
    const address = unwrap(
      await options.siwe.verify(request.body, { kind: 'sign_in' }, async (signer) =>
        accepted || (await auth.hasWalletAccount(signer)) ? ok(undefined) : refuse('address_needs_acceptance'),
      ),
    );
    return sendSignIn(reply, unwrap(await auth.signInWithWallet(address, { ...signInMeta(request), accepted })));
  });

  app.post('/siwe/link', async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const address = unwrap(await options.siwe.verify(request.body, { kind: 'link', sessionId: context.sessionId }));
    const outcome = unwrap(await auth.linkWallet(context, address));
    return { message: outcome === 'linked' ? textsFor(request).wallet.walletLinked : textsFor(request).wallet.alreadyLinked };
  });

  app.post('/register', async (request, reply): Promise<MessageResponse> => {
    const input = parseInput(registerRequestSchema, request.body);
    // Issue 27: the sign-up's language (the page's, else the browser's) is the account's first preference.
    const language = input.language ?? requestLanguage(request);
    unwrap(await auth.register({ ...input, language }));
    reply.code(201);
    return { message: serverTexts(language).server.registered };
  });

  app.post('/login', async (request, reply): Promise<LoginResponse> => {
    const input = parseInput(loginRequestSchema, request.body);
    return sendSignIn(reply, unwrap(await auth.login(input, signInMeta(request))));
  });

  // Issue 13: the second step of a sign-in, forgotten passwords.
  app.post('/login/2fa', async (request, reply): Promise<SessionResponse> => {
    const { challenge, code } = parseInput(loginTwoFactorRequestSchema, request.body);
    return sendSession(reply, unwrap(await auth.loginSecondStep(challenge, code, signInMeta(request))));
  });

  app.post('/forgot-password', async (request): Promise<MessageResponse> => {
    const { email } = parseInput(forgotPasswordRequestSchema, request.body);
    options.accountSecurity.forgotPassword(email);
    return { message: textsFor(request).accountSecurity.forgotPasswordSent };
  });

  app.post('/reset-password', async (request, reply): Promise<MessageResponse> => {
    const { token, password } = parseInput(resetPasswordRequestSchema, request.body);
    unwrap(
      await options.accountSecurity.resetPassword(token, password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    );
    // This browser's session (if any) was revoked with the others.
    clearRefreshCookie(reply);
    return { message: textsFor(request).accountSecurity.passwordReset };
  });

  app.post('/refresh-token', async (request, reply) => {
    const result = await auth.refresh(readRefreshCookie(request));
    if (!result.ok) {
      clearRefreshCookie(reply);
      return sendRefusal(reply, result.refusal);
    }
    return sendSession(reply, result.value);
  });

  app.post('/logout', async (request, reply): Promise<MessageResponse> => {
    await auth.logout(readRefreshCookie(request));
    clearRefreshCookie(reply);
    return { message: textsFor(request).server.loggedOut };
  });

  app.post('/logout-all', async (request, reply): Promise<MessageResponse> => {
    await auth.logoutAll(await requireAuth(request));
    clearRefreshCookie(reply);
    return { message: textsFor(request).server.loggedOutEverywhere };
  });

  app.get('/verify-email/:token', async (request): Promise<MessageResponse> => {
    // A malformed link is an invalid link: the same code as an unknown one, not a validation error.
    const params = verifyEmailParamsSchema.safeParse(request.params);
    if (!params.success) throw new RefusalError(refusal('verify_link_invalid'));
    const outcome = unwrap(await auth.verifyEmail(params.data.token));
    const texts = textsFor(request).server;
    return { message: outcome === 'already' ? texts.emailAlreadyVerified : texts.emailVerified };
  });

  // Issue 23: also at most one verification mail per account every few minutes (the service's 429).
  app.post('/resend-verification', async (request): Promise<MessageResponse> => {
    unwrap(await auth.resendVerification(await requireAuth(request)));
    return { message: textsFor(request).server.verificationSent };
  });
}
