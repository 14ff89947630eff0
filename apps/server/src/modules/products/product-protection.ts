import type { ProductProtection, SecurityRules } from '@chaveiro/contract';
import { securityRulesSchema } from '@chaveiro/contract';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/schema.js';

/** The protection columns of a product's row (2026120801_protected_delivery). */
export type ProtectionColumns = Pick<
  Selectable<ProductsTable>,
  | 'protected_delivery'
  | 'offline_grace_hours'
  | 'loader_min_version'
  | 'unknown_loader_policy'
  | 'security_rules'
>;

/**
 * What each client signal does, every kind present: the stored JSON with `record` for a kind it
 * leaves out. A row that does not parse (edited by hand) reads as all `record`, never an error on
 * a loader's call.
 */
export function securityRulesOf(stored: string): SecurityRules {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = {};
  }
  const rules = securityRulesSchema.safeParse(value);
  return rules.success ? rules.data : securityRulesSchema.parse({});
}

/** A product's protection as the console and the loader read it. */
export function protectionOf(row: ProtectionColumns): ProductProtection {
  return {
    protectedDelivery: Number(row.protected_delivery) === 1,
    offlineGraceHours: Number(row.offline_grace_hours),
    loaderMinVersion: row.loader_min_version,
    unknownLoaderPolicy: row.unknown_loader_policy,
    securityRules: securityRulesOf(row.security_rules),
  };
}
