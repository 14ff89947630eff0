import { useDashboard } from '../api/get-dashboard';
import { formatBRL } from '@/lib/format';
import { texts } from '../lib/texts';

/** The real balance from the dashboard; nothing until it is known. */
export function BalanceChip() {
  const { data } = useDashboard();
  if (!data) return null;
  return (
    <span
      className="bg-muted text-foreground hidden h-8 items-center rounded-full px-3 text-sm font-medium tabular-nums sm:inline-flex"
      title={texts.header.balance}
    >
      <span className="sr-only">{texts.header.balance}: </span>
      {formatBRL(data.balance)}
    </span>
  );
}
