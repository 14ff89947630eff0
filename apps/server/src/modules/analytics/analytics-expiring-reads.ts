import type { PlanDurationType } from '@chaveiro/contract';
import type { CompiledQuery } from 'kysely';
import type { AppContext } from '../../platform/core/context.js';
import { compiledOnce } from '../../platform/db/compiled-once.js';
import type { GroupCountCache } from '../../platform/state/count-cache.js';
import { toNumber } from './analytics-repository.js';

export interface ExpiringRow {
  id: string;
  user_id: string;
  username: string;
  product_id: string;
  product_name: string;
  expires_at: number;
}

export interface PlanPriceRow {
  product_id: string;
  duration_type: PlanDurationType;
  price_cents: number;
}

const HOUR_MS = 3_600_000;
/** Rows a page may skip and still be read at once; deeper pages go to the background reader. */
const SHALLOW_OFFSET = 1_000;

/**
 * The expiring list's reads: running subscriptions with an expiry in (now, until], by the
 * (status, expires_at, id, user_id, product_id) index. Asked on every view of the admin's dashboard, they are
 * short index ranges compiled once and run with `readNow`, as the loader's heartbeat does
 * (building and compiling each would cost more than SQLite running it); only the long ones run
 * on the background reader.
 *
 * The counts per product span tens of thousands of index entries at bench scale: the whole hours
 * inside the span are counted once an hour on the background reader and kept in
 * `subscriptionCounts` until a subscription write clears it; the two part-hours at its ends, an
 * hour of expiries at most, are read each time.
 */
export function createExpiringReads({
  db,
  readNow,
  backgroundReads,
  subscriptionCounts,
}: Pick<AppContext, 'db' | 'readNow' | 'backgroundReads'> & {
  subscriptionCounts: GroupCountCache;
}) {
  const running = (now: number, until: number) =>
    db
      .selectFrom('subscriptions as s')
      .where('s.status', '=', 'active')
      .where('s.expires_at', '>', now)
      .where('s.expires_at', '<=', until);
  const perProductQuery = compiledOnce<'now' | 'until', { product_id: string; count: unknown }>(
    (slot) =>
      running(slot('now'), slot('until'))
        .select((eb) => ['s.product_id', eb.fn.countAll().as('count')])
        .groupBy('s.product_id'),
  );
  const pageQuery = compiledOnce<
    'now' | 'until' | 'limit' | 'offset',
    Omit<ExpiringRow, 'product_name'>
  >((slot) =>
    running(slot('now'), slot('until'))
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 'u.username', 's.product_id', 's.expires_at'])
      .orderBy('s.expires_at')
      .orderBy('s.id')
      .limit(slot<number>('limit'))
      .offset(slot<number>('offset')),
  );
  const productNameQuery = compiledOnce<'id', { name: string }>((slot) =>
    db.selectFrom('products').select('name').where('id', '=', slot<string>('id')),
  );
  const plansQuery = compiledOnce<'productId', PlanPriceRow>((slot) =>
    db
      .selectFrom('plans')
      .select(['product_id', 'duration_type', 'price_cents'])
      .where('product_id', '=', slot<string>('productId')),
  );
  const inBackground = async <R>(query: CompiledQuery<R>) =>
    (await backgroundReads.executeQuery(query)).rows;

  async function countsIn(
    now: number,
    until: number,
    read: <R>(query: CompiledQuery<R>) => R[] | Promise<R[]>,
  ): Promise<Map<string, number>> {
    const rows = await read(perProductQuery({ now, until }));
    return new Map(rows.map((row) => [row.product_id, toNumber(row.count as number)]));
  }

  return {
    /** How many running subscriptions of each product expire in (now, until]. */
    async perProduct(now: number, until: number): Promise<Map<string, number>> {
      const firstHour = now - (now % HOUR_MS) + HOUR_MS;
      const lastHour = until - (until % HOUR_MS);
      if (lastHour <= firstHour) return countsIn(now, until, readNow);
      const [hours, head, tail] = await Promise.all([
        subscriptionCounts.get(
          `expiring|${String(firstHour)}|${String(lastHour)}`,
          () => countsIn(firstHour, lastHour, inBackground),
          now,
        ),
        countsIn(now, firstHour, readNow),
        countsIn(lastHour, until, readNow),
      ]);
      const counts = new Map(hours);
      for (const part of [head, tail]) {
        for (const [productId, count] of part) {
          counts.set(productId, (counts.get(productId) ?? 0) + count);
        }
      }
      return counts;
    },

    /**
     * A page of them, soonest first, with their owner's and product's names: the page walks the
     * (status, expires_at, id, user_id, product_id) index and reads each owner; the few products
     * are named once each.
     */
    async page(now: number, until: number, limit: number, offset: number): Promise<ExpiringRow[]> {
      const query = pageQuery({ now, until, limit, offset });
      const rows = await (offset < SHALLOW_OFFSET ? readNow(query) : inBackground(query));
      const names = new Map<string, string>();
      for (const productId of new Set(rows.map((row) => row.product_id))) {
        const [product] = await readNow(productNameQuery({ id: productId }));
        if (product) names.set(productId, product.name);
      }
      // A product deleted since the page was read takes its subscriptions with it.
      return rows.flatMap((row) => {
        const productName = names.get(row.product_id);
        return productName === undefined
          ? []
          : [{ ...row, product_name: productName, expires_at: toNumber(row.expires_at) }];
      });
    },

    /** The plans of the given products (a few each), one index range per product. */
    async plans(productIds: Iterable<string>): Promise<PlanPriceRow[]> {
      const plans: PlanPriceRow[] = [];
      for (const productId of productIds) {
        for (const row of await readNow(plansQuery({ productId }))) {
          plans.push({ ...row, price_cents: toNumber(row.price_cents) });
        }
      }
      return plans;
    },
  };
}

export type ExpiringReads = ReturnType<typeof createExpiringReads>;
