import type {
  DepositGateway,
  DepositStatus,
  OrderMethod,
  OrderStatus,
  PlanDurationType,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.js';

export type OrderRow = OrdersTable;

export type NewOrder = Omit<OrderRow, 'failure_reason' | 'completed_at'> & {
  completed_at?: number | null;
};

/** An order with its owner and the deposit paying it, as the receipt shows it. */
export interface OrderDetailRow extends OrderRow {
  username: string;
  email: string | null;
  deposit_amount_cents: number | null;
  deposit_reference: string | null;
  deposit_status: DepositStatus | null;
  deposit_gateway: DepositGateway | null;
  deposit_gateway_payment_id: string | null;
}

/** One line of the customer's "Pedidos": an order, or a deposit that funds none. */
export interface OrderEntryRow {
  id: string;
  type: 'order' | 'deposit';
  product_name: string | null;
  duration_type: PlanDurationType | null;
  amount_cents: number;
  method: OrderMethod;
  status: OrderStatus | DepositStatus;
  created_at: number;
}

const orderColumns = [
  'o.id',
  'o.user_id',
  'o.kind',
  'o.product_id',
  'o.product_name',
  'o.duration_type',
  'o.days',
  'o.price_cents',
  'o.subscription_id',
  'o.method',
  'o.deposit_id',
  'o.paid_from_balance_cents',
  'o.status',
  'o.failure_reason',
  'o.created_at',
  'o.completed_at',
] as const;

function numeric<T extends OrderRow>(row: T): T {
  return {
    ...row,
    price_cents: Number(row.price_cents),
    paid_from_balance_cents: Number(row.paid_from_balance_cents),
  };
}

/** Queries on `orders`, and the merged list of an account's orders and plain deposits. */
export function createOrdersRepository(db: Kysely<Database>) {
  return {
    async insert(order: NewOrder, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('orders')
        .values({ ...order, failure_reason: null, completed_at: order.completed_at ?? null })
        .execute();
    },

    /** Read inside the completion's transaction; the status change itself is conditional. */
    async find(id: string, executor: Kysely<Database> = db): Promise<OrderDetailRow | undefined> {
      const row = await executor
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin('deposits as d', 'd.id', 'o.deposit_id')
        .select([
          ...orderColumns,
          'u.username',
          'u.email',
          'd.amount_cents as deposit_amount_cents',
          'd.reference as deposit_reference',
          'd.status as deposit_status',
          'd.gateway as deposit_gateway',
          'd.gateway_payment_id as deposit_gateway_payment_id',
        ])
        .where('o.id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          ...numeric(row),
          deposit_amount_cents:
            row.deposit_amount_cents === null ? null : Number(row.deposit_amount_cents),
        }
      );
    },

    findByDeposit(depositId: string, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('orders as o')
        .select(orderColumns)
        .where('o.deposit_id', '=', depositId)
        .executeTakeFirst();
    },

    /**
     * The customer's order of this very plan still waiting for a payable PIX (its deposit
     * pending, not flagged, not expired at `now`), at this price and PIX amount: a repeated
     * checkout (a double click, a second tab) reuses it instead of opening a second charge.
     */
    async findOpen(
      intent: {
        userId: string;
        productId: string;
        durationType: PlanDurationType;
        subscriptionId: string | null;
        priceCents: number;
        pixCents: number;
        now: number;
      },
      executor: Kysely<Database> = db,
    ): Promise<{ id: string; deposit_id: string } | undefined> {
      const row = await executor
        .selectFrom('orders as o')
        .innerJoin('deposits as d', 'd.id', 'o.deposit_id')
        .select(['o.id', 'o.deposit_id'])
        .where('o.user_id', '=', intent.userId)
        .where('o.product_id', '=', intent.productId)
        .where('o.duration_type', '=', intent.durationType)
        .where('o.status', '=', 'awaiting_payment')
        .where('o.price_cents', '=', intent.priceCents)
        .where(
          'o.subscription_id',
          intent.subscriptionId === null ? 'is' : '=',
          intent.subscriptionId,
        )
        .where('d.status', '=', 'pending')
        .where('d.flag', 'is', null)
        .where('d.amount_cents', '=', intent.pixCents)
        .where((eb) => eb.or([eb('d.expires_at', 'is', null), eb('d.expires_at', '>', intent.now)]))
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && row.deposit_id !== null
        ? { id: row.id, deposit_id: row.deposit_id }
        : undefined;
    },

    /** The plan of the latest completed order of a product, for "Renovar". */
    async lastPlan(userId: string, productId: string): Promise<PlanDurationType | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('duration_type')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('status', '=', 'completed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.duration_type;
    },

    /**
     * Settles an order still awaiting payment, in one conditional statement: of two concurrent
     * settlements only one changes it. False when it was no longer awaiting payment.
     */
    async settle(
      id: string,
      change:
        | { status: 'completed'; subscriptionId: string; at: number }
        | { status: 'failed' | 'cancelled'; reason: string; at: number },
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('orders')
        .set(
          change.status === 'completed'
            ? {
                status: 'completed',
                subscription_id: change.subscriptionId,
                completed_at: change.at,
              }
            : { status: change.status, failure_reason: change.reason, completed_at: change.at },
        )
        .where('id', '=', id)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * One account's orders and the deposits that fund no order, newest first: a deposit paying
     * an order shows as that order, not twice.
     */
    async pageForUser(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: OrderEntryRow[]; total: number }> {
      const orders = db
        .selectFrom('orders')
        .select([
          'id',
          sql<'order' | 'deposit'>`'order'`.as('type'),
          sql<string | null>`product_name`.as('product_name'),
          sql<PlanDurationType | null>`duration_type`.as('duration_type'),
          'price_cents as amount_cents',
          'method',
          sql<OrderStatus | DepositStatus>`status`.as('status'),
          'created_at',
        ])
        .where('user_id', '=', userId);
      const deposits = db
        .selectFrom('deposits')
        .select([
          'id',
          sql<'order' | 'deposit'>`'deposit'`.as('type'),
          sql<string | null>`null`.as('product_name'),
          sql<PlanDurationType | null>`null`.as('duration_type'),
          'amount_cents',
          sql<OrderMethod>`'pix'`.as('method'),
          'status',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .where('order_id', 'is', null);
      const [rows, counts] = await Promise.all([
        db
          .selectFrom(orders.unionAll(deposits).as('entries'))
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        Promise.all([
          db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow(),
          db
            .selectFrom('deposits')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('user_id', '=', userId)
            .where('order_id', 'is', null)
            .executeTakeFirstOrThrow(),
        ]),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) })),
        total: Number(counts[0].total) + Number(counts[1].total),
      };
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
