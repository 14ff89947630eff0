import { formatSignedPercent } from '@/lib/format';

export type Direction = 'up' | 'down' | 'same';

export interface Change {
  direction: Direction;
  /** current − previous. */
  difference: number;
  /** The difference over the previous value; null when the previous value is 0. */
  ratio: number | null;
}

/** How a figure moved from `previous` to `current`. */
export function changeOf(current: number, previous: number): Change {
  const difference = current - previous;
  return {
    direction: difference > 0 ? 'up' : difference < 0 ? 'down' : 'same',
    difference,
    ratio: previous === 0 ? null : difference / Math.abs(previous),
  };
}

/** `+8,5%`, or null without a previous value to compare with. */
export function percentOf(change: Change): string | null {
  return change.ratio === null ? null : formatSignedPercent(change.ratio);
}
