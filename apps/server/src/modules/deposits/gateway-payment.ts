import { messages } from '@chaveiro/contract';
import { formatCents, formatMoney } from '../../platform/core/pt-br.js';
import type { MercadoPagoPayment } from './mercadopago-client.js';
import type { GatewayState } from './settlement-repository.js';

/**
 * What a payment paid in centavos, or null when it was not paid in reais: an amount is its
 * number and its currency, and a payment in another currency matches no deposit.
 */
export function paidCents(
  payment: Pick<MercadoPagoPayment, 'currency_id' | 'transaction_amount'>,
): number | null {
  return payment.currency_id === 'BRL' ? Math.round(payment.transaction_amount * 100) : null;
}

/** What a payment paid, as the audit log shows it: `R$ 1,00`, `US$ 1,00`, `XYZ 1,00`. */
export function paidText(payment: MercadoPagoPayment): string {
  const cents = paidCents(payment);
  if (cents !== null) return formatCents(cents);
  return formatMoney(
    payment.transaction_amount,
    payment.currency_id ?? messages.deposits.currencyUnknown,
  );
}

/** The gateway's status and payer as read at `checkedAt`, stored on the deposit. */
export function gatewayStateOf(payment: MercadoPagoPayment, checkedAt: number): GatewayState {
  const name = [payment.payer?.first_name, payment.payer?.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  return {
    gatewayStatus: payment.status_detail
      ? `${payment.status}/${payment.status_detail}`
      : payment.status,
    payerEmail: payment.payer?.email ?? null,
    payerName: name === '' ? null : name,
    checkedAt,
  };
}
