import type { CompiledQuery, Kysely } from 'kysely';
import type { Database, UserSessionsTable } from '../../db/schema.js';

export type SessionRow = UserSessionsTable;

/** Queries on `user_sessions`: one row per site login; the session JWT's `sid`. */
export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(session: Omit<SessionRow, 'ended_at'>, executor: Kysely<Database> = db) {
      await executor
        .insertInto('user_sessions')
        .values({ ...session, ended_at: null })
        .execute();
    },

    /** The account's sessions not ended, most recently seen first. */
    async listActive(userId: string, limit: number): Promise<SessionRow[]> {
      return db
        .selectFrom('user_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .orderBy('last_seen_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Ends one of the account's sessions; false when it is not theirs or already ended. */
    async end(userId: string, sessionId: string, at: number, executor: Kysely<Database> = db) {
      const result = await executor
        .updateTable('user_sessions')
        .set({ ended_at: at })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends every session of the account but `keepId` (null: all); answers how many ended. */
    async endAllExcept(
      userId: string,
      keepId: string | null,
      at: number,
      executor: Kysely<Database> = db,
    ): Promise<number> {
      let query = executor
        .updateTable('user_sessions')
        .set({ ended_at: at })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (keepId !== null) query = query.where('id', '<>', keepId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Whether the account ever had a session (ended or not) from this device and address. */
    async seenBefore(
      userId: string,
      device: string,
      ip: string,
      exceptId: string,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const row = await executor
        .selectFrom('user_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('device', '=', device)
        .where('ip', '=', ip)
        .where('id', '<>', exceptId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the account ever had a session (ended or not) before this one. */
    async hasAny(
      userId: string,
      exceptId: string,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const row = await executor
        .selectFrom('user_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '<>', exceptId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Moves a live session's last-seen time, as a statement for `runInBackground` (off the
     * request: callers throttle it to once per TIMING.sessionLastSeenWriteMs).
     */
    touchQuery(sessionId: string, at: number): CompiledQuery {
      return db
        .updateTable('user_sessions')
        .set({ last_seen_at: at })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .where('last_seen_at', '<', at)
        .compile();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
