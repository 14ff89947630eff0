import type { ActivityType } from '@chaveiro/contract';
import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PageStart } from '../../platform/db/page-anchors.js';
import { atOrPast, createPageAnchors } from '../../platform/db/page-anchors.js';
import type { CountCache } from '../../platform/state/count-cache.js';
import { clearWhenCommitted, createCountCache } from '../../platform/state/count-cache.js';
import { contains } from '../../platform/db/search.js';

export interface NewActivity {
  id: string;
  actorId: string | null;
  actorName: string | null;
  type: ActivityType;
  action: string;
  target: string | null;
  ip: string | null;
  createdAt: number;
}

/** What the log is filtered by (every field optional; times are epoch ms, both included). */
export interface ActivityFilter {
  q?: string;
  type?: ActivityType;
  actorId?: string;
  target?: string;
  /** A user id: rows they did or that were done to them. */
  subject?: string;
  fromMs?: number;
  toMs?: number;
}

export interface ActivityEntry {
  id: string;
  type: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  target: string | null;
  ip: string | null;
  created_at: number;
}

/** A row's place in the newest-first order: `created_at`, then `id`. */
export interface ActivityCursor {
  createdAt: number;
  id: string;
}

type ActivityQueryBuilder = SelectQueryBuilder<Database, 'activity', object>;

function filtered(db: Kysely<Database>, filter: ActivityFilter): ActivityQueryBuilder {
  let query = db.selectFrom('activity');
  if (filter.q) {
    const needle = filter.q.toLowerCase();
    query = query.where(() => contains(sql<string>`lower(action)`, needle));
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.target) query = query.where('target', '=', filter.target);
  if (filter.subject) {
    const subject = filter.subject;
    query = query.where((eb) =>
      eb.or([eb('actor_id', '=', subject), eb('target', '=', `user:${subject}`)]),
    );
  }
  if (filter.fromMs !== undefined) query = query.where('created_at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('created_at', '<=', filter.toMs);
  return query;
}

/** Newest first from `start`: past its anchor, then its skip. */
function fromStart<Q extends SelectQueryBuilder<Database, 'activity', object>>(
  query: Q,
  start: PageStart,
): Q {
  let sorted = query;
  if (start.from) sorted = sorted.where(atOrPast(['created_at', 'id'], 'desc', start.from)) as Q;
  return sorted.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(start.skip) as Q;
}

function olderThan(eb: ExpressionBuilder<Database, 'activity'>, cursor: ActivityCursor) {
  return eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id));
}

const COLUMNS = [
  'id',
  'type',
  'action',
  'actor_id',
  'actor_name',
  'target',
  'ip',
  'created_at',
] as const;

/** Queries on `activity`, the admin audit log. */
export function createActivityRepository(
  db: Kysely<Database>,
  /** Totals per filter, cleared by every insert. */
  totals: CountCache = createCountCache(0),
  /** Where deep pages' anchors are found, off the event loop. */
  backgroundReads: Kysely<Database> = db,
) {
  // Cleared with the totals, by every insert.
  const anchors = createPageAnchors(totals, ADMIN_LIMITS.listAnchorCacheMs);

  /**
   * Where the page at `offset` starts: from its page anchor (platform/db/page-anchors.ts) when
   * only this repository's inserts change the filter's rows. Filters by account do not anchor:
   * deleting an account nulls its lines' actor, a change this repository never sees.
   */
  function pageStart(filter: ActivityFilter, offset: number): Promise<PageStart | null> {
    if (filter.actorId !== undefined || filter.subject !== undefined) {
      return Promise.resolve({ from: undefined, skip: offset });
    }
    return anchors.start(JSON.stringify(filter), offset, async (start) => {
      const row = await fromStart(
        filtered(backgroundReads, filter).select(['created_at', 'id']),
        start,
      )
        .limit(1)
        .executeTakeFirst();
      return row ? [row.created_at, row.id] : null;
    });
  }

  return {
    /**
     * Writes one line. `ignoreDuplicate`: a line whose id is already there is left as it is (an
     * event handler's line, its id derived from the event's, written once however often it runs).
     */
    async insert(
      entry: NewActivity,
      executor: Kysely<Database> = db,
      options: { ignoreDuplicate?: boolean } = {},
    ): Promise<void> {
      let insert = executor.insertInto('activity').values({
        id: entry.id,
        actor_id: entry.actorId,
        actor_name: entry.actorName,
        type: entry.type,
        action: entry.action,
        target: entry.target,
        ip: entry.ip,
        created_at: entry.createdAt,
      });
      if (options.ignoreDuplicate) insert = insert.onConflict((oc) => oc.column('id').doNothing());
      await insert.execute();
      clearWhenCommitted(totals, executor);
    },

    /**
     * Newest first: `limit` rows after `offset`, or older than `before` (keyset), with the total
     * matching the filter. `q` matches anywhere in the action text, case-insensitively.
     */
    async page(
      filter: ActivityFilter,
      limit: number,
      at: { offset: number } | { before: ActivityCursor },
    ): Promise<{ rows: ActivityEntry[]; total: number }> {
      const rows = async (): Promise<ActivityEntry[]> => {
        const query = filtered(db, filter).select(COLUMNS).limit(limit);
        if ('before' in at) {
          const cursor = at.before;
          return query
            .where((eb) => olderThan(eb, cursor))
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .execute();
        }
        const start = await pageStart(filter, at.offset);
        return start ? fromStart(query, start).execute() : [];
      };
      const [found, total] = await Promise.all([
        rows(),
        totals.get(JSON.stringify(filter), async () => {
          // Up to the whole log: counted off the event loop.
          const row = await filtered(backgroundReads, filter)
            .select((eb) => eb.fn.countAll<number | string>().as('total'))
            .executeTakeFirstOrThrow();
          return Number(row.total);
        }),
      ]);
      return { rows: found, total };
    },

    /** The matching rows newest first, `size` at a time, at most `max` in all (the CSV export). */
    async *batches(
      filter: ActivityFilter,
      size: number,
      max: number,
    ): AsyncGenerator<ActivityEntry[]> {
      let cursor: ActivityCursor | undefined;
      let left = max;
      while (left > 0) {
        const after = cursor;
        let query = filtered(db, filter)
          .select(COLUMNS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(Math.min(size, left));
        if (after) query = query.where((eb) => olderThan(eb, after));
        const rows = await query.execute();
        if (rows.length === 0) return;
        yield rows;
        left -= rows.length;
        const last = rows[rows.length - 1];
        if (!last || rows.length < size) return;
        cursor = { createdAt: last.created_at, id: last.id };
      }
    },

    /** The id of the account named `username` (case-insensitive), if any. */
    async userIdByUsername(username: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', username.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    /** Usernames by id (the actors and user targets of a page), in one query. */
    async usernames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /** Readable names of a page's targets by kind and id, one query per kind present. */
    async targetLabels(ids: {
      key: readonly string[];
      product: readonly string[];
      subscription: readonly string[];
      deposit: readonly string[];
      ticket: readonly string[];
      bypassKey: readonly string[];
    }): Promise<Map<string, string>> {
      const labels = new Map<string, string>();
      const add = (kind: string, rows: { id: string; label: string }[]) => {
        for (const row of rows) labels.set(`${kind}:${row.id}`, row.label);
      };
      await Promise.all([
        ids.key.length > 0 &&
          db
            .selectFrom('license_keys')
            .select(['id', 'key as label'])
            .where('id', 'in', [...ids.key])
            .execute()
            .then((rows) => add('key', rows)),
        ids.product.length > 0 &&
          db
            .selectFrom('products')
            .select(['id', 'name as label'])
            .where('id', 'in', [...ids.product])
            .execute()
            .then((rows) => add('product', rows)),
        ids.subscription.length > 0 &&
          db
            .selectFrom('subscriptions')
            .innerJoin('products', 'products.id', 'subscriptions.product_id')
            .innerJoin('users', 'users.id', 'subscriptions.user_id')
            .select([
              'subscriptions.id as id',
              'products.name as product',
              'users.username as username',
            ])
            .where('subscriptions.id', 'in', [...ids.subscription])
            .execute()
            .then((rows) =>
              add(
                'subscription',
                rows.map((row) => ({ id: row.id, label: `${row.product} (${row.username})` })),
              ),
            ),
        ids.deposit.length > 0 &&
          db
            .selectFrom('deposits')
            .select(['id', 'reference as label'])
            .where('id', 'in', [...ids.deposit])
            .execute()
            .then((rows) => add('deposit', rows)),
        ids.ticket.length > 0 &&
          db
            .selectFrom('support_tickets')
            .select(['id', 'subject as label'])
            .where('id', 'in', [...ids.ticket])
            .execute()
            .then((rows) => add('ticket', rows)),
        ids.bypassKey.length > 0 &&
          db
            .selectFrom('bypass_api_keys')
            .select(['id', 'name as label'])
            .where('id', 'in', [...ids.bypassKey])
            .execute()
            .then((rows) => add('bypass-key', rows)),
      ]);
      return labels;
    },

    /** What a `key.redeemed` line names: the key, its redeemer and its product. */
    async redemptionNames(
      keyId: string,
      userId: string,
      productId: string,
      executor: Kysely<Database>,
    ): Promise<{ key: string | null; username: string | null; product: string | null }> {
      // One after the other: `executor` is a transaction (one connection).
      const key = await executor
        .selectFrom('license_keys')
        .select('key')
        .where('id', '=', keyId)
        .executeTakeFirst();
      const user = await executor
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirst();
      const product = await executor
        .selectFrom('products')
        .select('name')
        .where('id', '=', productId)
        .executeTakeFirst();
      return {
        key: key?.key ?? null,
        username: user?.username ?? null,
        product: product?.name ?? null,
      };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
