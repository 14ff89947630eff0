import type { ProductOperationalStatus } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, productStatusMessages } from '@chaveiro/contract';
import { ConflictError } from '../../platform/core/errors.js';

/** The product columns that decide whether it can be bought now. */
export interface SellabilityFields {
  operational_status: ProductOperationalStatus;
  status_note: string | null;
  /** 1: the seller keeps selling it while it is not operational. */
  sell_while_down: number;
}

/**
 * Whether a product can be bought now, as far as its operational status goes (its sale status
 * and plans are checked apart): always while operational, otherwise only when the seller chose
 * to keep selling it meanwhile.
 */
export function isPurchasable(product: SellabilityFields): boolean {
  return product.operational_status === 'operational' || Number(product.sell_while_down) === 1;
}

/**
 * Every sale of new time refuses a product that cannot be bought now — the shop, the checkout
 * (balance and PIX), resellers' key purchases and the seller API's deliveries — with 409
 * PRODUCT_NOT_OPERATIONAL and the seller's note as the reason. Admin grants and key generation
 * are not sales and stay open.
 */
export function assertPurchasable(product: SellabilityFields): void {
  if (isPurchasable(product)) return;
  throw new ConflictError(
    productStatusMessages.notForSale(
      PRODUCT_OPERATIONAL_LABELS[product.operational_status],
      product.status_note,
    ),
    'PRODUCT_NOT_OPERATIONAL',
  );
}
