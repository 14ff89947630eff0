import { DepositStatusBadge } from '@/components/status/deposit-status-badge';
import { Button } from '@/components/ui/button';
import { useRecentDeposits } from '@/hooks/use-recent-deposits';
import { formatBRL, formatDateTime } from '@/lib/format';
import { depositTexts as t } from '../texts';

/** The newest deposits with their status; a pending one can show its instructions again. */
export function RecentDeposits({
  onShowInstructions,
}: {
  onShowInstructions: (id: string) => void;
}) {
  const deposits = useRecentDeposits();
  const items = deposits.data?.items;

  return (
    <section aria-labelledby="recent-deposits-title" className="grid gap-2">
      <h3 id="recent-deposits-title" className="text-sm font-semibold">
        {t.recentTitle}
      </h3>
      {deposits.isPending ? (
        <p className="text-muted-foreground text-sm">{t.recentLoading}</p>
      ) : deposits.isError && !items ? (
        <p className="text-destructive text-sm">{t.recentError}</p>
      ) : items?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t.recentEmpty}</p>
      ) : (
        <ul className="divide-y rounded-lg border">
          {items?.map((deposit) => (
            <li key={deposit.id} className="grid gap-1 px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums">{formatBRL(deposit.amount)}</span>
                <DepositStatusBadge status={deposit.status} />
              </div>
              <div className="text-muted-foreground flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
                <span>
                  {formatDateTime(deposit.created_at)} ·{' '}
                  <span className="font-mono">{deposit.reference}</span>
                </span>
                {deposit.status === 'pending' ? (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto p-0 text-xs"
                    aria-label={t.showInstructionsOf(deposit.reference)}
                    onClick={() => onShowInstructions(deposit.id)}
                  >
                    {t.showInstructions}
                  </Button>
                ) : null}
              </div>
              {deposit.status === 'rejected' && deposit.reject_reason ? (
                <p className="text-destructive text-xs break-words">
                  {t.rejectedBecause(deposit.reject_reason)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
