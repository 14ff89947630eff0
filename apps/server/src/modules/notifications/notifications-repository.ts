import type { NotificationKind } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';

export interface NewNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  dedupeKey: string | null;
  createdAt: number;
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  read_at: number | null;
  created_at: number;
}

export interface ExpiringSubscriptionRow {
  id: string;
  user_id: string;
  expires_at: number;
  product_name: string;
}

/**
 * `expiring:<subscription id>:<expires_at>` (3 days before) and `expiring-1d:…` (1 day
 * before): one notice per subscription, expiry and threshold.
 */
export const EXPIRING_KEY_PREFIXES = { 3: 'expiring:', 1: 'expiring-1d:' } as const;
export type ReminderThreshold = keyof typeof EXPIRING_KEY_PREFIXES;

export function expiringDedupeKey(
  subscriptionId: string,
  expiresAt: number,
  daysBefore: ReminderThreshold = 3,
): string {
  return `${EXPIRING_KEY_PREFIXES[daysBefore]}${subscriptionId}:${String(expiresAt)}`;
}

/** Queries on `notifications`, each user's inbox. */
export function createNotificationsRepository(db: Kysely<Database>) {
  /** Served by the (user_id, read_at) index. */
  async function countUnread(userId: string, executor: Kysely<Database> = db): Promise<number> {
    const row = await executor
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  return {
    /**
     * Inserts unless a notification with the same `dedupeKey` exists (then does nothing);
     * answers whether it inserted.
     */
    async insert(entry: NewNotification, executor: Kysely<Database> = db): Promise<boolean> {
      const inserted = await executor
        .insertInto('notifications')
        .values({
          id: entry.id,
          user_id: entry.userId,
          kind: entry.kind,
          title: entry.title,
          body: entry.body,
          link: entry.link,
          dedupe_key: entry.dedupeKey,
          read_at: null,
          created_at: entry.createdAt,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** One user's inbox, newest first. */
    async page(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
      const [{ rows, total }, unread] = await Promise.all([
        readPage(
          db.selectFrom('notifications').where('user_id', '=', userId),
          (query) =>
            query
              .select(['id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'])
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc'),
          limit,
          offset,
        ),
        countUnread(userId),
      ]);
      return { rows, total, unread };
    },

    countUnread,

    /** Marks the user's own unread notifications among `ids` (all of them when `ids` is null). */
    async markRead(
      userId: string,
      ids: readonly string[] | null,
      at: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      let query = executor
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      await query.execute();
    },

    /**
     * Running subscriptions whose expiry falls in (`from`, `to`] and whose owner has no
     * `daysBefore` "expiring" notification for that expiry yet, in (expires_at, id) order after
     * `after`.
     * The (status, expires_at) index bounds the scan to the window; the dedupe key's unique index
     * answers the NOT EXISTS per row.
     */
    expiringWithoutNotice(
      window: { from: number; to: number },
      daysBefore: ReminderThreshold,
      after: { expiresAt: number; id: string } | null,
      limit: number,
    ): Promise<ExpiringSubscriptionRow[]> {
      let query = db
        .selectFrom('subscriptions as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['s.id', 's.user_id', 's.expires_at', 'p.name as product_name'])
        .where('s.status', '=', 'active')
        .where('s.expires_at', '>', window.from)
        .where('s.expires_at', '<=', window.to)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notifications as n')
                .select('n.id')
                .whereRef(
                  'n.dedupe_key',
                  '=',
                  sql<string>`${EXPIRING_KEY_PREFIXES[daysBefore]} || s.id || ':' || s.expires_at`,
                ),
            ),
          ),
        );
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('s.expires_at', '>', after.expiresAt),
            eb.and([eb('s.expires_at', '=', after.expiresAt), eb('s.id', '>', after.id)]),
          ]),
        );
      }
      return query
        .orderBy('s.expires_at', 'asc')
        .orderBy('s.id', 'asc')
        .limit(limit)
        .execute() as Promise<ExpiringSubscriptionRow[]>;
    },

    /**
     * Running subscriptions whose expiry fell in (`from`, `to`] and was not announced as
     * `subscription.expired` yet, in (expires_at, id) order after `after`. The (status,
     * expires_at) index bounds the scan; the announcements' primary key answers the NOT EXISTS.
     */
    expiredUnannounced(
      window: { from: number; to: number },
      after: { expiresAt: number; id: string } | null,
      limit: number,
    ): Promise<ExpiredSubscriptionRow[]> {
      let query = db
        .selectFrom('subscriptions as s')
        .innerJoin('products as p', 'p.id', 's.product_id')
        .select(['s.id', 's.user_id', 's.product_id', 's.expires_at', 'p.name as product_name'])
        .where('s.status', '=', 'active')
        .where('s.expires_at', '>', window.from)
        .where('s.expires_at', '<=', window.to)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('subscription_expiries as x')
                .select('x.subscription_id')
                .whereRef('x.subscription_id', '=', 's.id')
                .whereRef('x.expires_at', '=', 's.expires_at'),
            ),
          ),
        );
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('s.expires_at', '>', after.expiresAt),
            eb.and([eb('s.expires_at', '=', after.expiresAt), eb('s.id', '>', after.id)]),
          ]),
        );
      }
      return query
        .orderBy('s.expires_at', 'asc')
        .orderBy('s.id', 'asc')
        .limit(limit)
        .execute() as Promise<ExpiredSubscriptionRow[]>;
    },

    /**
     * Notes (subscription, expiry) as announced, in the caller's transaction; false when it
     * already was (another process, a rerun): then the caller records nothing.
     */
    async markExpiryAnnounced(
      executor: Kysely<Database>,
      subscriptionId: string,
      expiresAt: number,
      at: number,
    ): Promise<boolean> {
      const result = await executor
        .insertInto('subscription_expiries')
        .values({ subscription_id: subscriptionId, expires_at: expiresAt, recorded_at: at })
        .onConflict((oc) => oc.columns(['subscription_id', 'expires_at']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}

export interface ExpiredSubscriptionRow {
  id: string;
  user_id: string;
  product_id: string;
  expires_at: number;
  product_name: string;
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
