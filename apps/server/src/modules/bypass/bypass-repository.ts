import type { BypassRegion } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';
import { contains } from '../../platform/db/search.js';

export interface BypassUidRow {
  uid: string;
  nickname: string | null;
  region: BypassRegion;
  expires_at: number | null;
  paused_remaining_ms: number | null;
}

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: number;
  revoked_at: number | null;
}

const uidColumns = ['uid', 'nickname', 'region', 'expires_at', 'paused_remaining_ms'] as const;

/** The bypass UID whitelist and the API keys of the service that reads it. */
export function createBypassRepository(db: Kysely<Database>) {
  function matching(q: string | undefined) {
    const query = db.selectFrom('bypass_uids');
    if (!q) return query;
    const key = q.toLowerCase();
    return query.where((eb) =>
      eb.or([
        contains(sql<string>`lower(uid)`, key),
        contains(sql<string>`lower(coalesce(nickname, ''))`, key),
      ]),
    );
  }

  return {
    /** Newest first; `q` matches anywhere in the UID or nickname. */
    async page(
      q: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: BypassUidRow[]; total: number }> {
      return readPage(
        matching(q),
        (query) => query.select(uidColumns).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        limit,
        offset,
      );
    },

    find(uid: string, executor: Kysely<Database> = db): Promise<BypassUidRow | undefined> {
      return executor
        .selectFrom('bypass_uids')
        .select(uidColumns)
        .where('uid', '=', uid)
        .executeTakeFirst();
    },

    /** Inserts unless the UID exists; true when it inserted. */
    async insertIfAbsent(
      row: BypassUidRow & { id: string; createdBy: string | null; createdAt: number },
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const inserted = await executor
        .insertInto('bypass_uids')
        .values({
          id: row.id,
          uid: row.uid,
          nickname: row.nickname,
          region: row.region,
          expires_at: row.expires_at,
          paused_remaining_ms: row.paused_remaining_ms,
          created_by: row.createdBy,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.column('uid').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** False when `uid` is gone (a concurrent rename or delete took it first). */
    async rename(uid: string, newUid: string, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .updateTable('bypass_uids')
        .set({ uid: newUid })
        .where('uid', '=', uid)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(uid: string, executor: Kysely<Database> = db): Promise<boolean> {
      const result = await executor
        .deleteFrom('bypass_uids')
        .where('uid', '=', uid)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Pauses a running UID (freezing what is left) or resumes a paused one (now + what was
     * left), in one statement so two clicks cannot both act on the old state. A UID whose time
     * ran out is left alone. Returns whether it is paused now, or undefined when nothing changed.
     */
    async togglePause(
      uid: string,
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<boolean | undefined> {
      const row = await executor
        .updateTable('bypass_uids')
        .set({
          expires_at: sql<
            number | null
          >`case when expires_at is null then ${now} + coalesce(paused_remaining_ms, 0) else null end`,
          paused_remaining_ms: sql<
            number | null
          >`case when expires_at is null then null else expires_at - ${now} end`,
        })
        .where('uid', '=', uid)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .returning('expires_at')
        .executeTakeFirst();
      return row === undefined ? undefined : row.expires_at === null;
    },

    async insertApiKey(
      key: Omit<ApiKeyRow, 'revoked_at'> & { createdBy: string | null },
      executor: Kysely<Database> = db,
    ): Promise<void> {
      await executor
        .insertInto('bypass_api_keys')
        .values({
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          key_hash: key.key_hash,
          created_by: key.createdBy,
          created_at: key.created_at,
          revoked_at: null,
        })
        .execute();
    },

    /** Newest first. */
    async apiKeysPage(
      limit: number,
      offset: number,
    ): Promise<{ rows: ApiKeyRow[]; total: number }> {
      return readPage(
        db.selectFrom('bypass_api_keys'),
        (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        limit,
        offset,
      );
    },

    findApiKey(id: string, executor: Kysely<Database> = db): Promise<ApiKeyRow | undefined> {
      return executor
        .selectFrom('bypass_api_keys')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findApiKeyByPrefix(prefix: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('bypass_api_keys')
        .selectAll()
        .where('prefix', '=', prefix)
        .executeTakeFirst();
    },

    /** Revokes once; a second revoke keeps the first time. */
    async revokeApiKey(id: string, now: number, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .updateTable('bypass_api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type BypassRepository = ReturnType<typeof createBypassRepository>;
