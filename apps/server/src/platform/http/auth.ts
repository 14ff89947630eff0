import type { Role, SessionClaims, UserStatus } from '@chaveiro/contract';
import { TIMING, sessionClaimsSchema } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../core/clock.js';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';
import { createTokenCache } from '../state/token-cache.js';

/** Who is calling, set by the role guard on `request.auth`. */
export interface AuthContext {
  userId: string;
  role: Role;
  username: string;
  /** The server-side session (user_sessions.id) the token belongs to: its `sid` claim. */
  sessionId: string;
  /** The account's security epoch the session belongs to (its `ver` claim, still current). */
  tokenVersion: number;
}

/** What the guard needs to know about the token's user, read fresh on every request. */
export interface AuthUserState {
  id: string;
  username: string;
  role: Role;
  status: UserStatus;
  tokenVersion: number;
  /** When the token's session (its `sid`) was last seen: the throttled last-seen write. */
  sessionLastSeenAt: number;
}

export type RoleGuard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler that admits a live session of one of `roles` and sets `request.auth`. */
    requireRole(...roles: Role[]): RoleGuard;
  }
}

const ALGORITHM = 'HS256';
/**
 * Session tokens verified by this node. Every API call of a signed-in user carries one, and
 * jose checks its HMAC through WebCrypto (a key import and a thread-pool round trip, ~0.2 ms of
 * a ~2 ms admin list call); the user row and its session are still read on every call
 * (sessionUserOf).
 */
const VERIFIED_CACHE_SIZE = 10_000;

export interface TokenService {
  /** A token for `user` within the server-side session `sessionId` (its `sid` claim). */
  sign(
    user: Omit<AuthUserState, 'status' | 'sessionLastSeenAt'> & { sessionId: string },
  ): Promise<string>;
  /** The token's claims, or null when it is malformed, forged, expired or of another algorithm. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = createTokenCache<SessionClaims>(VERIFIED_CACHE_SIZE);
  return {
    sign(user) {
      const issuedAt = Math.floor(clock.now() / 1000);
      return new SignJWT({
        role: user.role,
        username: user.username,
        ver: user.tokenVersion,
        sid: user.sessionId,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TIMING.sessionTtlSeconds)
        .sign(key);
    },
    async verify(token) {
      const now = clock.now();
      const known = verified.get(token, now);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          // Pinned: a token claiming "none" or an asymmetric algorithm is rejected outright.
          algorithms: [ALGORITHM],
          currentDate: new Date(now),
        });
        const claims = sessionClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        // jose's rule: expired once the current second reaches `exp`.
        verified.remember(token, claims.data, claims.data.exp * 1000);
        return claims.data;
      } catch {
        return null;
      }
    },
  };
}

export interface AuthPluginOptions {
  tokens: TokenService;
  /**
   * The user `id` while the server-side session `sessionId` is theirs and not ended, else
   * undefined: one read per request (the session is joined to the user row, no second query).
   */
  loadUser: (id: string, sessionId: string) => Promise<AuthUserState | undefined>;
}

/** Decorates `app.requireRole(...)` and `request.auth`. */
export const authPlugin = fp<AuthPluginOptions>(
  (app, { tokens, loadUser }, done) => {
    app.decorateRequest('auth', null);
    app.decorate('requireRole', (...roles: Role[]): RoleGuard => {
      const allowed = new Set(roles);
      return async (request) => {
        const user = await sessionUserOf(request, { tokens, loadUser });
        if (!user) throw new UnauthorizedError();
        if (!allowed.has(user.role)) throw new ForbiddenError();
        request.auth = {
          userId: user.id,
          role: user.role,
          username: user.username,
          sessionId: user.sessionId,
          tokenVersion: user.tokenVersion,
        };
      };
    });
    done();
  },
  { name: 'auth' },
);

/** `request.auth` for a route behind `requireRole`; throws 401 if the guard did not run. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** Who performed an admin action and from where, as the activity log records it. */
export interface Actor {
  userId: string;
  username: string;
  /** Null when no request is behind the action (an order completed by its PIX payment). */
  ip: string | null;
  /** `api`: the action came through a seller API token (`/api/v1`); the log line says so. */
  via?: 'api';
}

/** The actor of a request behind `requireRole`. */
export function actorOf(request: FastifyRequest): Actor {
  const { userId, username } = authOf(request);
  return { userId, username, ip: request.ip };
}

/**
 * The live user behind the request's bearer token, or undefined when there is none or it is
 * forged, expired or outdated. The user and the token's session are read on every call so a
 * ban, deletion, password change, logout or ended session ends the token at once; `ver` below
 * the stored token_version marks a token issued before a password change.
 */
export async function sessionUserOf(
  request: FastifyRequest,
  { tokens, loadUser }: AuthPluginOptions,
): Promise<(AuthUserState & { sessionId: string }) | undefined> {
  const token = bearerToken(request);
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) return undefined;
  const user = await loadUser(claims.sub, claims.sid);
  if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) return undefined;
  return { ...user, sessionId: claims.sid };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
