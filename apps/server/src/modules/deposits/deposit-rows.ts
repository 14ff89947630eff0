import type { AdminDeposit, Deposit } from '@chaveiro/contract';
import { centsToReais } from '@chaveiro/contract';
import type { AdminDepositRow, DepositRow } from './deposits-repository.js';

/** An epoch-milliseconds column as the API writes it (ISO 8601), null kept. */
export function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(Number(epochMs)).toISOString();
}

/** A deposit as its owner reads it. */
export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    amount: centsToReais(Number(row.amount_cents)),
    method: row.method,
    reference: row.reference,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    decided_at: iso(row.decided_at),
    gateway: row.gateway,
    expires_at: iso(row.expires_at),
    order_id: row.order_id,
  };
}

/** A deposit as the admin reads it: its owner, who decided it, the gateway's view. */
export function toAdminDeposit(row: AdminDepositRow): AdminDeposit {
  return {
    ...toDeposit(row),
    user: { id: row.user_id, username: row.username, email: row.email },
    decided_by: row.decided_by,
    gateway_payment_id: row.gateway_payment_id,
    gateway_status: row.gateway_status,
    payer:
      row.payer_email === null && row.payer_name === null
        ? null
        : { email: row.payer_email, name: row.payer_name },
    paid_at: iso(row.paid_at),
    refunded_at: iso(row.refunded_at),
    uncovered_amount:
      row.uncovered_cents === null ? null : centsToReais(Number(row.uncovered_cents)),
    flag: row.flag,
  };
}
