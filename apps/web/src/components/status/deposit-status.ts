import type { DepositStatus } from '@chaveiro/contract';

/** A deposit's status in words, as the customer and the admin both see it. */
export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  expired: 'Expirado',
  refunded: 'Estornado',
};

/** A deposit status badge's colours (the orders' badge borrows them). */
export const DEPOSIT_STATUS_TONES: Record<DepositStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  approved: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
  cancelled: 'border-border bg-muted text-muted-foreground',
  expired: 'border-border bg-muted text-muted-foreground',
  refunded: 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-400',
};
