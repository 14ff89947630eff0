import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
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
}

/**
 * Every money movement: the balance change and its ledger line, in the caller's transaction, so
 * any balance equals the sum of its ledger.
 */
export function createBalanceService({ clock, repository }: BalanceServiceDeps) {
  return {
    /**
     * Moves money inside `executor` (a transaction). Returns the resulting balance, or
     * undefined when a debit would go below zero — nothing changed then, and the caller
     * answers 409 'Saldo insuficiente.'.
     */
    async move(executor: Kysely<Database>, movement: BalanceMovement): Promise<number | undefined> {
      const after = await repository.add(movement.userId, movement.amountCents, executor);
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
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
