import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface IdempotencyRow {
  fingerprint: string;
  status_code: number | null;
  response_body: string | null;
  locked_until: number;
  created_at: number;
}

export interface IdempotencyClaim {
  ownerId: string;
  key: string;
}

/** The `Idempotency-Key`s of v1 POSTs: who holds each, and the answer to replay. */
export function createIdempotencyRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the key for a first request: true when this call inserted it. The primary key
     * (owner, key) decides between concurrent requests on any number of nodes.
     */
    async claim(
      claim: IdempotencyClaim & { fingerprint: string; now: number; lockedUntil: number },
    ): Promise<boolean> {
      const inserted = await db
        .insertInto('api_idempotency_keys')
        .values({
          owner_id: claim.ownerId,
          idempotency_key: claim.key,
          fingerprint: claim.fingerprint,
          status_code: null,
          response_body: null,
          locked_until: claim.lockedUntil,
          created_at: claim.now,
        })
        .onConflict((oc) => oc.columns(['owner_id', 'idempotency_key']).doNothing())
        .returning('owner_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    find({ ownerId, key }: IdempotencyClaim): Promise<IdempotencyRow | undefined> {
      return db
        .selectFrom('api_idempotency_keys')
        .select(['fingerprint', 'status_code', 'response_body', 'locked_until', 'created_at'])
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /** Stores the first request's answer for its retries. */
    async complete(
      { ownerId, key }: IdempotencyClaim,
      statusCode: number,
      body: string,
    ): Promise<void> {
      await db
        .updateTable('api_idempotency_keys')
        .set({ status_code: statusCode, response_body: body })
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    /** Frees a key whose request failed on our side (5xx), so a retry may run. */
    async release({ ownerId, key }: IdempotencyClaim): Promise<void> {
      await db
        .deleteFrom('api_idempotency_keys')
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key)
        .where('status_code', 'is', null)
        .execute();
    },

    /** Forgets the key when it was created before `before` (expired): it may be used anew. */
    async deleteIfOlder({ ownerId, key }: IdempotencyClaim, before: number): Promise<void> {
      await db
        .deleteFrom('api_idempotency_keys')
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key)
        .where('created_at', '<', before)
        .execute();
    },

    /** Deletes at most `limit` of the oldest keys created before `before`. */
    async prune(before: number, limit: number): Promise<void> {
      await sql`
        delete from api_idempotency_keys
        where (owner_id, idempotency_key) in (
          select owner_id, idempotency_key from api_idempotency_keys
          where created_at < ${before}
          order by created_at
          limit ${limit}
        )`.execute(db);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
