import { useDashboard } from '../api/get-dashboard';
import { formatBRL } from '@/lib/format';
import { texts } from '../lib/texts';

/** The real balance from the dashboard, on phones too (compact); nothing until it is known. */
export function BalanceChip() {
  const { data } = useDashboard();
  if (!data) return null;
  return (
    <span
      className="bg-muted text-foreground inline-flex h-7 shrink-0 items-center rounded-full px-2 text-xs font-medium whitespace-nowrap tabular-nums sm:h-8 sm:px-3 sm:text-sm"
      title={texts.header.balance}
    >
      <span className="sr-only">{texts.header.balance}: </span>
      {formatBRL(data.balance)}
    </span>
  );
}
