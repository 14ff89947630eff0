import type { ShopProduct } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, productStatusMessages } from '@chaveiro/contract';

/**
 * Why a listed product cannot be bought now (the server's own 409 text: its status and the
 * seller's note), or null when it can.
 */
export function notForSaleReason(
  product: Pick<ShopProduct, 'purchasable' | 'operational_status' | 'status_note'>,
): string | null {
  if (product.purchasable) return null;
  return productStatusMessages.notForSale(
    PRODUCT_OPERATIONAL_LABELS[product.operational_status],
    product.status_note,
  );
}
