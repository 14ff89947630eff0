/** The units a span of time is written in (customer texts, the Discord embed, SQL-built texts). */
export const DURATION_TEXT = {
  day: 'd',
  hour: 'h',
  minute: 'min',
  underAMinute: 'menos de 1 min',
} as const;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * A span as a customer reads it, in its two largest units, rounded down: `2 d 4 h`, `3 h 15 min`,
 * `12 min`; under a minute `menos de 1 min`. The notifications repository builds the same text in
 * SQL for its set-based notices: change both together.
 */
export function formatDuration(ms: number): string {
  const { day, hour, minute, underAMinute } = DURATION_TEXT;
  if (ms < MINUTE_MS) return underAMinute;
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  if (days > 0) return hours > 0 ? `${days} ${day} ${hours} ${hour}` : `${days} ${day}`;
  if (hours > 0) return minutes > 0 ? `${hours} ${hour} ${minutes} ${minute}` : `${hours} ${hour}`;
  return `${minutes} ${minute}`;
}
