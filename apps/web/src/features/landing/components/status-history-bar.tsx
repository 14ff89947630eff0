import { useState } from 'react';
import { STATUS_TEXT, STATUS_TONES } from '../status-content';
import { formatStatusDay } from '../status-format';
import type { HistoryCell } from '../status-history';

function describe(cell: HistoryCell): string {
  return STATUS_TEXT.day(
    formatStatusDay(cell.date),
    cell.status ? STATUS_TONES[cell.status].label : STATUS_TEXT.noData,
  );
}

/**
 * A product's last days as a bar of small cells coloured by status. Each cell names its day and
 * status in a tooltip and to screen readers; pointing at one (or tapping it) writes the same
 * under the bar, where touch screens show no tooltip.
 */
export function StatusHistoryBar({ name, cells }: { name: string; cells: readonly HistoryCell[] }) {
  const [pointed, setPointed] = useState<HistoryCell | null>(null);
  const incidents = cells.filter((cell) => cell.status && cell.status !== 'operational').length;
  return (
    <div>
      <ol
        aria-label={STATUS_TEXT.historyLabel(name)}
        className="flex h-8 gap-px sm:gap-0.5"
        onPointerLeave={() => setPointed(null)}
      >
        {cells.map((cell) => (
          <li
            key={cell.date}
            title={describe(cell)}
            onPointerEnter={() => setPointed(cell)}
            className={`min-w-0 flex-1 rounded-[2px] ${
              cell.status ? STATUS_TONES[cell.status].fill : 'bg-muted-foreground/20'
            }`}
          >
            <span className="sr-only">{describe(cell)}</span>
          </li>
        ))}
      </ol>
      <div className="text-muted-foreground mt-2 flex items-center justify-between gap-3 text-xs">
        <span className="shrink-0">{STATUS_TEXT.daysAgo(cells.length)}</span>
        <span className="min-w-0 truncate text-center">
          {pointed ? describe(pointed) : STATUS_TEXT.incidents(incidents)}
        </span>
        <span className="shrink-0">{STATUS_TEXT.today}</span>
      </div>
    </div>
  );
}
