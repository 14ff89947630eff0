import { TableCell, TableHead } from '@/components/ui/table';
import { formatBRL, formatCount } from '@/lib/format';
import type { KeyFigureLabels, KeyFigures } from './key-figure-fields';

/** The table heads of a row's keys sold, keys redeemed and balance spent. */
export function KeyFigureHeads({ labels }: { labels: KeyFigureLabels }) {
  return (
    <>
      <TableHead className="text-right">{labels.keysSold}</TableHead>
      <TableHead className="text-right">{labels.keysRedeemed}</TableHead>
      <TableHead className="text-right">{labels.spent}</TableHead>
    </>
  );
}

/** The table cells of a row's keys sold, keys redeemed and balance spent. */
export function KeyFigureCells({ row }: { row: KeyFigures }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatCount(row.keysSold)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCount(row.keysRedeemed)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatBRL(row.spent)}</TableCell>
    </>
  );
}
