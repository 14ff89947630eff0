import type { PublicStatus } from '@chaveiro/contract';
import { STATUS_TEXT, STATUS_TONES } from '../status-content';
import { formatStatusSince } from '../status-format';
import { historyCells } from '../status-history';
import { StatusHistoryBar } from './status-history-bar';

/** One product on the status page: its status now, the seller's note, since when, its days. */
export function StatusProduct({
  product,
  today,
  days,
}: {
  product: PublicStatus['products'][number];
  today: string;
  /** How many of the last days its bar draws. */
  days: number;
}) {
  const tone = STATUS_TONES[product.status];
  return (
    <li className="bg-card rounded-xl border p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold">{product.name}</h3>
        <p className={`inline-flex items-center gap-2 text-sm font-medium ${tone.text}`}>
          <span aria-hidden className={`size-2.5 rounded-full ${tone.fill}`} />
          {tone.label}
        </p>
      </div>
      <p className="text-muted-foreground mt-1 text-xs">
        {STATUS_TEXT.since(formatStatusSince(product.since))}
      </p>
      {product.note ? (
        <p className="text-foreground/85 mt-3 text-sm break-words">{product.note}</p>
      ) : null}
      <div className="mt-4">
        <StatusHistoryBar name={product.name} cells={historyCells(product.days, today, days)} />
      </div>
    </li>
  );
}
