import type { Kysely } from 'kysely';

/**
 * Payments: deposits gain the gateway that takes them (manual or Mercado Pago), the
 * gateway's payment and its last status, the BR Code shown to the payer, the expiry, the payer,
 * when they were paid or refunded, a flag for the admin, and the order a checkout opened them
 * for. `payment_webhook_requests` remembers the notifications already accepted (their
 * `x-request-id`), so a replayed one is refused.
 */
// Migrations are frozen in time, so they must not use the evolving Database types (Kysely docs).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, 'text' | 'bigint'][] = [
    ['order_id', 'text'],
    ['gateway_payment_id', 'text'],
    ['gateway_status', 'text'],
    ['pix_code', 'text'],
    ['expires_at', 'bigint'],
    ['payer_email', 'text'],
    ['payer_name', 'text'],
    ['paid_at', 'bigint'],
    ['refunded_at', 'bigint'],
    // What a refund or chargeback could not take back from the balance (flag negative_balance).
    ['uncovered_cents', 'bigint'],
    ['flag', 'text'],
    // When the gateway's view was last read: paid charges are re-read for late refunds.
    ['gateway_checked_at', 'bigint'],
  ];
  await db.schema
    .alterTable('deposits')
    .addColumn('gateway', 'text', (col) => col.notNull().defaultTo('manual'))
    .execute();
  for (const [name, type] of columns) {
    await db.schema.alterTable('deposits').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('deposits_gateway_payment_id_idx')
    .on('deposits')
    .column('gateway_payment_id')
    .unique()
    .execute();
  // The poll of pending gateway charges.
  await db.schema
    .createIndex('deposits_gateway_status_idx')
    .on('deposits')
    .columns(['gateway', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('deposits_order_id_idx').on('deposits').column('order_id').execute();

  await db.schema
    .createTable('payment_webhook_requests')
    .addColumn('request_id', 'text', (col) => col.primaryKey())
    // The notification's signed ts (epoch seconds): older ones are refused anyway, so pruned.
    .addColumn('ts', 'bigint', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_webhook_requests_received_at_idx')
    .on('payment_webhook_requests')
    .column('received_at')
    .execute();
}
