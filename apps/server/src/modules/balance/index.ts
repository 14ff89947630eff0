/** Account balances and their ledger. */
import type { Platform } from '../../module.js';
import { defineModule } from '../../module.js';
import type { UserBalancesRepository } from '../users/index.js';
import { createBalanceRepository } from './balance-repository.js';
import { createBalanceService } from './balance-service.js';

export type { BalanceService } from './balance-service.js';

export function createBalanceModule({
  db,
  clock,
  userBalances,
}: Pick<Platform, 'db' | 'clock'> & { userBalances: UserBalancesRepository }) {
  return defineModule({
    name: 'balance',
    services: {
      balance: createBalanceService({
        clock,
        repository: createBalanceRepository(db),
        balances: userBalances,
      }),
    },
  });
}
