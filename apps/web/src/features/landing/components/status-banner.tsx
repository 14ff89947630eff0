import type { PublicStatus } from '@chaveiro/contract';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { STATUS_TEXT } from '../status-content';
import { formatStatusTime } from '../status-format';

const TONES = {
  ok: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  updating: 'border-amber-500/30 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  down: 'border-red-500/30 bg-red-500/10 text-red-800 dark:text-red-300',
  empty: 'bg-muted/40 text-foreground',
} as const;

/** The page's verdict: all operational, or how many products are affected and how. */
export function StatusBanner({ status, stale }: { status: PublicStatus; stale: boolean }) {
  const unavailable = status.products.filter((p) => p.status === 'unavailable').length;
  const updating = status.products.filter((p) => p.status === 'updating').length;
  const affected = unavailable + updating;
  const tone =
    status.products.length === 0
      ? TONES.empty
      : unavailable > 0
        ? TONES.down
        : updating > 0
          ? TONES.updating
          : TONES.ok;
  const Icon = unavailable > 0 ? CircleAlert : affected > 0 ? TriangleAlert : CircleCheck;
  const title =
    status.products.length === 0
      ? STATUS_TEXT.noProducts
      : affected === 0
        ? STATUS_TEXT.allOperational
        : STATUS_TEXT.affected(affected);
  const time = formatStatusTime(status.generatedAt);
  return (
    <div className={`flex min-h-20 items-start gap-3 rounded-xl border p-5 ${tone}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        {/* Read out when the verdict changes, not at every refresh. */}
        <div aria-live="polite">
          <p className="font-semibold">{title}</p>
          {affected > 0 ? (
            <p className="mt-0.5 text-sm">{STATUS_TEXT.affectedDetail(unavailable, updating)}</p>
          ) : null}
        </div>
        <p className="text-foreground/70 mt-1 text-xs">
          {stale ? STATUS_TEXT.refreshFailed(time) : STATUS_TEXT.updatedAt(time)}
        </p>
      </div>
    </div>
  );
}
