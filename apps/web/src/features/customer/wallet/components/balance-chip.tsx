import { useDashboard } from '@/hooks/use-dashboard';
import { formatBRL } from '@/lib/format';
import { depositTexts as t } from '../texts';

/** The real balance from the dashboard, on phones too (compact); nothing until it is known. */
export function BalanceChip() {
  const { data } = useDashboard();
  if (!data) return null;
  return (
    <span
      className="bg-muted text-foreground inline-flex h-7 shrink-0 items-center rounded-full px-2 text-xs font-medium whitespace-nowrap tabular-nums sm:h-8 sm:px-3 sm:text-sm"
      title={t.balance}
    >
      <span className="sr-only">{t.balance}: </span>
      {formatBRL(data.balance)}
    </span>
  );
}
