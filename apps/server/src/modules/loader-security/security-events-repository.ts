import type { SecurityEventsQuery } from '@chaveiro/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, LoaderSecurityEventsTable } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';

export type NewSecurityEvent = Insertable<LoaderSecurityEventsTable>;

/** What the rules need of the product a session or an auth names. */
export interface GuardedProduct {
  name: string;
  security_rules: string;
}

/**
 * `loader_security_events` (this module is its one writer), and the reads the checks need: the
 * product's rules, whether an HWID is bound to another active account, the published loaders.
 */
export function createSecurityEventsRepository(db: Kysely<Database>) {
  /** Events with their product's name, their account's and their resolver's username. */
  function listed(executor: Kysely<Database>) {
    return executor
      .selectFrom('loader_security_events as e')
      .innerJoin('products as p', 'p.id', 'e.product_id')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('users as r', 'r.id', 'e.resolved_by');
  }
  const columns = [
    'e.id',
    'e.product_id',
    'p.name as product_name',
    'e.user_id',
    'u.username as current_username',
    'e.username',
    'e.subscription_id',
    'e.machine_id',
    'e.hwid',
    'e.kind',
    'e.detail',
    'e.action',
    'e.ip',
    'e.created_at',
    'e.resolved_at',
    'r.username as resolved_by',
  ] as const;

  return {
    async insert(event: NewSecurityEvent, executor: Kysely<Database>): Promise<void> {
      await executor.insertInto('loader_security_events').values(event).execute();
    },

    findProduct(productId: string): Promise<GuardedProduct | undefined> {
      return db
        .selectFrom('products')
        .select(['name', 'security_rules'])
        .where('id', '=', productId)
        .executeTakeFirst();
    },

    /**
     * How many loaders the product published, and whether `sha256` is one of them (one indexed
     * read of its releases).
     */
    async releasesOf(
      productId: string,
      sha256: string | undefined,
    ): Promise<{ releases: number; known: boolean }> {
      const row = await db
        .selectFrom('product_loader_releases')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('releases'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when('sha256', '=', sha256 ?? '')
                .then(1)
                .else(0)
                .end(),
            )
            .as('known'),
        ])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return { releases: Number(row.releases), known: Number(row.known ?? 0) > 0 };
    },

    /** A page of events, newest first, with the names the queue shows. */
    page(query: SecurityEventsQuery, limit: number, offset: number) {
      let matching = listed(db);
      if (query.status === 'open') matching = matching.where('e.resolved_at', 'is', null);
      if (query.status === 'resolved') matching = matching.where('e.resolved_at', 'is not', null);
      if (query.productId) matching = matching.where('e.product_id', '=', query.productId);
      if (query.kind) matching = matching.where('e.kind', '=', query.kind);
      if (query.userId) matching = matching.where('e.user_id', '=', query.userId);
      return readPage(
        matching,
        (rows) => rows.select(columns).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc'),
        limit,
        offset,
      );
    },

    /** One event with the names the queue shows. */
    find(id: string, executor: Kysely<Database> = db) {
      return listed(executor).select(columns).where('e.id', '=', id).executeTakeFirst();
    },

    /** Marks the event resolved; false when it already was (or does not exist). */
    async resolve(
      id: string,
      by: string,
      now: number,
      executor: Kysely<Database>,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('loader_security_events')
        .set({ resolved_at: now, resolved_by: by })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;
export type SecurityEventRow = NonNullable<Awaited<ReturnType<SecurityEventsRepository['find']>>>;
