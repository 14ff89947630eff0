import type {
  BuyKeysBody,
  BuyKeysResponse,
  KeyStatus,
  ResellerKeysExportQuery,
  ResellerKeysPage,
  ResellerKeysQuery,
  ResellerProduct,
  ResellerStats,
} from '@chaveiro/contract';
import {
  ADMIN_LIMITS,
  PLAN_DURATION_DAYS,
  PLAN_DURATION_TYPES,
  RESELLER_LIMITS,
  centsToReais,
  effectiveResellerCents,
  marginPercent,
  messages,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import {
  BUSINESS_TIME_ZONE,
  formatBusinessDateTime,
  startOfMonthIn,
} from '../../platform/core/calendar.js';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { formatCents } from '../../platform/core/pt-br.js';
import { UTF8_BOM, csvLine } from '../../platform/http/csv.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { BalanceService } from '../balance/index.js';
import type { KeyIssuer, KeyListRow, KeysRepository } from '../keys/index.js';
import { keyStatusAt } from '../keys/index.js';
import type { ProductsRepository } from '../products/index.js';
import { assertPurchasable } from '../products/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { resellerDiscountBasisPoints } from '../settings/index.js';
import type { ResellerRepository } from './reseller-repository.js';

const text = messages.reseller;
const EXPORT_BATCH_ROWS = 5_000;
/** Excel in Brazil splits columns on semicolons (the comma is the decimal separator). */
const CSV_DELIMITER = ';';

const KEY_STATUS_LABELS: Record<KeyStatus, string> = {
  active: 'Disponível',
  used: 'Resgatada',
  banned: 'Banida',
  expired: 'Expirada',
};

export interface ResellerServiceDeps extends Pick<AppContext, 'clock'> {
  repository: ResellerRepository;
  products: ProductsRepository;
  keys: KeysRepository;
  issuer: KeyIssuer;
  balance: BalanceService;
  activity: ActivityService;
  /** The global reseller discount's row. */
  settings: SettingsRepository;
  /** A purchase records `reseller.keys_purchased` in its transaction. */
  events: EventRecorder;
}

/** The reseller dashboard: buy keys with the balance, see and export own keys, statistics. */
export function createResellerService({
  clock,
  repository,
  products,
  keys,
  issuer,
  balance,
  activity,
  settings,
  events,
}: ResellerServiceDeps) {
  return {
    /** Each plan at the reseller's price, beside the retail price and the margin between. */
    async products(): Promise<ResellerProduct[]> {
      const [rows, discount] = await Promise.all([
        products.sellable(ADMIN_LIMITS.productsMax),
        resellerDiscountBasisPoints(settings),
      ]);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        plans: PLAN_DURATION_TYPES.flatMap((durationType) => {
          const retailCents = row.plans[durationType];
          if (retailCents === undefined) return [];
          const priceCents = effectiveResellerCents(
            retailCents,
            row.resellerPlans[durationType],
            discount,
          );
          return [
            {
              durationType,
              days: PLAN_DURATION_DAYS[durationType],
              price: centsToReais(priceCents),
              retailPrice: centsToReais(retailCents),
              margin: centsToReais(retailCents - priceCents),
              marginPercent: marginPercent(retailCents, priceCents),
            },
          ];
        }),
      }));
    },

    /**
     * Debits the reseller's unit price × quantity and issues the keys in one transaction: when
     * the balance does not cover it (also under concurrent purchases) nothing changes and the
     * answer is 409, as while the product is down and not sold meanwhile. The price (the plan's
     * reseller price, else retail less the global discount) is read in that transaction and
     * stored on each key with the retail price of the moment.
     */
    buyKeys(body: BuyKeysBody, actor: Actor): Promise<BuyKeysResponse> {
      return events.transaction((trx) => this.buyKeysIn(trx, body, actor));
    },

    /**
     * `buyKeys` inside the caller's transaction, opened with `events.transaction` (it records
     * `reseller.keys_purchased`): a storefront delivery records itself in the same one.
     */
    async buyKeysIn(
      trx: Kysely<Database>,
      body: BuyKeysBody,
      actor: Actor,
    ): Promise<BuyKeysResponse> {
      const plan = messages.plans[body.durationType];
      const product = await repository.findProductPlan(body.productId, body.durationType, trx);
      if (!product || product.status !== 'active') throw new NotFoundError(text.productNotFound);
      if (product.price_cents === null) {
        throw new UnprocessableError(text.planNotFound, 'PLAN_NOT_FOUND');
      }
      // Keys are redeemed later, but buying them is a sale like the shop's: refused while the
      // product is down unless the seller keeps selling it (an admin still generates keys).
      assertPurchasable(product);
      const retailCents = Number(product.price_cents);
      const unitCents = effectiveResellerCents(
        retailCents,
        product.reseller_price_cents === null ? null : Number(product.reseller_price_cents),
        await resellerDiscountBasisPoints(settings, trx),
      );
      const totalCents = unitCents * body.quantity;
      const after = await balance.move(trx, {
        userId: actor.userId,
        amountCents: -totalCents,
        reason: text.reasonPurchase(body.quantity, product.name, plan),
        actorId: actor.userId,
      });
      if (after === undefined) {
        throw new ConflictError(text.insufficientBalance, 'INSUFFICIENT_BALANCE');
      }
      const at = clock.now();
      const issued = await issuer.issue(trx, {
        productId: body.productId,
        days: PLAN_DURATION_DAYS[body.durationType],
        quantity: body.quantity,
        createdBy: actor.userId,
        priceCents: unitCents,
        retailPriceCents: retailCents,
        createdAt: at,
      });
      await events.record(trx, 'reseller.keys_purchased', {
        resellerId: actor.userId,
        productId: body.productId,
        durationType: body.durationType,
        quantity: body.quantity,
        unitCents,
        totalCents,
        at,
      });
      await activity.record(trx, actor, {
        type: 'reseller.keys_purchased',
        action: text.logPurchase(body.quantity, product.name, plan, formatCents(totalCents)),
        target: `product:${body.productId}`,
      });
      return {
        message: text.keysBought(issued.length),
        keys: issued,
        total: centsToReais(totalCents),
        balance: centsToReais(after),
        unitPrice: centsToReais(unitCents),
        retailUnitPrice: centsToReais(retailCents),
      };
    },

    async keys(userId: string, query: ResellerKeysQuery): Promise<ResellerKeysPage> {
      const now = clock.now();
      return pageOf(
        query,
        (limit, offset) =>
          keys.page({ q: query.q, status: query.status, createdBy: userId }, limit, offset, now),
        (row) => toResellerKey(row, now),
      );
    },

    /** The reseller's keys matching the filters as CSV for a Brazilian spreadsheet. */
    async *exportCsv(userId: string, query: ResellerKeysExportQuery): AsyncGenerator<string> {
      const line = (fields: string[]) => csvLine(fields, CSV_DELIMITER);
      const now = clock.now();
      yield UTF8_BOM;
      yield line([
        'Chave',
        'Produto',
        'Validade (dias)',
        'Status',
        'Resgatada por',
        'Resgatada em',
        'Comprada em',
      ]);
      for await (const batch of keys.batches(
        { q: query.q, status: query.status, createdBy: userId },
        EXPORT_BATCH_ROWS,
        RESELLER_LIMITS.keysCsvMaxRows,
        now,
      )) {
        yield batch
          .map((row) =>
            line([
              row.key,
              row.product_name,
              String(row.duration_days),
              KEY_STATUS_LABELS[keyStatusAt(row, now)],
              row.client ?? '',
              row.redeemed_at === null ? '' : formatBusinessDateTime(row.redeemed_at),
              formatBusinessDateTime(row.created_at),
            ]),
          )
          .join('');
      }
    },

    async stats(userId: string): Promise<ResellerStats> {
      const monthStart = startOfMonthIn(BUSINESS_TIME_ZONE, clock.now());
      const [balanceCents, counts, spentCents, margins] = await Promise.all([
        repository.balanceCents(userId),
        repository.keyCounts(userId),
        repository.spentSince(userId, monthStart),
        repository.marginTotals(userId),
      ]);
      const sold = Object.values(counts).reduce((sum, count) => sum + count, 0);
      return {
        balance: centsToReais(balanceCents),
        keysSold: sold,
        redeemed: counts.used ?? 0,
        remaining: counts.active ?? 0,
        spentThisMonth: centsToReais(spentCents),
        totalSpent: centsToReais(margins.spent),
        retailValue: centsToReais(margins.retail),
        potentialMargin: centsToReais(margins.retail - margins.spent),
        realisedMargin: centsToReais(margins.realised),
      };
    },
  };
}

function toResellerKey(row: KeyListRow, now: number) {
  return {
    id: row.id,
    key: row.key,
    product: row.product_name,
    days: row.duration_days,
    status: keyStatusAt(row, now),
    redeemedBy: row.client,
    redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type ResellerService = ReturnType<typeof createResellerService>;
