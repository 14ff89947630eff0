import type { Kysely, Selectable } from 'kysely';
import type { Database, DeliveriesTable } from '../../db/schema.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { readPage } from '../../platform/http/paging.js';
import { startsWith } from '../../platform/db/search.js';

export type DeliveryRow = Selectable<DeliveriesTable>;

/** A delivery with what the admin's list shows beside it: its product, the account now. */
export interface DeliveryListRow extends DeliveryRow {
  product_name: string;
  /** Null once the account is gone. */
  current_user_id: string | null;
  current_username: string | null;
}

export interface DeliveryFilter {
  productId?: string;
  userId?: string;
  q?: string;
}

/** Marks looked up per query when a leaked file carries many. */
const IDS_PER_QUERY = 500;

/** Queries on `deliveries`, the one table this module writes. */
export function createDeliveryRepository(db: Kysely<Database>, dialect: SqlDialect) {
  const listed = () =>
    db
      .selectFrom('deliveries as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .leftJoin('users as u', 'u.id', 'd.user_id');
  const listColumns = [
    'd.id',
    'd.product_id',
    'd.subscription_id',
    'd.user_id',
    'd.username',
    'd.machine_id',
    'd.hwid',
    'd.ip',
    'd.file_sha256',
    'd.marked_sha256',
    'd.marked_size',
    'd.mark_kind',
    'd.session_key',
    'd.created_at',
    'd.downloaded_at',
    'd.download_ip',
    'd.downloads',
    'p.name as product_name',
    'u.id as current_user_id',
    'u.username as current_username',
  ] as const;

  return {
    async insert(delivery: DeliveryRow): Promise<void> {
      await db.insertInto('deliveries').values(delivery).execute();
    },

    find(id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async recordDownload(id: string, at: number, ip: string): Promise<void> {
      await db
        .updateTable('deliveries')
        .set((eb) => ({
          downloads: eb('downloads', '+', 1),
          downloaded_at: at,
          download_ip: ip,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** The delivery whose marked copy has this SHA-256 (each mark makes it unique). */
    findListedByMarkedSha(sha256: string): Promise<DeliveryListRow | undefined> {
      return listed()
        .select(listColumns)
        .where('d.marked_sha256', '=', sha256)
        .orderBy('d.created_at')
        .executeTakeFirst();
    },

    async findListed(ids: readonly string[]): Promise<DeliveryListRow[]> {
      const rows: DeliveryListRow[] = [];
      for (let at = 0; at < ids.length; at += IDS_PER_QUERY) {
        const batch = await listed()
          .select(listColumns)
          .where('d.id', 'in', ids.slice(at, at + IDS_PER_QUERY))
          .execute();
        rows.push(...batch);
      }
      return rows;
    },

    /** A page of deliveries, newest first. */
    page(filter: DeliveryFilter, limit: number, offset: number) {
      let matching = listed();
      if (filter.productId) matching = matching.where('d.product_id', '=', filter.productId);
      if (filter.userId) matching = matching.where('d.user_id', '=', filter.userId);
      const q = filter.q;
      if (q) {
        matching = matching.where((eb) =>
          eb.or([
            startsWith(eb, eb.ref('d.username'), q, dialect),
            startsWith(eb, eb.ref('d.hwid'), q, dialect),
            eb('d.ip', '=', q),
            eb('d.id', '=', q),
          ]),
        );
      }
      return readPage(
        matching,
        (query) =>
          query.select(listColumns).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
        limit,
        offset,
      );
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
