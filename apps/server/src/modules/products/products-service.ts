import { Readable } from 'node:stream';
import { basename } from 'node:path';
import type {
  MessageResponse,
  Product,
  ProductBody,
  ProductStatus,
  SellerApiProductsResponse,
  UploadDllResponse,
  UploadLoaderResponse,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  PLAN_DURATION_TYPES,
  centsToReais,
  loaderFileFieldsSchema,
  loaderFileMessages,
  messages,
  reaisToCents,
} from '@chaveiro/contract';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnprocessableError,
} from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { MultipartForm, UploadedFile } from '../../platform/http/multipart.js';
import { isPortableExecutable } from '../../platform/web/portable-executable.js';
import { formatCents } from '../../platform/core/pt-br.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { FileUploadService, FilesService } from '../files/index.js';
import type { LoaderReleasesRepository } from './loader-releases-repository.js';
import { protectionOf } from './product-protection.js';
import type { ProductFields, ProductRecord, ProductsRepository } from './products-repository.js';

const text = messages.admin;
const log = messages.activity;
const pricing = messages.resellerPricing;
const DLL_MIME = 'application/vnd.microsoft.portable-executable';

export interface ProductDll {
  name: string;
  size: number;
  /** Streamed a piece at a time: a 64 MB DLL is never held whole. */
  bytes: Readable;
}

export interface ProductsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  products: ProductsRepository;
  /** Every loader upload is published as a release (a hash a loader may report). */
  releases: LoaderReleasesRepository;
  files: FilesService;
  uploads: FileUploadService;
  activity: ActivityService;
}

export function createProductsService({
  db,
  clock,
  products,
  releases,
  files,
  uploads,
  activity,
}: ProductsServiceDeps) {
  async function existing(id: string): Promise<ProductRecord> {
    const product = await products.find(id);
    if (!product) throw new NotFoundError(text.productNotFound);
    return product;
  }

  return {
    /** One product as the console shows it; 404 when unknown. */
    async view(id: string): Promise<Product> {
      return toProduct(await existing(id), await products.isInUse(id));
    },

    async list(): Promise<Product[]> {
      return (await products.list(ADMIN_LIMITS.productsMax)).map((product) =>
        toProduct(product, product.in_use),
      );
    },

    /** The catalogue on sale (active, with a plan) at retail prices, as the seller API lists it. */
    async catalogue(): Promise<SellerApiProductsResponse> {
      const onSale = await products.sellable(ADMIN_LIMITS.productsMax);
      return {
        items: onSale.map((product) => ({
          id: product.id,
          name: product.name,
          description: product.description,
          plans: reaisByPlan(product.plans),
        })),
      };
    },

    async create(body: ProductBody, actor: Actor) {
      const id = newId();
      const fields = toFields(body);
      await withTransaction(db, async (trx) => {
        await products.insert(id, fields, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.created',
          action: log.productCreated(body.name),
          target: `product:${id}`,
        });
        const changes = resellerPriceChanges({}, fields.resellerPlans);
        if (changes) {
          await activity.record(trx, actor, {
            type: 'product.prices_changed',
            action: pricing.logResellerPrices(body.name, changes),
            target: `product:${id}`,
          });
        }
      });
      return { message: text.productCreated, product: toProduct(await existing(id), false) };
    },

    async update(id: string, body: ProductBody, actor: Actor) {
      const fields = toFields(body);
      await withTransaction(db, async (trx) => {
        const before = await products.find(id, trx);
        if (!before) throw new NotFoundError(text.productNotFound);
        await products.update(id, fields, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.updated',
          action: log.productUpdated(body.name),
          target: `product:${id}`,
        });
        const changes = resellerPriceChanges(before.resellerPlans, fields.resellerPlans);
        if (changes) {
          await activity.record(trx, actor, {
            type: 'product.prices_changed',
            action: pricing.logResellerPrices(body.name, changes),
            target: `product:${id}`,
          });
        }
      });
      return {
        message: text.productUpdated,
        product: toProduct(await existing(id), await products.isInUse(id)),
      };
    },

    async setStatus(id: string, status: ProductStatus, actor: Actor): Promise<MessageResponse> {
      const product = await existing(id);
      await withTransaction(db, async (trx) => {
        await products.setStatus(id, status, clock.now(), trx);
        await activity.record(trx, actor, {
          type: 'product.status_changed',
          action:
            status === 'active'
              ? log.productEnabled(product.name)
              : log.productDisabled(product.name),
          target: `product:${id}`,
        });
      });
      return { message: status === 'active' ? text.productEnabled : text.productDisabled };
    },

    /** Refused while subscriptions or unused keys use the product, unless `cascade`. */
    async delete(id: string, cascade: boolean, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const product = await products.find(id, trx);
        if (!product) throw new NotFoundError(text.productNotFound);
        const used = await products.references(id, trx);
        if (!cascade && (used.subscriptions > 0 || used.unusedKeys > 0)) {
          throw new ConflictError(
            text.productInUse(used.subscriptions, used.unusedKeys),
            'PRODUCT_IN_USE',
          );
        }
        await products.delete(id, trx);
        await files.release(trx, product.file_sha256);
        await files.release(trx, product.loader_sha256);
        await activity.record(trx, actor, {
          type: 'product.deleted',
          action: log.productDeleted(product.name),
          target: `product:${id}`,
        });
      });
      return { message: text.productDeleted };
    },

    /**
     * Replaces the product's DLL with an uploaded PE file. Checked before anything is written,
     * so a refused upload leaves the previous DLL in place.
     */
    async uploadDll(
      id: string,
      file: UploadedFile | undefined,
      actor: Actor,
    ): Promise<UploadDllResponse> {
      const product = await existing(id);
      if (!file) throw new BadRequestError(text.dllRequired);
      if (file.head.toString('latin1', 0, 2) !== 'MZ') {
        throw new UnprocessableError(text.dllInvalid, 'INVALID_FILE');
      }
      const name = safeFileName(file.filename);
      await uploads.storeAndLink(file, DLL_MIME, async (trx) => {
        await products.setFile(
          id,
          { sha256: file.sha256, name, size: file.size },
          clock.now(),
          trx,
        );
        if (product.file_sha256 !== file.sha256) await files.release(trx, product.file_sha256);
        await activity.record(trx, actor, {
          type: 'product.file_uploaded',
          action: log.dllUploaded(product.name, name),
          target: `product:${id}`,
        });
      });
      const uploaded = toProductFile(await existing(id));
      if (!uploaded) throw new Error('Product file missing right after the upload');
      return { message: text.dllUploaded, file: uploaded };
    },

    /**
     * Replaces the product's loader file (the executable customers run) with an uploaded PE
     * image, its version and release notes. Checked before anything is written, so a refused
     * upload leaves the previous loader in place.
     */
    async uploadLoader(
      id: string,
      form: MultipartForm,
      actor: Actor,
    ): Promise<UploadLoaderResponse> {
      const product = await existing(id);
      const fields = loaderFileFieldsSchema.safeParse(form.fields);
      if (!fields.success) {
        throw new BadRequestError(fields.error.issues[0]?.message, 'VALIDATION_ERROR');
      }
      const file = form.file;
      if (!file) throw new BadRequestError(loaderFileMessages.fileRequired);
      if (!(await isPortableExecutable(file.path))) {
        throw new UnprocessableError(loaderFileMessages.fileInvalid, 'INVALID_FILE');
      }
      const name = safeFileName(file.filename, 'loader.exe');
      const { version, notes } = fields.data;
      await uploads.storeAndLink(file, DLL_MIME, async (trx) => {
        const now = clock.now();
        await products.setLoader(
          id,
          { sha256: file.sha256, name, size: file.size, version, notes },
          now,
          trx,
        );
        await releases.publish(
          { productId: id, version, sha256: file.sha256, name, size: file.size },
          now,
          trx,
        );
        if (product.loader_sha256 !== file.sha256) await files.release(trx, product.loader_sha256);
        await activity.record(trx, actor, {
          type: 'product.loader_uploaded',
          action: loaderFileMessages.logUploaded(product.name, name, version),
          target: `product:${id}`,
        });
      });
      const loader = toProductLoader(await existing(id));
      if (!loader) throw new Error('Loader file missing right after the upload');
      return { message: loaderFileMessages.uploaded, loader };
    },

    async removeLoader(id: string, actor: Actor): Promise<MessageResponse> {
      await withTransaction(db, async (trx) => {
        const product = await products.find(id, trx);
        if (!product) throw new NotFoundError(text.productNotFound);
        if (!product.loader_sha256) throw new NotFoundError(loaderFileMessages.loaderMissing);
        await products.clearLoader(id, clock.now(), trx);
        await files.release(trx, product.loader_sha256);
        await activity.record(trx, actor, {
          type: 'product.loader_removed',
          action: loaderFileMessages.logRemoved(product.name),
          target: `product:${id}`,
        });
      });
      return { message: loaderFileMessages.removed };
    },

    async downloadDll(id: string): Promise<ProductDll> {
      const product = await existing(id);
      if (!product.file_sha256) throw new NotFoundError(text.productFileMissing);
      const { size } = await files.metadata(product.file_sha256);
      return {
        name: product.file_name ?? 'produto.dll',
        size,
        bytes: Readable.from(files.stream(product.file_sha256)),
      };
    },
  };
}

/** Reais by plan → cents by plan, leaving out the empty ones. */
function centsByPlan(prices: ProductBody['plans']): ProductFields['plans'] {
  const cents: ProductFields['plans'] = {};
  for (const type of PLAN_DURATION_TYPES) {
    const price = prices[type];
    if (price !== null && price !== undefined) cents[type] = reaisToCents(price);
  }
  return cents;
}

/** Cents by plan → reais by plan (the contract's unit). */
function reaisByPlan(cents: ProductFields['plans']): Product['plans'] {
  return Object.fromEntries(
    Object.entries(cents).map(([durationType, price]) => [durationType, centsToReais(price)]),
  );
}

function toFields(body: ProductBody): ProductFields {
  return {
    name: body.name,
    description: body.description,
    plans: centsByPlan(body.plans),
    resellerPlans: centsByPlan(body.resellerPlans),
  };
}

/**
 * "Mensal R$ 12,00 → R$ 10,00; Semanal — → R$ 3,00" for each plan whose reseller price changed
 * ("—": none, the global discount applies); empty when none changed.
 */
function resellerPriceChanges(
  before: ProductFields['resellerPlans'],
  after: ProductFields['resellerPlans'],
): string {
  const shown = (cents: number | undefined) => (cents === undefined ? '—' : formatCents(cents));
  return PLAN_DURATION_TYPES.filter((type) => before[type] !== after[type])
    .map((type) => `${messages.plans[type]} ${shown(before[type])} → ${shown(after[type])}`)
    .join('; ');
}

function toProduct(product: ProductRecord, inUse: boolean): Product {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    status: product.status,
    operational: toProductOperational(product),
    plans: reaisByPlan(product.plans),
    resellerPlans: reaisByPlan(product.resellerPlans),
    file: toProductFile(product),
    loader: toProductLoader(product),
    protection: protectionOf(product),
    inUse,
  };
}

export function toProductOperational(
  product: Pick<
    ProductRecord,
    'operational_status' | 'status_note' | 'freeze_time' | 'sell_while_down' | 'status_since'
  >,
): Product['operational'] {
  return {
    status: product.operational_status,
    note: product.status_note,
    freezeTime: Number(product.freeze_time) === 1,
    sellWhileDown: Number(product.sell_while_down) === 1,
    since: new Date(Number(product.status_since)).toISOString(),
  };
}

function toProductFile(product: ProductRecord): Product['file'] {
  return product.file_sha256 === null
    ? null
    : {
        sha256: product.file_sha256,
        size: Number(product.file_size ?? 0),
        name: product.file_name ?? 'produto.dll',
        uploadedAt: new Date(product.file_uploaded_at ?? 0).toISOString(),
      };
}

function toProductLoader(product: ProductRecord): Product['loader'] {
  return product.loader_sha256 === null
    ? null
    : {
        sha256: product.loader_sha256,
        name: product.loader_name ?? 'loader.exe',
        size: Number(product.loader_size ?? 0),
        version: product.loader_version ?? '',
        notes: product.loader_notes ?? '',
        uploadedAt: new Date(Number(product.loader_uploaded_at ?? 0)).toISOString(),
        downloads: product.loader_downloads,
      };
}

/** The client's file name without any path, control characters or excess length. */
function safeFileName(name: string, fallback = 'produto.dll'): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '');
  return cleaned.trim().slice(0, 200) || fallback;
}

export type ProductsService = ReturnType<typeof createProductsService>;
