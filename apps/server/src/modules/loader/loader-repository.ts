import type { KeyStatus, ProductStatus, SubscriptionStatus, UserStatus } from '@chaveiro/contract';
import { blacklistedHwidForm } from '@chaveiro/contract';
import type { InferResult, Kysely } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { SqlDialect } from '../../platform/database.js';

export interface LoaderKey {
  id: string;
  key: string;
  product_id: string;
  status: KeyStatus;
  redeemed_by: string | null;
  expires_at: number | null;
}

export interface LoaderProduct {
  id: string;
  name: string;
  status: ProductStatus;
  file_sha256: string | null;
  file_name: string | null;
  file_size: number | null;
}

export interface LoaderSubscription {
  id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
}

/** Everything a heartbeat re-checks, read in one statement. */
export interface SessionState {
  user_id: string;
  product_id: string;
  status: SubscriptionStatus;
  expires_at: number | null;
  username: string;
  user_status: UserStatus;
  token_version: number;
  email_verified_at: number | null;
  product_status: ProductStatus;
  file_sha256: string | null;
  file_name: string | null;
  file_size: number | null;
  /** Null once the machine was unbound (HWID reset). */
  machine_id: string | null;
  hwid: string | null;
}

/**
 * Rows written per presence statement: far below SQLite's and PostgreSQL's bind limits, and a
 * statement short enough (~2 ms) that a request's write waiting for the lock hardly notices.
 */
const TOUCH_CHUNK = 250;

const touchStatements = new Map<string, string>();

/**
 * The presence update for `rows` machines, its text built once per size and dialect: compiling
 * hundreds of query fragments through Kysely on every flush cost more than the update itself.
 */
function touchStatement(dialect: SqlDialect, rows: number): string {
  const cacheKey = `${dialect}:${String(rows)}`;
  let text = touchStatements.get(cacheKey);
  if (!text) {
    const parameter = (n: number) => (dialect === 'postgres' ? `$${String(n)}` : '?');
    const values = Array.from(
      { length: rows },
      (_, row) =>
        `(${parameter(3 * row + 1)}, cast(${parameter(3 * row + 2)} as bigint), cast(${parameter(3 * row + 3)} as text))`,
    );
    text = `update machines set last_seen_at = v.column2, last_ip = v.column3
      from (values ${values.join(', ')}) as v
      where machines.id = v.column1 and machines.last_seen_at < v.column2`;
    touchStatements.set(cacheKey, text);
  }
  return text;
}

/** Stand-ins for the parameters of the precompiled session query. */
const MACHINE = '\u0000machine';
const SUBSCRIPTION = '\u0000subscription';

function sessionStateSelect(db: Kysely<Database>, machineId: string, subscriptionId: string) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('machines as m', (join) =>
      join.onRef('m.subscription_id', '=', 's.id').on('m.id', '=', machineId),
    )
    .select([
      's.user_id',
      's.product_id',
      's.status',
      's.expires_at',
      'u.username',
      'u.status as user_status',
      'u.token_version',
      'u.email_verified_at',
      'p.status as product_status',
      'p.file_sha256',
      'p.file_name',
      'p.file_size',
      'm.id as machine_id',
      'm.hwid',
    ])
    .where('s.id', '=', subscriptionId);
}
type SessionStateRow = InferResult<ReturnType<typeof sessionStateSelect>>[number];

/** Queries of the loader API: keys, products, subscriptions and the machines bound to them. */
export function createLoaderRepository({
  db,
  dialect,
  readNow,
}: Pick<AppContext, 'db' | 'dialect' | 'readNow'>) {
  const sessionStateQuery = sessionStateSelect(db, MACHINE, SUBSCRIPTION).compile();
  return {
    findKey(key: string): Promise<LoaderKey | undefined> {
      return db
        .selectFrom('license_keys')
        .select(['id', 'key', 'product_id', 'status', 'redeemed_by', 'expires_at'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async findProduct(id: string): Promise<LoaderProduct | undefined> {
      const row = await db
        .selectFrom('products')
        .select(['id', 'name', 'status', 'file_sha256', 'file_name', 'file_size'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, file_size: row.file_size === null ? null : Number(row.file_size) };
    },

    findSubscription(userId: string, productId: string): Promise<LoaderSubscription | undefined> {
      return db
        .selectFrom('subscriptions')
        .select(['id', 'status', 'expires_at'])
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    async findMachine(
      subscriptionId: string,
      hwid: string,
      executor: Kysely<Database> = db,
    ): Promise<string | undefined> {
      const row = await executor
        .selectFrom('machines')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .where('hwid', '=', hwid)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * The subscription's device limit, read so that binders of one subscription take turns: on
     * PostgreSQL the row is locked FOR UPDATE until the transaction ends; SQLite transactions
     * already hold the write lock from their start.
     */
    async lockDeviceSlots(
      subscriptionId: string,
      executor: Kysely<Database>,
    ): Promise<number | undefined> {
      let query = executor
        .selectFrom('subscriptions')
        .select('max_devices')
        .where('id', '=', subscriptionId);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row?.max_devices;
    },

    async countMachines(subscriptionId: string, executor: Kysely<Database>): Promise<number> {
      const row = await executor
        .selectFrom('machines')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertMachine(
      machine: { id: string; subscriptionId: string; hwid: string; ip: string; now: number },
      executor: Kysely<Database>,
    ): Promise<void> {
      await executor
        .insertInto('machines')
        .values({
          id: machine.id,
          subscription_id: machine.subscriptionId,
          hwid: machine.hwid,
          first_seen_at: machine.now,
          last_seen_at: machine.now,
          last_ip: machine.ip,
        })
        .execute();
    },

    /**
     * Whether the product's HWID blacklist holds `hwid`, in any case and spacing around it
     * (one primary-key read).
     */
    async isHwidBlacklisted(productId: string, hwid: string): Promise<boolean> {
      const row = await db
        .selectFrom('hwid_blacklist')
        .select('hwid')
        .where('product_id', '=', productId)
        .where('hwid', '=', blacklistedHwidForm(hwid))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * One statement over primary keys: the subscription, its user, product and the machine.
     * The heartbeat's query, compiled once (only its parameters change from call to call) and
     * read at once: no query builder or connection queue on the loader's hottest path.
     */
    async sessionState(
      machineId: string,
      subscriptionId: string,
    ): Promise<SessionState | undefined> {
      const rows = await readNow<SessionStateRow>({
        ...sessionStateQuery,
        parameters: sessionStateQuery.parameters.map((value) =>
          value === MACHINE ? machineId : value === SUBSCRIPTION ? subscriptionId : value,
        ),
      });
      const row = rows[0];
      return row && { ...row, file_size: row.file_size === null ? null : Number(row.file_size) };
    },
  };
}

export type LoaderRepository = ReturnType<typeof createLoaderRepository>;

/**
 * Presence: the statements setting each machine's last_seen_at and the address it was seen
 * from, never moving it backwards (so running one twice is harmless), a few hundred rows each
 * (`UPDATE … FROM (VALUES …)`). Rows go in id order so concurrent writers on PostgreSQL lock
 * them in one order.
 */
export function presenceUpdates(
  dialect: SqlDialect,
  seen: [machineId: string, sighting: { at: number; ip: string }][],
): CompiledQuery[] {
  const rows = [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const queries: CompiledQuery[] = [];
  for (let start = 0; start < rows.length; start += TOUCH_CHUNK) {
    const chunk = rows.slice(start, start + TOUCH_CHUNK);
    queries.push(
      CompiledQuery.raw(
        touchStatement(dialect, chunk.length),
        chunk.flatMap(([id, { at, ip }]) => [id, at, ip]),
      ),
    );
  }
  return queries;
}
