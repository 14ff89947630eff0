/** Account balances and their ledger. */
export { createBalanceRepository } from './balance-repository.js';
export type { BalanceService } from './balance-service.js';
export { createBalanceService } from './balance-service.js';
