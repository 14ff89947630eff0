import type {
  ApiToken,
  ApiTokenScope,
  ApiTokenStatus,
  ApiTokensPage,
  CreateApiTokenInput,
  CreateApiTokenResponse,
  MessageResponse,
  PageQuery,
  Role,
} from '@chaveiro/contract';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_SCOPES,
  RESELLER_API_TOKEN_SCOPES,
  apiTokenMessages,
} from '@chaveiro/contract';
import type { ApiAuth } from '../../platform/http/api-token-auth.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  UnprocessableError,
} from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { pageOf } from '../../platform/http/paging.js';
import { newSecretToken, sha256Hex } from '../../platform/crypto/secret-tokens.js';
import type { ActivityService } from '../activity/index.js';
import type { ApiTokenListRow, ApiTokenRow, ApiTokensRepository } from './api-tokens-repository.js';

const text = apiTokenMessages;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_LIMITS.prefix}[A-Za-z0-9_-]{43}$`);
const BEARER = /^Bearer +(\S+) *$/i;
const PREFIX_LENGTH = API_TOKEN_LIMITS.prefix.length + API_TOKEN_LIMITS.visibleChars;
const KNOWN_SCOPES = new Set<string>(API_TOKEN_SCOPES);
const RESELLER_SCOPES = new Set<string>(RESELLER_API_TOKEN_SCOPES);

/** Who manages tokens: a signed-in admin or reseller (the routes admit no one else). */
export interface TokenOwner extends Actor {
  role: Role;
  /** The security epoch of the owner's session: a token minted now belongs to it. */
  epoch: number;
}

export interface ApiTokensServiceDeps extends Pick<
  AppContext,
  'db' | 'clock' | 'background' | 'runInBackground'
> {
  repository: ApiTokensRepository;
  activity: ActivityService;
}

/** What a role may grant a token, and keep using: a reseller only its own keys and the catalogue. */
function allowedScope(role: string, scope: string): boolean {
  if (role === 'admin') return KNOWN_SCOPES.has(scope);
  if (role === 'reseller') return RESELLER_SCOPES.has(scope);
  return false;
}

function scopesOf(stored: string): ApiTokenScope[] {
  return stored.split(' ').filter((scope): scope is ApiTokenScope => KNOWN_SCOPES.has(scope));
}

/**
 * A token of an epoch that ended is revoked even before the epoch's end marked it so (its
 * handler runs right after that commit): the guard refuses it already.
 */
function statusOf(row: ApiTokenRow & { owner_epoch?: number }, now: number): ApiTokenStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.owner_epoch !== undefined && row.epoch !== row.owner_epoch) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'active';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toApiToken(row: ApiTokenRow | ApiTokenListRow, now: number): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    status: statusOf(row, now),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: iso(row.revoked_at),
    revokedReason: row.revoked_reason,
  };
}

/**
 * Seller API tokens: admins and resellers create named, scoped tokens for
 * `/api/v1`, see them listed (never the secret again) and revoke them; the guard admits a
 * request by one with `authenticate`.
 */
export function createApiTokensService({
  db,
  clock,
  background,
  runInBackground,
  repository,
  activity,
}: ApiTokensServiceDeps) {
  /** Tokens whose last-use write is under way on this node: one write at a time each. */
  const touching = new Set<string>();

  function touch(id: string, now: number, ip: string): void {
    if (touching.has(id)) return;
    touching.add(id);
    background.run('api-token-last-use', async () => {
      try {
        await runInBackground([repository.touchQuery(id, now, ip)]);
      } finally {
        touching.delete(id);
      }
    });
  }

  return {
    async list(owner: TokenOwner, query: Omit<PageQuery, 'q'>): Promise<ApiTokensPage> {
      const now = clock.now();
      return pageOf(
        query,
        (limit, offset) => repository.page(owner.userId, limit, offset),
        (row) => toApiToken(row, now),
      );
    },

    /** A new token, whose secret is in this answer only (the server keeps its sha256). */
    async create(owner: TokenOwner, body: CreateApiTokenInput): Promise<CreateApiTokenResponse> {
      if (body.scopes.some((scope) => !allowedScope(owner.role, scope))) {
        throw new UnprocessableError(text.scopeNotAllowed, 'API_TOKEN_SCOPE_NOT_ALLOWED');
      }
      const token = newSecretToken(API_TOKEN_LIMITS.prefix, API_TOKEN_LIMITS.randomBytes);
      const now = clock.now();
      const row: ApiTokenRow = {
        id: newId(),
        owner_id: owner.userId,
        name: body.name,
        prefix: token.slice(0, PREFIX_LENGTH),
        // In the contract's order, whatever order they were ticked in.
        scopes: API_TOKEN_SCOPES.filter((scope) => body.scopes.includes(scope)).join(' '),
        created_at: now,
        expires_at: body.expiresInDays === null ? null : now + body.expiresInDays * DAY_MS,
        revoked_at: null,
        revoked_reason: null,
        last_used_at: null,
        last_used_ip: null,
        epoch: owner.epoch,
      };
      await withTransaction(db, async (trx) => {
        // A session whose epoch ended meanwhile (a password reset, a ban…) mints nothing: its
        // token would be refused anyway, and the list would show it live.
        if ((await repository.lockOwnerEpoch(owner.userId, trx)) !== owner.epoch) {
          throw new UnauthorizedError();
        }
        if ((await repository.countLive(owner.userId, now, trx)) >= API_TOKEN_LIMITS.activeMax) {
          throw new ConflictError(text.tooMany, 'API_TOKEN_LIMIT');
        }
        await repository.insert(
          {
            id: row.id,
            owner_id: row.owner_id,
            name: row.name,
            prefix: row.prefix,
            token_hash: sha256Hex(token),
            scopes: row.scopes,
            created_at: row.created_at,
            expires_at: row.expires_at,
            epoch: row.epoch,
          },
          trx,
        );
        await activity.record(trx, owner, {
          type: 'api_token.created',
          action: text.logCreated(row.name, row.prefix),
          target: `api-token:${row.id}`,
        });
      });
      return { message: text.created, token, apiToken: toApiToken(row, now) };
    },

    /** Revokes one of the owner's tokens: the next request with it is refused. */
    async revoke(owner: TokenOwner, id: string): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const row = await repository.find(id, trx);
        if (!row || row.owner_id !== owner.userId) throw new NotFoundError(text.notFound);
        if (!(await repository.revoke(id, owner.userId, clock.now(), trx))) {
          throw new ConflictError(text.alreadyRevoked, 'API_TOKEN_REVOKED');
        }
        await activity.record(trx, owner, {
          type: 'api_token.revoked',
          action: text.logRevoked(row.name, row.prefix),
          target: `api-token:${id}`,
        });
      });
      return { message: text.revoked };
    },

    /**
     * The guard's check (ApiTokenAuthOptions.authenticate): the token by its hash joined to its
     * owner, read on every request (no cache to invalidate, so a revocation, a ban or a role
     * change refuses the next call on every node). A token answers only within the security
     * epoch it was minted in: whatever raised the owner's token_version ended it, whether or
     * not anything marked it revoked yet. The last use is written off the request, at most
     * every API_TOKEN_LIMITS.lastUsedWriteMs.
     */
    async authenticate(
      authorization: string | undefined,
      ip: string,
    ): Promise<ApiAuth | undefined> {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
      const row = await repository.findForAuth(sha256Hex(token));
      if (!row || row.revoked_at !== null || row.owner_status !== 'active') return undefined;
      if (row.epoch !== row.owner_epoch) return undefined;
      const now = clock.now();
      if (row.expires_at !== null && row.expires_at <= now) return undefined;
      const role = row.owner_role;
      if (role !== 'admin' && role !== 'reseller') return undefined;
      if (now - (row.last_used_at ?? 0) >= API_TOKEN_LIMITS.lastUsedWriteMs) touch(row.id, now, ip);
      return {
        tokenId: row.id,
        ownerId: row.owner_id,
        ownerRole: role,
        ownerUsername: row.owner_username,
        // An admin made a reseller keeps only what a reseller may hold.
        scopes: scopesOf(row.scopes).filter((scope) => allowedScope(role, scope)),
      };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
