import { Readable } from 'node:stream';
import type { LoaderUpdateBlock } from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { FilesService } from '../files/index.js';
import type { SettingsCache } from '../settings/index.js';
import { refuse } from './loader-answers.js';
import { closedBy, unusableRefusalOf } from './loader-availability.js';
import type { LoaderProduct, LoaderRepository } from './loader-repository.js';
import type { LoaderUpdateTokens } from './loader-update-tokens.js';

/** The product's current loader, served to a loader that was told it is outdated. */
export interface LoaderUpdateFile {
  name: string;
  sha256: string;
  size: number;
  version: string;
  /** Streamed a piece at a time: a 64 MB loader is never held whole. */
  bytes: Readable;
}

export interface LoaderUpdateDeps extends Pick<AppContext, 'clock'> {
  repository: Pick<LoaderRepository, 'sessionState' | 'findProduct'>;
  files: Pick<FilesService, 'metadata' | 'stream'>;
  settings: SettingsCache;
  tokens: LoaderUpdateTokens;
}

/**
 * The verified self-update (docs/loader-protocol.md): a LOADER_OUTDATED refusal names the
 * product's current loader with a token, and `GET /api/loader/update` serves that file for it.
 */
export function createLoaderUpdate({
  clock,
  repository,
  files,
  settings,
  tokens,
}: LoaderUpdateDeps) {
  return {
    /** The current loader and a token to fetch it, for the refusal; null without a loader file. */
    offer(
      product: LoaderProduct,
      userId: string,
      subscriptionId: string,
    ): LoaderUpdateBlock | null {
      if (!product.loader_sha256) return null;
      const update = tokens.issue({
        productId: product.id,
        userId,
        subscriptionId,
        sha256: product.loader_sha256,
      });
      return {
        version: product.loader_version ?? '',
        sha256: product.loader_sha256,
        size: product.loader_size ?? 0,
        name: product.loader_name ?? 'loader.exe',
        update: { token: update.token, expiresAt: new Date(update.expiresAt).toISOString() },
      };
    },

    /**
     * The loader a token names: while the token is valid (else SESSION_INVALID), the server
     * open, the subscription usable (the loader API's own refusals), and the product's loader
     * still the one announced (else NO_FILE: the loader changed or was removed since).
     */
    async serve(token: string): Promise<LoaderUpdateFile> {
      const closed = closedBy(await settings.read());
      if (closed) refuse(closed);
      const grant = tokens.verify(token);
      if (!grant) return refuse('SESSION_INVALID');
      // The subscription's state without a machine: the token names none.
      const state = await repository.sessionState('', grant.subscriptionId);
      if (!state || state.user_id !== grant.userId || state.product_id !== grant.productId) {
        return refuse('SESSION_INVALID');
      }
      const unusable = unusableRefusalOf(state, clock.now());
      if (unusable) return refuse(unusable.code, unusable.product);
      const product = await repository.findProduct(grant.productId);
      if (product?.loader_sha256 !== grant.sha256) return refuse('NO_FILE');
      let size: number;
      try {
        ({ size } = await files.metadata(grant.sha256));
      } catch (error) {
        if (error instanceof NotFoundError) refuse('NO_FILE');
        throw error;
      }
      return {
        name: product.loader_name ?? 'loader.exe',
        sha256: grant.sha256,
        size,
        version: product.loader_version ?? '',
        bytes: Readable.from(files.stream(grant.sha256)),
      };
    },
  };
}

export type LoaderUpdate = ReturnType<typeof createLoaderUpdate>;
