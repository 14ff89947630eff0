import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { changeOf, percentOf, type Direction } from './change';
import { texts } from './texts';

const t = texts.change;

interface ChangeLineProps {
  current: number;
  /** Null when there is nothing to compare with: a dash. */
  previous: number | null;
  /** What it is compared with: `vs. 18/11`, `vs. período anterior`. */
  against: string;
  /**
   * `absolute`: `+12 (+8,5%)`, for the live cards against a day's snapshot; `percent`: `+8,5%`,
   * for a period's totals, where a previous 0 reads "sem dados anteriores".
   */
  mode: 'absolute' | 'percent';
  /** Whether going up is good news (sales) or bad (banned users): it picks the colour. */
  goodWhen?: 'up' | 'down';
  className?: string;
}

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: Minus } as const;

/** A figure's change, in words and sign (never by colour alone), with an arrow and a colour. */
export function ChangeLine({
  current,
  previous,
  against,
  mode,
  goodWhen = 'up',
  className,
}: ChangeLineProps) {
  const base = cn('flex flex-wrap items-center gap-1 text-xs', className);
  if (previous === null) {
    return (
      <p className={cn(base, 'text-muted-foreground')} data-change="none">
        <span aria-hidden>—</span>
        <span className="sr-only">{t.nothingToCompare}</span>
      </p>
    );
  }
  if (mode === 'percent' && previous === 0) {
    return (
      <p className={cn(base, 'text-muted-foreground')} data-change="none">
        {t.noPrevious}
      </p>
    );
  }
  const change = changeOf(current, previous);
  const Icon = ICONS[change.direction];
  const percent = percentOf(change);
  let figure: string;
  if (change.direction === 'same') figure = t.same;
  else if (mode === 'percent') figure = percent ?? '';
  else {
    const signed = `${change.difference > 0 ? '+' : '-'}${formatCount(Math.abs(change.difference))}`;
    figure = percent === null ? signed : `${signed} (${percent})`;
  }
  return (
    <p className={cn(base, toneOf(change.direction, goodWhen))} data-change={change.direction}>
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {change.direction !== 'same' && (
        <span className="sr-only">{change.direction === 'up' ? t.up : t.down}: </span>
      )}
      <span className="font-medium tabular-nums">{figure}</span>{' '}
      <span className="text-muted-foreground">{against}</span>
    </p>
  );
}

function toneOf(direction: Direction, goodWhen: 'up' | 'down'): string {
  if (direction === 'same') return 'text-muted-foreground';
  return direction === goodWhen
    ? 'text-emerald-700 dark:text-emerald-400'
    : 'text-red-700 dark:text-red-400';
}
