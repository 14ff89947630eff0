import type { ActivityEntry } from '@chaveiro/contract';
import { Filter } from 'lucide-react';
import { targetText } from '@/components/activity/activity-target';
import { ActivityTargetLink } from '@/components/activity/activity-target-link';
import { Button } from '@/components/ui/button';
import { UserLink } from '@/components/user-link';
import { formatDateTime, formatRelative } from '@/lib/format';

/** When a line happened: date and time, and how long ago (the date alone on a phone card). */
export function When({ at, compact = false }: { at: string; compact?: boolean }) {
  const date = new Date(at);
  if (compact) {
    return (
      <time dateTime={at} className="text-muted-foreground text-xs tabular-nums">
        {formatDateTime(date)}
      </time>
    );
  }
  return (
    <time dateTime={at} className="grid">
      <span className="tabular-nums">{formatDateTime(date)}</span>
      <span className="text-muted-foreground text-xs">{formatRelative(date)}</span>
    </time>
  );
}

/** Who did it, linked to their page; "Sistema" for the server's own actions. */
export function Actor({ row }: { row: ActivityEntry }) {
  if (!row.actor) return <span className="text-muted-foreground">Sistema</span>;
  return <UserLink id={row.actor.id} username={row.actor.username} />;
}

/** What it touched, linked, and a button that filters the log by it. */
export function TargetCell({ row, onFilter }: { row: ActivityEntry; onFilter: () => void }) {
  if (!row.target) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <ActivityTargetLink target={row.target} />
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        onClick={onFilter}
        aria-label={`Filtrar pelo alvo ${targetText(row.target)}`}
        title="Filtrar por este alvo"
      >
        <Filter aria-hidden className="size-3.5" />
      </Button>
    </span>
  );
}
