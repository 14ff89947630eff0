import type { LedgerPage, LedgerQuery } from '@chaveiro/contract';
import { centsToReais } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/core/context.js';
import { newId } from '../../platform/core/ids.js';
import { pageOf } from '../../platform/http/paging.js';
import type { UserBalancesRepository } from '../users/index.js';
import type { BalanceRepository } from './balance-repository.js';

export interface BalanceMovement {
  userId: string;
  /** Positive credits, negative debits. */
  amountCents: number;
  /** pt-BR, shown in the ledger (e.g. 'Compra: Aim Pro (Mensal)'). */
  reason: string;
  /** Who caused it (the admin approving a deposit), or null when the owner did. */
  actorId: string | null;
}

export interface BalanceServiceDeps extends Pick<AppContext, 'clock'> {
  repository: BalanceRepository;
  /** The accounts' balance column, moved in the ledger line's transaction. */
  balances: UserBalancesRepository;
}

/**
 * Every money movement: the balance change and its ledger line, in the caller's transaction, so
 * any balance equals the sum of its ledger.
 */
export function createBalanceService({ clock, repository, balances }: BalanceServiceDeps) {
  const service = {
    /** One page of an account's ledger, newest first (amounts in reais). */
    ledger(userId: string, query: LedgerQuery): Promise<LedgerPage> {
      return pageOf(
        query,
        (limit, offset) => repository.ledgerPage(userId, limit, offset),
        (row) => ({
          id: row.id,
          amount: centsToReais(row.amount_cents),
          reason: row.reason,
          balance_after: centsToReais(row.balance_after_cents),
          actor: row.actor,
          created_at: new Date(row.created_at).toISOString(),
        }),
      );
    },

    /**
     * Moves money inside `executor` (a transaction). Returns the resulting balance, or
     * undefined when a debit would go below zero — nothing changed then, and the caller
     * answers 409 'Saldo insuficiente.'.
     */
    async move(executor: Kysely<Database>, movement: BalanceMovement): Promise<number | undefined> {
      const after = await balances.add(movement.userId, movement.amountCents, executor);
      if (after === undefined) return undefined;
      await repository.insertLedger(
        {
          id: newId(),
          userId: movement.userId,
          actorId: movement.actorId,
          amountCents: movement.amountCents,
          reason: movement.reason,
          balanceAfterCents: after,
          createdAt: clock.now(),
        },
        executor,
      );
      return after;
    },

    /**
     * Takes back up to `amountCents` (a refunded or charged-back deposit): the whole amount when
     * the balance covers it, else what there is (the balance never goes below zero). Answers
     * what was debited, the balance after it, and what the balance could not cover (for the
     * caller to flag).
     */
    async debitUpTo(
      executor: Kysely<Database>,
      movement: BalanceMovement,
    ): Promise<{ debitedCents: number; balanceAfterCents: number; uncoveredCents: number }> {
      const wanted = Math.abs(movement.amountCents);
      for (;;) {
        const balanceCents = await balances.balanceOf(movement.userId, executor);
        const available = Math.min(wanted, balanceCents);
        if (available <= 0) {
          return { debitedCents: 0, balanceAfterCents: balanceCents, uncoveredCents: wanted };
        }
        const after = await service.move(executor, { ...movement, amountCents: -available });
        // A concurrent debit took part of it first: look again.
        if (after === undefined) continue;
        return {
          debitedCents: available,
          balanceAfterCents: after,
          uncoveredCents: wanted - available,
        };
      }
    },
  };
  return service;
}

export type BalanceService = ReturnType<typeof createBalanceService>;
