import type { ProductOperationalStatus } from '@chaveiro/contract';

/** A product status badge's colours: green works, amber is being fixed, red is down. */
export const PRODUCT_STATUS_BADGE_TONES: Record<ProductOperationalStatus, string> = {
  operational: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  updating: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  unavailable: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-400',
};

/** The same colours for a banner (the customer's card while the product is down). */
export const PRODUCT_STATUS_BANNER_TONES: Record<ProductOperationalStatus, string> = {
  operational:
    'border-emerald-500/40 bg-emerald-500/10 text-emerald-900 dark:text-emerald-200 [&>svg]:text-emerald-600 dark:[&>svg]:text-emerald-400',
  updating:
    'border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-100 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400',
  unavailable:
    'border-red-500/40 bg-red-500/10 text-red-900 dark:text-red-100 [&>svg]:text-red-600 dark:[&>svg]:text-red-400',
};
