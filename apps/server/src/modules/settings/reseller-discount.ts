import { RESELLER_DISCOUNT_MAX_PERCENT, RESELLER_DISCOUNT_SETTING_KEY } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SettingsRepository } from './settings-repository.js';

const MAX_BASIS_POINTS = RESELLER_DISCOUNT_MAX_PERCENT * 100;

/**
 * The global reseller discount in basis points (1250 = 12,5 %), read with `executor` (the
 * purchase's own transaction). A missing or unreadable row counts as no discount, so a bad
 * value can never sell below what the admin meant.
 */
export async function resellerDiscountBasisPoints(
  repository: SettingsRepository,
  executor?: Kysely<Database>,
): Promise<number> {
  const stored = await repository.get(RESELLER_DISCOUNT_SETTING_KEY, executor);
  const value = Number(stored);
  return Number.isInteger(value) && value >= 0 && value <= MAX_BASIS_POINTS ? value : 0;
}
