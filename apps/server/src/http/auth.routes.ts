import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE_PATH,
  REFRESH_TOKEN_TTL_SECONDS,
  SERVER_TEXTS,
  loginRequestSchema,
  registerRequestSchema,
  verifyEmailParamsSchema,
  type MessageResponse,
  type SessionResponse,
  type SiweNonceResponse,
} from '@shifumi/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, IssuedSession } from '../modules/auth/auth.service';
import type { SiweService } from '../modules/siwe/siwe.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { sendRefusal } from './error-handler';
import { perMinuteLimiter } from './rate-limits';
import { parseInput } from './validation';

export interface AuthRoutesOptions {
  auth: AuthService;
  siwe: SiweService;
  requireAuth: RequireAuth;
  secureCookies: boolean;
  rateLimitPerMinute: number;
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

  function clearRefreshCookie(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_TOKEN_COOKIE, cookieOptions);
  }

  // Sign-In With Ethereum (EIP-4361): a nonce, then the signed message.
  app.get('/siwe/nonce', async (): Promise<SiweNonceResponse> => ({ nonce: await options.siwe.issueNonce() }));

  app.post('/siwe/verify', async (request, reply): Promise<SessionResponse> => {
    const address = unwrap(await options.siwe.verify(request.body));
    const userAgent = request.headers['user-agent'];
    return sendSession(reply, unwrap(await auth.signInWithWallet(address, userAgent ? { userAgent } : {})));
  });

  app.post('/siwe/link', async (request): Promise<MessageResponse> => {
    const context = await requireAuth(request);
    const address = unwrap(await options.siwe.verify(request.body));
    return { message: unwrap(await auth.linkWallet(context, address)) };
  });

  app.post('/register', async (request, reply): Promise<MessageResponse> => {
    unwrap(await auth.register(parseInput(registerRequestSchema, request.body)));
    reply.code(201);
    return { message: SERVER_TEXTS.registered };
  });

  app.post('/login', async (request, reply): Promise<SessionResponse> => {
    const input = parseInput(loginRequestSchema, request.body);
    const session = unwrap(await auth.login(input, { userAgent: request.headers['user-agent'] }));
    return sendSession(reply, session);
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
    return { message: SERVER_TEXTS.loggedOut };
  });

  app.post('/logout-all', async (request, reply): Promise<MessageResponse> => {
    await auth.logoutAll(await requireAuth(request));
    clearRefreshCookie(reply);
    return { message: SERVER_TEXTS.loggedOutEverywhere };
  });

  app.get('/verify-email/:token', async (request): Promise<MessageResponse> => {
    const { token } = parseInput(verifyEmailParamsSchema, request.params);
    unwrap(await auth.verifyEmail(token));
    return { message: SERVER_TEXTS.emailVerified };
  });

  app.post('/resend-verification', async (request): Promise<MessageResponse> => {
    unwrap(await auth.resendVerification(await requireAuth(request)));
    return { message: SERVER_TEXTS.verificationSent };
  });
}
