import type { ProductStatus, Settings, SubscriptionStatus, UserStatus } from '@chaveiro/contract';

/** The global switches that close the loaders for everyone. */
export type ClosedCode = 'SERVER_OFFLINE' | 'MAINTENANCE';

/** Why one account's subscription of a product may not be used now. */
export type UnusableCode =
  | 'ACCOUNT_BANNED'
  | 'EMAIL_NOT_VERIFIED'
  | 'PRODUCT_DISABLED'
  | 'SUBSCRIPTION_PAUSED'
  | 'SUBSCRIPTION_EXPIRED';

/** What the rule reads of a subscription: its account, its product and its own state. */
export interface SubscriptionInUse {
  user_status: UserStatus;
  email_verified_at: number | null;
  product_status: ProductStatus;
  status: SubscriptionStatus;
  /** Null while paused. */
  expires_at: number | null;
}

/** Server offline, then maintenance: they come before anything else, for every call. */
export function closedBy(settings: Pick<Settings, 'server_status' | 'maintenance_mode'>) {
  if (settings.server_status === 'offline') return 'SERVER_OFFLINE' as const;
  if (settings.maintenance_mode === 'on') return 'MAINTENANCE' as const;
  return undefined;
}

/** Banned, e-mail, product, paused, expired: in the loader protocol's order. */
export function unusableBy(state: SubscriptionInUse, now: number): UnusableCode | undefined {
  if (state.user_status === 'banned') return 'ACCOUNT_BANNED';
  if (state.email_verified_at === null) return 'EMAIL_NOT_VERIFIED';
  if (state.product_status !== 'active') return 'PRODUCT_DISABLED';
  if (state.status === 'paused') return 'SUBSCRIPTION_PAUSED';
  if ((state.expires_at ?? 0) <= now) return 'SUBSCRIPTION_EXPIRED';
  return undefined;
}

/**
 * Whether a subscription's product may be used now, and its files downloaded: the loader API's
 * rule (a session's every call, KeyAuth's included) and the customer's download of the loader
 * file both ask here. Undefined when it may.
 */
export function unavailabilityOf(
  settings: Pick<Settings, 'server_status' | 'maintenance_mode'>,
  state: SubscriptionInUse,
  now: number,
): ClosedCode | UnusableCode | undefined {
  return closedBy(settings) ?? unusableBy(state, now);
}
