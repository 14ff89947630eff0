import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/paging.js';
import { contains } from '../../platform/search.js';

export interface NewActivity {
  id: string;
  actorId: string | null;
  type: string | undefined;
  action: string;
  target: string | null;
  ip: string | null;
  createdAt: number;
}

export interface ActivityEntry {
  id: string;
  action: string;
  created_at: number;
}

/** Queries on `activity`, the admin audit log. */
export function createActivityRepository(db: Kysely<Database>) {
  return {
    async insert(entry: NewActivity, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('activity')
        .values({
          id: entry.id,
          actor_id: entry.actorId,
          type: entry.type ?? 'legacy',
          action: entry.action,
          target: entry.target,
          ip: entry.ip,
          created_at: entry.createdAt,
        })
        .execute();
    },

    /** Newest first; `search` matches anywhere in the action text, case-insensitively. */
    async page(
      search: string | undefined,
      limit: number,
      offset: number,
    ): Promise<{ rows: ActivityEntry[]; total: number }> {
      let query = db.selectFrom('activity');
      if (search) {
        query = query.where(() => contains(sql<string>`lower(action)`, search.toLowerCase()));
      }
      return readPage(
        query,
        (matching) =>
          matching
            .select(['id', 'action', 'created_at'])
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc'),
        limit,
        offset,
      );
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
