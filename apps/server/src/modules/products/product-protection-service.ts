import type {
  LoaderRelease,
  MessageResponse,
  ProductProtection,
  ProductProtectionResponse,
  UpdateProductProtection,
} from '@chaveiro/contract';
import { messages, protectionMessages as text } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import { withTransaction } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { LoaderReleasesRepository } from './loader-releases-repository.js';
import { protectionOf } from './product-protection.js';
import type { ProductsRepository } from './products-repository.js';

export interface ProductProtectionDeps extends Pick<AppContext, 'db' | 'clock'> {
  products: ProductsRepository;
  releases: LoaderReleasesRepository;
  activity: Pick<ActivityService, 'record'>;
}

/**
 * A product's "Proteção" (protected delivery, offline grace, the loader's minimum version, what
 * an unknown loader and each client signal get) and its published loader releases.
 */
export function createProductProtection({
  db,
  clock,
  products,
  releases,
  activity,
}: ProductProtectionDeps) {
  async function existing(id: string) {
    const product = await products.find(id);
    if (!product) throw new NotFoundError(messages.admin.productNotFound);
    return product;
  }

  return {
    async read(id: string): Promise<ProductProtectionResponse> {
      return { protection: protectionOf(await existing(id)) };
    },

    /** Saves what the body names; the rest (and each signal left out) stays as it was. */
    async update(
      id: string,
      body: UpdateProductProtection,
      actor: Actor,
    ): Promise<ProductProtectionResponse> {
      const protection = await withTransaction(db, async (trx) => {
        const product = await products.find(id, trx);
        if (!product) throw new NotFoundError(messages.admin.productNotFound);
        const before = protectionOf(product);
        const after: ProductProtection = {
          ...before,
          ...body,
          securityRules: { ...before.securityRules, ...body.securityRules },
        };
        await products.setProtection(id, after, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.protection_changed',
          action: text.logChanged(product.name),
          target: `product:${id}`,
        });
        return after;
      });
      return { message: text.saved, protection };
    },

    /** The product's published loader releases, newest first, the current loader flagged. */
    async releases(id: string): Promise<{ items: LoaderRelease[] }> {
      const product = await existing(id);
      const rows = await releases.list(id);
      return {
        items: rows.map((row) => ({
          id: row.id,
          version: row.version,
          sha256: row.sha256,
          name: row.name,
          size: row.size,
          uploadedAt: new Date(row.uploaded_at).toISOString(),
          current: row.sha256 === product.loader_sha256,
        })),
      };
    },

    /** A release no longer accepted: loaders with its hash count as unknown from now on. */
    async removeRelease(id: string, releaseId: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const product = await products.find(id, trx);
        if (!product) throw new NotFoundError(messages.admin.productNotFound);
        const removed = await releases.remove(id, releaseId, trx);
        if (!removed) throw new NotFoundError(text.releaseNotFound);
        await activity.record(trx, actor, {
          type: 'product.loader_release_removed',
          action: text.logReleaseRemoved(product.name, removed.version),
          target: `product:${id}`,
        });
      });
      return { message: text.releaseRemoved };
    },
  };
}

export type ProductProtectionService = ReturnType<typeof createProductProtection>;
