import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductLoaderReleasesTable } from '../../db/schema.js';
import { newId } from '../../platform/core/ids.js';

export type LoaderReleaseRow = Selectable<ProductLoaderReleasesTable>;

/**
 * `product_loader_releases`: every loader file a product published with a version, the hashes a
 * loader may report at auth (docs/loader-protocol.md, loader version and integrity).
 */
export function createLoaderReleasesRepository(db: Kysely<Database>) {
  return {
    /**
     * Publishes an uploaded loader. The same file uploaded again stays one release, under the
     * version and name it was uploaded with last.
     */
    async publish(
      release: { productId: string; version: string; sha256: string; name: string; size: number },
      now: number,
      executor: Kysely<Database> = db,
    ): Promise<void> {
      const updated = await executor
        .updateTable('product_loader_releases')
        .set({ version: release.version, name: release.name, size: release.size, uploaded_at: now })
        .where('product_id', '=', release.productId)
        .where('sha256', '=', release.sha256)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await executor
        .insertInto('product_loader_releases')
        .values({
          id: newId(),
          product_id: release.productId,
          version: release.version,
          sha256: release.sha256,
          name: release.name,
          size: release.size,
          uploaded_at: now,
        })
        .execute();
    },

    /** The product's releases, newest first. */
    async list(productId: string): Promise<LoaderReleaseRow[]> {
      const rows = await db
        .selectFrom('product_loader_releases')
        .selectAll()
        .where('product_id', '=', productId)
        .orderBy('uploaded_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...row,
        size: Number(row.size),
        uploaded_at: Number(row.uploaded_at),
      }));
    },

    /** Removes one release of the product; the removed row, or undefined when there was none. */
    async remove(
      productId: string,
      releaseId: string,
      executor: Kysely<Database> = db,
    ): Promise<LoaderReleaseRow | undefined> {
      const row = await executor
        .selectFrom('product_loader_releases')
        .selectAll()
        .where('id', '=', releaseId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (!row) return undefined;
      await executor.deleteFrom('product_loader_releases').where('id', '=', releaseId).execute();
      return row;
    },
  };
}

export type LoaderReleasesRepository = ReturnType<typeof createLoaderReleasesRepository>;
