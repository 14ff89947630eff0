import { plural } from '@chaveiro/contract';
import type { KeyStatus } from '@chaveiro/contract';

export const KEY_STATUS_LABELS: Record<KeyStatus, string> = {
  active: 'Disponível',
  used: 'Usada',
  banned: 'Banida',
  expired: 'Expirada',
};

/** A key that nobody redeemed yet: its validity and ban state can still change. */
export function isUnused(status: KeyStatus): boolean {
  return status === 'active' || status === 'banned';
}

export function formatDays(days: number): string {
  return plural(days, 'dia', 'dias');
}
