import { useId } from 'react';
import { cn } from '@/lib/utils';
import { useResellerLedger } from '../api/get-reseller-ledger';
import { resellersTexts } from '../texts';
import { formatBRL, formatDateTime, formatSignedBRL } from '@/lib/format';

const text = resellersTexts.ledger;

/** The reseller's latest balance changes, newest first, so the balance can be explained. */
export function ResellerLedger({ resellerId }: { resellerId: string }) {
  const headingId = useId();
  const ledger = useResellerLedger(resellerId);
  const entries = ledger.data?.items ?? [];

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {text.title}
      </h3>
      {ledger.isPending ? (
        <p className="text-muted-foreground text-sm">{text.loading}</p>
      ) : ledger.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {text.error}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{text.empty}</p>
      ) : (
        <>
          <ol className="max-h-56 divide-y overflow-y-auto rounded-md border">
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="text-sm break-words">{entry.reason}</p>
                  <p className="text-muted-foreground text-xs">
                    {formatDateTime(entry.created_at)} ·{' '}
                    {entry.actor === null ? text.deletedActor : text.by(entry.actor)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p
                    className={cn(
                      'text-sm font-medium tabular-nums',
                      entry.amount < 0
                        ? 'text-destructive'
                        : 'text-emerald-700 dark:text-emerald-400',
                    )}
                  >
                    {formatSignedBRL(entry.amount)}
                  </p>
                  <p className="text-muted-foreground text-xs tabular-nums">
                    {text.balanceAfter(formatBRL(entry.balance_after))}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {ledger.data.total > entries.length ? (
            <p className="text-muted-foreground text-xs">
              {text.more(entries.length, ledger.data.total)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
