import type { ProductOperationalStatus } from '@chaveiro/contract';
import { addDays, dayIn, startOfDayIn } from '../../platform/core/calendar.js';

/** One calendar day and the instants it spans, [start, end). */
export interface DaySpan {
  date: string;
  start: number;
  end: number;
}

/** A stretch of time with one status; `end` null while it lasts. */
export interface StatusStretch {
  status: ProductOperationalStatus;
  start: number;
  end: number | null;
}

/** Which status a day shows when several covered it: the worst one. */
const SEVERITY: Record<ProductOperationalStatus, number> = {
  operational: 0,
  updating: 1,
  unavailable: 2,
};

/**
 * The last `count` calendar days of `timeZone` up to the one holding `now`, oldest first. Each
 * day's bounds come from the zone's own midnights, so a day with a clock change spans 23 or 25
 * hours, as the analytics' days do.
 */
export function lastDays(timeZone: string, now: number, count: number): DaySpan[] {
  const today = dayIn(timeZone, now);
  const days: DaySpan[] = [];
  let start = startOfDayIn(timeZone, addDays(today, -(count - 1)));
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    const end = startOfDayIn(timeZone, addDays(date, 1));
    days.push({ date, start, end });
    start = end;
  }
  return days;
}

/**
 * Each day's worst status among the stretches that overlap it (operational when none does),
 * from the day `since` falls in: the days before are left out, so a product added last week
 * has a week of bars and the page draws the rest as "sem dados". Open stretches last until
 * `now`.
 */
export function worstStatusByDay(
  days: readonly DaySpan[],
  stretches: readonly StatusStretch[],
  since: number,
  now: number,
): { date: string; status: ProductOperationalStatus }[] {
  return days
    .filter((day) => day.end > since)
    .map((day) => {
      let status: ProductOperationalStatus = 'operational';
      for (const stretch of stretches) {
        const overlaps = stretch.start < day.end && (stretch.end ?? now) > day.start;
        if (overlaps && SEVERITY[stretch.status] > SEVERITY[status]) status = stretch.status;
      }
      return { date: day.date, status };
    });
}
