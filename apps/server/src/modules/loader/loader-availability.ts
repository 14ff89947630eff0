import type {
  LoaderRefusalProduct,
  ProductOperationalStatus,
  ProductStatus,
  Settings,
  SubscriptionStatus,
  UserStatus,
} from '@chaveiro/contract';

/** The global switches that close the loaders for everyone. */
export type ClosedCode = 'SERVER_OFFLINE' | 'MAINTENANCE';

/** Why a product that is on cannot be used now: it is being updated, or it is down. */
export type ProductDownCode = 'PRODUCT_UPDATING' | 'PRODUCT_UNAVAILABLE';

/** Why one account's subscription of a product may not be used now. */
export type UnusableCode =
  | 'ACCOUNT_BANNED'
  | 'EMAIL_NOT_VERIFIED'
  | 'PRODUCT_DISABLED'
  | ProductDownCode
  | 'SUBSCRIPTION_PAUSED'
  | 'SUBSCRIPTION_EXPIRED';

/** A product's operational status as its row holds it (products.*). */
export interface ProductOperationalState {
  operational_status: ProductOperationalStatus;
  status_note: string | null;
  /** 1: its customers' time stands still meanwhile. */
  freeze_time: number;
  /** Epoch ms (a string from PostgreSQL's bigint). */
  status_since: number | string;
}

/** What the rule reads of a subscription: its account, its product and its own state. */
export interface SubscriptionInUse {
  user_status: UserStatus;
  email_verified_at: number | null;
  product_status: ProductStatus;
  product_operational_status: ProductOperationalStatus;
  product_status_note: string | null;
  product_freeze_time: number;
  product_status_since: number | string;
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

/** PRODUCT_UPDATING or PRODUCT_UNAVAILABLE while the product is not operational. */
export function productDownBy(status: ProductOperationalStatus): ProductDownCode | undefined {
  if (status === 'updating') return 'PRODUCT_UPDATING';
  if (status === 'unavailable') return 'PRODUCT_UNAVAILABLE';
  return undefined;
}

/** The signed refusal's `product` block: what the loader shows besides the message. */
export function productBlockOf(product: ProductOperationalState): LoaderRefusalProduct {
  return {
    status: product.operational_status,
    note: product.status_note,
    timeFrozen: Number(product.freeze_time) === 1,
    since: new Date(Number(product.status_since)).toISOString(),
  };
}

/** The product's operational columns of a subscription's state. */
export function productOperationalOf(state: SubscriptionInUse): ProductOperationalState {
  return {
    operational_status: state.product_operational_status,
    status_note: state.product_status_note,
    freeze_time: state.product_freeze_time,
    status_since: state.product_status_since,
  };
}

/**
 * Banned, e-mail, product (off, then not operational), paused, expired: in the loader
 * protocol's order. The product's status comes before the subscription's own: a subscription its
 * product's freeze stopped is paused too, and must say why.
 */
export function unusableBy(state: SubscriptionInUse, now: number): UnusableCode | undefined {
  if (state.user_status === 'banned') return 'ACCOUNT_BANNED';
  if (state.email_verified_at === null) return 'EMAIL_NOT_VERIFIED';
  if (state.product_status !== 'active') return 'PRODUCT_DISABLED';
  const down = productDownBy(state.product_operational_status);
  if (down) return down;
  if (state.status === 'paused') return 'SUBSCRIPTION_PAUSED';
  if ((state.expires_at ?? 0) <= now) return 'SUBSCRIPTION_EXPIRED';
  return undefined;
}

/**
 * The refusal of a subscription that may not be used now (`unusableBy`), with the signed
 * `product` block PRODUCT_UPDATING and PRODUCT_UNAVAILABLE carry; undefined when it may.
 */
export function unusableRefusalOf(
  state: SubscriptionInUse,
  now: number,
): { code: UnusableCode; product?: LoaderRefusalProduct } | undefined {
  const code = unusableBy(state, now);
  if (code === 'PRODUCT_UPDATING' || code === 'PRODUCT_UNAVAILABLE') {
    return { code, product: productBlockOf(productOperationalOf(state)) };
  }
  return code && { code };
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
