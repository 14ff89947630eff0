import { randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  BypassApiKeysPage,
  BypassCheckResponse,
  BypassPauseResponse,
  BypassUidItem,
  BypassUidsPage,
  BypassUidsQuery,
  CreateBypassApiKeyBody,
  CreateBypassApiKeyResponse,
  CreateBypassUidInput,
  MessageResponse,
  PageQuery,
} from '@chaveiro/contract';
import { BYPASS_LIMITS, messages } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { newSecretToken, sha256Hex } from '../../platform/crypto/secret-tokens.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { ApiKeyRow, BypassRepository, BypassUidRow } from './bypass-repository.js';

const text = messages.bypass;
const HOUR_MS = 60 * 60 * 1000;
const API_KEY_PATTERN = new RegExp(`^${BYPASS_LIMITS.apiKeyPrefix}[A-Za-z0-9_-]{43}$`);
const LOOKUP_LENGTH = BYPASS_LIMITS.apiKeyPrefix.length + BYPASS_LIMITS.apiKeyLookupChars;

function sha256(value: string): Buffer {
  return Buffer.from(sha256Hex(value), 'hex');
}

/** Time left: frozen while paused, counting down while running, never below zero. */
function remainingMs(row: BypassUidRow, now: number): number {
  const left = row.expires_at === null ? (row.paused_remaining_ms ?? 0) : row.expires_at - now;
  return Math.max(0, left);
}

function toHours(ms: number): number {
  return Math.round((ms / HOUR_MS) * 100) / 100;
}

function toItem(row: BypassUidRow, now: number): BypassUidItem {
  const paused = row.expires_at === null;
  const left = remainingMs(row, now);
  return {
    uid: row.uid,
    nickname: row.nickname,
    region: row.region,
    remaining_hours: toHours(left),
    paused,
    active: !paused && left > 0,
  };
}

function toApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: new Date(row.created_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  };
}

export interface BypassServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: BypassRepository;
  activity: ActivityService;
}

/** The bypass whitelist (spec §2 Admin bypass) and its check for an external service. */
export function createBypassService({ db, clock, repository, activity }: BypassServiceDeps) {
  // Compared against when a key's prefix is unknown, so both paths cost one comparison.
  const decoyHash = sha256(randomBytes(32).toString('hex'));

  async function existing(uid: string): Promise<BypassUidRow> {
    const row = await repository.find(uid);
    if (!row) throw new NotFoundError(text.notFound);
    return row;
  }

  return {
    async list(query: BypassUidsQuery): Promise<BypassUidsPage> {
      const now = clock.now();
      const { rows, total } = await repository.page(
        query.q,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => toItem(row, now)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async create(body: CreateBypassUidInput, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const now = clock.now();
        const inserted = await repository.insertIfAbsent(
          {
            id: newId(),
            uid: body.uid,
            nickname: body.nickname ?? null,
            region: body.region,
            expires_at: now + body.duration * HOUR_MS,
            paused_remaining_ms: null,
            createdBy: actor.userId,
            createdAt: now,
          },
          trx,
        );
        if (!inserted) throw new ConflictError(text.uidTaken, 'UID_TAKEN');
        await activity.record(trx, actor, {
          type: 'bypass.created',
          action: text.logCreated(body.uid, body.duration),
          target: `bypass:${body.uid}`,
        });
      });
      return { message: messages.success.uidCreated };
    },

    async rename(uid: string, newUid: string, actor: Actor): Promise<MessageResponse> {
      await existing(uid);
      if (newUid === uid) return { message: messages.success.uidUpdated };
      if (await repository.find(newUid)) throw new ConflictError(text.uidTaken, 'UID_TAKEN');
      try {
        await withTransaction(db, async (trx) => {
          // Decided by the update itself: on PostgreSQL a concurrent rename may still be seen
          // by a read here, then leave this update nothing to rename.
          if (!(await repository.rename(uid, newUid, trx))) throw new NotFoundError(text.notFound);
          await activity.record(trx, actor, {
            type: 'bypass.updated',
            action: text.logUpdated(uid, newUid),
            target: `bypass:${newUid}`,
          });
        });
      } catch (error) {
        // Two renames racing for one UID: the unique index decides, the loser gets the 409.
        if (await repository.find(newUid)) throw new ConflictError(text.uidTaken, 'UID_TAKEN');
        throw error;
      }
      return { message: messages.success.uidUpdated };
    },

    async delete(uid: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        if (!(await repository.delete(uid, trx))) throw new NotFoundError(text.notFound);
        await activity.record(trx, actor, {
          type: 'bypass.deleted',
          action: text.logDeleted(uid),
          target: `bypass:${uid}`,
        });
      });
      return { message: messages.success.uidDeleted };
    },

    /** Pauses (freezing the remaining time) or resumes (restarting it); not once expired. */
    async togglePause(uid: string, actor: Actor): Promise<BypassPauseResponse> {
      const paused = await withTransaction(db, async (trx) => {
        const now = clock.now();
        const result = await repository.togglePause(uid, now, trx);
        if (result === undefined) {
          if (!(await repository.find(uid, trx))) throw new NotFoundError(text.notFound);
          throw new ConflictError(text.expiredCannotPause, 'UID_EXPIRED');
        }
        await activity.record(trx, actor, {
          type: result ? 'bypass.paused' : 'bypass.resumed',
          action: result ? text.logPaused(uid) : text.logResumed(uid),
          target: `bypass:${uid}`,
        });
        return result;
      });
      return { message: messages.success.pauseToggled, paused };
    },

    /**
     * The external service's question (authenticated by `checkApiKey`): is this UID
     * whitelisted now? An unknown UID is simply inactive.
     */
    async check(uid: string): Promise<BypassCheckResponse> {
      const row = await repository.find(uid);
      if (!row) return { active: false, remaining_hours: 0, paused: false };
      const { active, remaining_hours, paused } = toItem(row, clock.now());
      return { active, remaining_hours, paused };
    },

    /** Accepts a live (unrevoked) key; anything else is 401. Hashes compare in constant time. */
    async checkApiKey(key: string | undefined): Promise<void> {
      const valid = key !== undefined && API_KEY_PATTERN.test(key);
      const row = valid
        ? await repository.findApiKeyByPrefix(key.slice(0, LOOKUP_LENGTH))
        : undefined;
      const stored = row ? Buffer.from(row.key_hash, 'hex') : decoyHash;
      const given = sha256(key ?? '');
      const matches = stored.length === given.length && timingSafeEqual(stored, given);
      if (!row || !matches || row.revoked_at !== null) {
        throw new UnauthorizedError(text.apiKeyInvalid, 'API_KEY_INVALID');
      }
    },

    async listApiKeys(query: Omit<PageQuery, 'q'>): Promise<BypassApiKeysPage> {
      const { rows, total } = await repository.apiKeysPage(
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toApiKey), total, page: query.page, pageSize: query.pageSize };
    },

    /** A new key, shown in this answer only (the server keeps its sha256). */
    async createApiKey(
      body: CreateBypassApiKeyBody,
      actor: Actor,
    ): Promise<CreateBypassApiKeyResponse> {
      const key = newSecretToken(BYPASS_LIMITS.apiKeyPrefix);
      const row: ApiKeyRow = {
        id: newId(),
        name: body.name,
        prefix: key.slice(0, LOOKUP_LENGTH),
        key_hash: sha256Hex(key),
        created_at: clock.now(),
        revoked_at: null,
      };
      await withTransaction(db, async (trx) => {
        await repository.insertApiKey({ ...row, createdBy: actor.userId }, trx);
        await activity.record(trx, actor, {
          type: 'bypass_key.created',
          action: text.logApiKeyCreated(row.name, row.prefix),
          target: `bypass-key:${row.id}`,
        });
      });
      return { message: text.apiKeyCreated, key, ...toApiKey(row) };
    },

    async revokeApiKey(id: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const row = await repository.findApiKey(id, trx);
        if (!row) throw new NotFoundError(text.apiKeyNotFound);
        await repository.revokeApiKey(id, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'bypass_key.revoked',
          action: text.logApiKeyRevoked(row.name, row.prefix),
          target: `bypass-key:${id}`,
        });
      });
      return { message: text.apiKeyRevoked };
    },
  };
}

export type BypassService = ReturnType<typeof createBypassService>;
