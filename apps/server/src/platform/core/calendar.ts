/** Brazilian business dates (a reseller's "this month") follow São Paulo's calendar. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, epochMs: number) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `epochMs` (negative west of Greenwich). */
function offsetAt(timeZone: string, epochMs: number): number {
  const p = partsIn(timeZone, epochMs);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

/** The instant the calendar month holding `epochMs` began in `timeZone` (the 1st, 00:00). */
export function startOfMonthIn(timeZone: string, epochMs: number): number {
  const { year, month } = partsIn(timeZone, epochMs);
  const midnightAsUtc = Date.UTC(year, month - 1, 1);
  // The offset at the guess is right unless a DST change falls in those hours: check once more.
  const guess = midnightAsUtc - offsetAt(timeZone, midnightAsUtc);
  return midnightAsUtc - offsetAt(timeZone, guess);
}

/** The calendar day holding `epochMs` in `timeZone`, as YYYY-MM-DD (rollups' `day`). */
export function dayIn(timeZone: string, epochMs: number): string {
  const { year, month, day } = partsIn(timeZone, epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

/** The calendar day `n` days after `day` (before when negative), both YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The instant `day` (YYYY-MM-DD) began in `timeZone` (its 00:00 there). */
export function startOfDayIn(timeZone: string, day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, date);
  // As startOfMonthIn: the offset at the guess is right unless a DST change falls in between.
  const guess = midnightAsUtc - offsetAt(timeZone, midnightAsUtc);
  return midnightAsUtc - offsetAt(timeZone, guess);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `epochMs`, in ms (São Paulo: -3 h). */
export function utcOffsetIn(timeZone: string, epochMs: number): number {
  return offsetAt(timeZone, epochMs);
}

/** A stretch of time over which a zone's UTC offset does not change. */
export interface OffsetSegment {
  /** The offset (ms, as utcOffsetIn) from the previous segment's end... */
  offsetMs: number;
  /** ...until this instant (excluded); null for the last segment. */
  until: number | null;
}

/**
 * The offsets `timeZone` used between `from` and `to`, in order, with the exact instants they
 * changed (daylight saving): lets SQL turn epoch ms into local days with plain arithmetic (one
 * segment for São Paulo since 2019). Changes are found by looking once a day, so zones that
 * change twice within a day are beyond it (none does).
 */
export function utcOffsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const DAY = 86_400_000;
  const segments: OffsetSegment[] = [];
  let offsetMs = offsetAt(timeZone, from);
  for (let at = from; at < to; at += DAY) {
    const next = Math.min(at + DAY, to);
    const nextOffset = offsetAt(timeZone, next);
    if (nextOffset === offsetMs) continue;
    // The first instant of the new offset, between `at` (old) and `next` (new).
    let low = at;
    let high = next;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(timeZone, middle) === offsetMs) low = middle;
      else high = middle;
    }
    segments.push({ offsetMs, until: high });
    offsetMs = nextOffset;
  }
  segments.push({ offsetMs, until: null });
  return segments;
}

/** dd/MM/yyyy HH:mm as a Brazilian reads it (São Paulo time). */
export function formatBusinessDateTime(epochMs: number): string {
  const p = partsIn(BUSINESS_TIME_ZONE, epochMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${String(p.year)} ${two(p.hour)}:${two(p.minute)}`;
}
