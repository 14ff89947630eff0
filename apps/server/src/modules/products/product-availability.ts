import type { ProductStatus } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { UnprocessableError } from '../../platform/core/errors.js';

/**
 * A product switched off is neither sold, keyed nor granted: the admin paths that
 * create time or keys for it (generate keys, add a subscription, create a user with one) answer
 * 422 with this text. The shop and checkout refuse it with their own texts.
 */
export function assertProductEnabled(product: { status: ProductStatus }): void {
  if (product.status !== 'active') {
    throw new UnprocessableError(messages.admin.productOff, 'PRODUCT_DISABLED');
  }
}
