import { formatBRL, formatCount } from '@/lib/format';

/** What a reseller's row says of its keys: the leaderboard's and the reseller's own products. */
export interface KeyFigures {
  keysSold: number;
  keysRedeemed: number;
  spent: number;
}

export type KeyFigureLabels = Record<keyof KeyFigures, string>;

/** A row's keys sold, keys redeemed and balance spent as the fields of a `RowCard`. */
export function keyFigureFields(row: KeyFigures, labels: KeyFigureLabels) {
  return [
    { label: labels.keysSold, value: formatCount(row.keysSold) },
    { label: labels.keysRedeemed, value: formatCount(row.keysRedeemed) },
    { label: labels.spent, value: formatBRL(row.spent) },
  ];
}
