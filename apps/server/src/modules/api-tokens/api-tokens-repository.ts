import type { ApiTokenRevokedReason, SecurityEpochReason } from '@chaveiro/contract';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { readPage } from '../../platform/http/paging.js';

export interface ApiTokenRow {
  id: string;
  owner_id: string;
  name: string;
  prefix: string;
  scopes: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  revoked_reason: ApiTokenRevokedReason | null;
  last_used_at: number | null;
  last_used_ip: string | null;
  /** The owner's security epoch (token_version) it was minted in. */
  epoch: number;
}

/** A token as listed: with its owner's current epoch, which a live token must still be in. */
export interface ApiTokenListRow extends ApiTokenRow {
  owner_epoch: number;
}

/** A token found by its hash, joined to what the guard must know of its owner. */
export interface ApiTokenAuthRow {
  id: string;
  owner_id: string;
  scopes: string;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  epoch: number;
  owner_username: string;
  owner_role: string;
  owner_status: string;
  /** The owner's current token_version: the token answers only while its epoch is this one. */
  owner_epoch: number;
}

const listColumns = [
  'id',
  'owner_id',
  'name',
  'prefix',
  'scopes',
  'created_at',
  'expires_at',
  'revoked_at',
  'revoked_reason',
  'last_used_at',
  'last_used_ip',
  'epoch',
] as const;

/** Seller API tokens: stored by the sha256 of the whole token, never the token itself. */
export function createApiTokensRepository(db: Kysely<Database>, dialect: SqlDialect) {
  return {
    /**
     * The guard's read on every v1 request: the token by its hash (unique index) joined to its
     * owner by primary key, one statement. A deleted owner took its tokens with it (cascade).
     */
    findForAuth(tokenHash: string): Promise<ApiTokenAuthRow | undefined> {
      return db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.owner_id')
        .select([
          'api_tokens.id',
          'api_tokens.owner_id',
          'api_tokens.scopes',
          'api_tokens.expires_at',
          'api_tokens.revoked_at',
          'api_tokens.last_used_at',
          'api_tokens.epoch',
          'users.username as owner_username',
          'users.role as owner_role',
          'users.status as owner_status',
          'users.token_version as owner_epoch',
        ])
        .where('api_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The owner's tokens, newest first, each with the owner's current epoch. */
    page(ownerId: string, limit: number, offset: number) {
      return readPage(
        db.selectFrom('api_tokens').where('owner_id', '=', ownerId),
        (query) =>
          query
            .select(listColumns)
            .select((eb) =>
              eb
                .selectFrom('users')
                .select('users.token_version')
                .whereRef('users.id', '=', 'api_tokens.owner_id')
                .$asScalar()
                .$notNull()
                .as('owner_epoch'),
            )
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc'),
        limit,
        offset,
      );
    },

    find(id: string, executor: Kysely<Database> = db): Promise<ApiTokenRow | undefined> {
      return executor
        .selectFrom('api_tokens')
        .select(listColumns)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The owner's current security epoch, holding the owner's row until the transaction ends:
     * two creations at once count the live tokens one after the other, and an epoch's end
     * waits for a creation under way or is seen by it (SQLite's write transactions are serial
     * already). Undefined when the owner is gone.
     */
    async lockOwnerEpoch(ownerId: string, executor: Kysely<Database>): Promise<number | undefined> {
      let query = executor.selectFrom('users').select('token_version').where('id', '=', ownerId);
      if (dialect === 'postgres') query = query.forUpdate();
      return (await query.executeTakeFirst())?.token_version;
    },

    /** Tokens of the owner neither revoked nor expired at `now`. */
    async countLive(ownerId: string, now: number, executor: Kysely<Database>): Promise<number> {
      const row = await executor
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('owner_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async insert(
      row: Omit<ApiTokenRow, 'revoked_at' | 'revoked_reason' | 'last_used_at' | 'last_used_ip'> & {
        token_hash: string;
      },
      executor: Kysely<Database>,
    ): Promise<void> {
      await executor.insertInto('api_tokens').values(row).execute();
    },

    /** Revokes the owner's live token; false when it is not theirs or already revoked. */
    async revoke(
      id: string,
      ownerId: string,
      now: number,
      executor: Kysely<Database>,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('api_tokens')
        .set({ revoked_at: now, revoked_reason: 'owner' })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Revokes, for `reason`, the owner's tokens minted before epoch `epoch` and still live at
     * `at` (neither revoked nor expired); answers those it revoked.
     */
    revokeBeforeEpoch(
      ownerId: string,
      epoch: number,
      reason: SecurityEpochReason,
      at: number,
      executor: Kysely<Database>,
    ): Promise<{ id: string; name: string; prefix: string }[]> {
      return executor
        .updateTable('api_tokens')
        .set({ revoked_at: at, revoked_reason: reason })
        .where('owner_id', '=', ownerId)
        .where('epoch', '<', epoch)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .returning(['id', 'name', 'prefix'])
        .execute();
    },

    /** The throttled last-use write, run off the request; never moves the time backwards. */
    touchQuery(id: string, at: number, ip: string): CompiledQuery {
      return db
        .updateTable('api_tokens')
        .set({ last_used_at: at, last_used_ip: ip })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
        .compile();
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
