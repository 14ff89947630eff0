import { randomBytes } from 'node:crypto';
import type {
  KeyStatus,
  PlanDurationType,
  ProductOperationalStatus,
  ProductStatus,
  SubscriptionStatus,
} from '@chaveiro/contract';
import { SUBSCRIPTION_DEFAULT_CREDITS } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.js';
import { newId } from '../platform/core/ids.js';

export const DAY = 24 * 60 * 60 * 1000;

/** Rows inserted straight into the database, for arranging a test's data quickly. */
export function createFixtures(db: Kysely<Database>, now: () => number) {
  /** An account's balance, in cents. */
  async function balance(userId: string): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select('balance_cents')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.balance_cents);
  }

  /** An account's balance movements, oldest first. */
  function ledger(userId: string) {
    return db
      .selectFrom('balance_ledger')
      .select(['amount_cents', 'reason', 'balance_after_cents', 'actor_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  return {
    async product(
      input: {
        name?: string;
        plans?: Partial<Record<PlanDurationType, number>>;
        /** The sale status (Ativo by default). */
        status?: ProductStatus;
      } = {},
    ): Promise<{ id: string; name: string }> {
      const id = newId();
      const name = input.name ?? `Produto ${randomBytes(3).toString('hex')}`;
      await db
        .insertInto('products')
        .values({
          id,
          name,
          description: '',
          status: input.status ?? 'active',
          file_sha256: null,
          file_name: null,
          file_size: null,
          file_uploaded_at: null,
          // Operational since its creation, as every product starts.
          status_since: now(),
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      const plans = Object.entries(input.plans ?? {});
      if (plans.length > 0) {
        await db
          .insertInto('plans')
          .values(
            plans.map(([durationType, cents]) => ({
              id: newId(),
              product_id: id,
              duration_type: durationType as PlanDurationType,
              price_cents: cents,
            })),
          )
          .execute();
      }
      return { id, name };
    },

    async key(
      productId: string,
      input: {
        key?: string;
        days?: number;
        status?: KeyStatus;
        redeemedBy?: string;
        /** Redeem-by date (epoch ms) of an unused key. */
        redeemBy?: number;
      } = {},
    ): Promise<{ id: string; key: string }> {
      const id = newId();
      const key = input.key ?? randomBytes(9).toString('hex').toUpperCase();
      await db
        .insertInto('license_keys')
        .values({
          id,
          key,
          product_id: productId,
          duration_days: input.days ?? 30,
          status: input.status ?? 'active',
          created_by: null,
          redeemed_by: input.redeemedBy ?? null,
          redeemed_at: input.redeemedBy ? now() : null,
          redeem_by: input.redeemBy ?? null,
          expires_at: input.redeemBy ?? null,
          created_at: now(),
        })
        .execute();
      return { id, key };
    },

    async subscription(
      userId: string,
      productId: string,
      input: {
        status?: SubscriptionStatus;
        expiresAt?: number;
        pausedRemainingMs?: number;
        maxDevices?: number;
        pauseCredits?: number;
        hwidResetCredits?: number;
      } = {},
    ): Promise<{ id: string }> {
      const id = newId();
      const status = input.status ?? 'active';
      await db
        .insertInto('subscriptions')
        .values({
          id,
          user_id: userId,
          product_id: productId,
          status,
          expires_at: status === 'active' ? (input.expiresAt ?? now() + 30 * DAY) : null,
          paused_remaining_ms: status === 'paused' ? (input.pausedRemainingMs ?? 10 * DAY) : null,
          paused_by: status === 'paused' ? 'user' : null,
          max_devices: input.maxDevices ?? 1,
          pause_credits: input.pauseCredits ?? SUBSCRIPTION_DEFAULT_CREDITS.pauseCredits,
          hwid_reset_credits:
            input.hwidResetCredits ?? SUBSCRIPTION_DEFAULT_CREDITS.hwidResetCredits,
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      return { id };
    },

    async machine(subscriptionId: string, hwid: string, lastSeenAt = now()): Promise<void> {
      await db
        .insertInto('machines')
        .values({
          id: newId(),
          subscription_id: subscriptionId,
          hwid,
          first_seen_at: lastSeenAt,
          last_seen_at: lastSeenAt,
        })
        .execute();
    },

    /** A period of a product's status timeline, as the products module records one. */
    async productStatusPeriod(
      productId: string,
      input: {
        status: ProductOperationalStatus;
        startedAt: number;
        /** Null (the default): the current period. */
        endedAt?: number | null;
        note?: string | null;
      },
    ): Promise<void> {
      await db
        .insertInto('product_status_periods')
        .values({
          id: newId(),
          product_id: productId,
          status: input.status,
          note: input.note ?? null,
          freeze_time: 1,
          started_at: input.startedAt,
          ended_at: input.endedAt ?? null,
          changed_by: null,
          changed_by_name: null,
          reason: null,
        })
        .execute();
    },

    subscriptionRow(id: string) {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * A product's operational status columns as a change would leave them (no timeline row, no
     * frozen subscription: arrange those with `productFreeze`).
     */
    async productOperational(
      productId: string,
      input: {
        status: ProductOperationalStatus;
        note?: string | null;
        freezeTime?: boolean;
        sellWhileDown?: boolean;
        since?: number;
      },
    ): Promise<void> {
      await db
        .updateTable('products')
        .set({
          operational_status: input.status,
          status_note: input.note ?? null,
          freeze_time: input.freezeTime === false ? 0 : 1,
          sell_while_down: input.sellWhileDown ? 1 : 0,
          status_since: input.since ?? now(),
        })
        .where('id', '=', productId)
        .execute();
    },

    /**
     * The columns a product's freeze writes on a subscription: its hold (`frozenSince`: paused by
     * the product from then; arrange the subscription paused first) and what the latest freeze
     * gave back, and when.
     */
    async productFreeze(
      subscriptionId: string,
      input: { frozenSince?: number; givenBackMs?: number; givenBackAt?: number },
    ): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({
          ...(input.frozenSince === undefined
            ? {}
            : { paused_by: 'product' as const, product_frozen_since: input.frozenSince }),
          ...(input.givenBackMs === undefined
            ? {}
            : { given_back_ms: input.givenBackMs, given_back_at: input.givenBackAt ?? now() }),
        })
        .where('id', '=', subscriptionId)
        .execute();
    },

    balance,
    ledger,

    /**
     * The invariant of every money test: the balance is the sum of its ledger, never below
     * zero. Answers the balance.
     */
    async expectLedgerMatches(userId: string): Promise<number> {
      const [cents, lines] = await Promise.all([balance(userId), ledger(userId)]);
      expect(cents).toBeGreaterThanOrEqual(0);
      expect(lines.reduce((sum, line) => sum + Number(line.amount_cents), 0)).toBe(cents);
      return cents;
    },
  };
}

export type Fixtures = ReturnType<typeof createFixtures>;
