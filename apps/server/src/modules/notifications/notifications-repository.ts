import type { NotificationKind } from '@chaveiro/contract';
import { DAY_MS, DURATION_TEXT, HOUR_MS, MINUTE_MS } from '@chaveiro/contract';
import type { CompiledQuery, ExpressionBuilder, Kysely, RawBuilder } from 'kysely';
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

/**
 * One bell line per active subscriber of a product, written a range of its subscriptions at a
 * time (`productStatusNoticesQuery`).
 */
export interface ProductStatusNotices {
  /** Unique per change: each line's id is this followed by its subscription's id. */
  idPrefix: string;
  productId: string;
  /** When the change took effect: whoever subscribes then is told. */
  at: number;
  title: string;
  body: string;
  /**
   * Set when the change ended a freeze: a subscription the freeze gave time back to (since
   * `since`) gets `formatDuration(its given_back_ms)` and `suffix` after `body`.
   */
  givenBack: { since: number; suffix: string } | null;
  link: string;
  createdAt: number;
}

/**
 * A subscription to the product that is still the customer's at `at`: running and not expired,
 * or paused with time left (a paused clock has no expiry). `s` is the subscriptions alias.
 */
export function activeSubscriptionAt(at: number) {
  return (eb: ExpressionBuilder<Database & { s: Database['subscriptions'] }, 's'>) =>
    eb.or([
      eb.and([eb('s.status', '=', 'active'), eb('s.expires_at', '>', at)]),
      eb.and([eb('s.status', '=', 'paused'), eb('s.paused_remaining_ms', '>', 0)]),
    ]);
}

/**
 * The contract's `formatDuration` in SQL (SQLite and PostgreSQL), over integer milliseconds:
 * two largest units, rounded down. `duration.test` in this module holds both to one answer.
 */
export function durationSql(ms: RawBuilder<number>): RawBuilder<string> {
  const { day, hour, minute, underAMinute } = DURATION_TEXT;
  const whole = (expression: RawBuilder<number>) => sql<string>`cast(${expression} as text)`;
  const unit = (name: string) => sql<string>`cast(${` ${name}`} as text)`;
  const over = (divisor: number) => sql<number>`(${ms} / ${sql.lit(divisor)})`;
  const within = (modulus: number, divisor: number) =>
    sql<number>`((${ms} % ${sql.lit(modulus)}) / ${sql.lit(divisor)})`;
  const then = (
    head: RawBuilder<number>,
    headUnit: string,
    tail: RawBuilder<number>,
    tailUnit: string,
  ) =>
    sql<string>`${whole(head)} || ${unit(headUnit)} || case when ${tail} > 0 then cast(' ' as text) || ${whole(tail)} || ${unit(tailUnit)} else cast('' as text) end`;
  return sql<string>`case
    when ${ms} >= ${sql.lit(DAY_MS)} then ${then(over(DAY_MS), day, within(DAY_MS, HOUR_MS), hour)}
    when ${ms} >= ${sql.lit(HOUR_MS)} then ${then(over(HOUR_MS), hour, within(HOUR_MS, MINUTE_MS), minute)}
    when ${ms} >= ${sql.lit(MINUTE_MS)} then ${whole(over(MINUTE_MS))} || ${unit(minute)}
    else cast(${underAMinute} as text)
  end`;
}

/** Queries on `notifications`, each user's inbox. */
/**
 * `reads`: the expiry reminders' scans run there, off the event loop (on the bench seed each took
 * 20–40 ms).
 */
export function createNotificationsRepository(db: Kysely<Database>, reads: Kysely<Database>) {
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

    /**
     * Where a range of `size` subscriptions of the product after `after` ends (id order): the
     * id of its last one, or null when fewer are left (the last range runs to the end). Read
     * from the (product_id, id) index alone.
     */
    async productSubscriptionsRangeEnd(
      productId: string,
      after: string | null,
      size: number,
    ): Promise<string | null> {
      let query = db
        .selectFrom('subscriptions')
        .select('id')
        .where('product_id', '=', productId)
        .orderBy('id')
        .limit(1)
        .offset(size - 1);
      if (after !== null) query = query.where('id', '>', after);
      return (await query.executeTakeFirst())?.id ?? null;
    },

    /**
     * The bell lines of a product status change for the active subscribers among the product's
     * subscriptions with ids in (`after`, `upTo`] (null: from the first, to the last), as one
     * INSERT … SELECT to run off the event loop (`runInBackground`). Idempotent: a line's id is
     * the change's prefix and its subscription's, and a line already written stays as it was.
     */
    productStatusNoticesQuery(
      notices: ProductStatusNotices,
      range: { after: string | null; upTo: string | null },
    ): CompiledQuery {
      const text = (value: string | null) => sql<string>`cast(${value} as text)`;
      const base = text(notices.body);
      const { givenBack } = notices;
      const body = givenBack
        ? sql<string>`case
            when s.given_back_ms > 0 and s.given_back_at >= ${givenBack.since}
            then ${base} || cast(' ' as text) || ${durationSql(sql<number>`s.given_back_ms`)} || ${text(givenBack.suffix)}
            else ${base}
          end`
        : base;
      return db
        .insertInto('notifications')
        .columns([
          'id',
          'user_id',
          'kind',
          'title',
          'body',
          'link',
          'dedupe_key',
          'read_at',
          'created_at',
        ])
        .expression((eb) => {
          let subscribers = eb
            .selectFrom('subscriptions as s')
            .select([
              sql<string>`${text(notices.idPrefix)} || s.id`.as('id'),
              's.user_id',
              text('product_status' satisfies NotificationKind).as('kind'),
              text(notices.title).as('title'),
              body.as('body'),
              text(notices.link).as('link'),
              text(null).as('dedupe_key'),
              sql<number | null>`cast(null as bigint)`.as('read_at'),
              sql<number>`cast(${notices.createdAt} as bigint)`.as('created_at'),
            ])
            .where('s.product_id', '=', notices.productId)
            .where(activeSubscriptionAt(notices.at));
          if (range.after !== null) subscribers = subscribers.where('s.id', '>', range.after);
          if (range.upTo !== null) subscribers = subscribers.where('s.id', '<=', range.upTo);
          return subscribers;
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .compile();
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
      let query = reads
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
      let query = reads
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
