/**
 * Access tokens: JWT signed with HS256 (jose), 15 minutes, fixed issuer and
 * audience, claims `sub` (user id) and `sid` (session id). Verification pins
 * the algorithm, so `alg: none` and asymmetric-key confusion are refused.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, accessTokenClaimsSchema } from '@shifumi/protocol';
import type { Clock } from '../../shared/clock';

export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_ISSUER = 'shifumi';
export const ACCESS_TOKEN_AUDIENCE = 'shifumi-web';
/** Longer strings are not even parsed. */
const MAX_TOKEN_LENGTH = 2048;

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  issue(subject: AccessTokenSubject): Promise<string>;
  /** The subject of a valid token, or undefined for anything else. */
  verify(token: string): Promise<AccessTokenSubject | undefined>;
}

export function createAccessTokens(options: { secret: string; clock: Clock }): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    async issue({ userId, sessionId }) {
      const issuedAt = Math.floor(options.clock().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          currentDate: options.clock(),
        });
        const claims = accessTokenClaimsSchema.safeParse(payload);
        return claims.success ? { userId: claims.data.sub, sessionId: claims.data.sid } : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
