const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const countFormat = new Intl.NumberFormat('pt-BR');

/**
 * A span of time the short pt-BR way, its two largest units, rounded down to the minute:
 * `2 d 4 h`, `3 h 10 min`, `45 min`, `2 d`. What a freeze gave back, how long a status lasted;
 * under a minute is `menos de 1 min` (something was given back), nothing is `0 min`.
 */
export function formatDurationShort(ms: number): string {
  const span = Math.max(0, Math.floor(ms));
  if (span === 0) return '0 min';
  if (span < MINUTE_MS) return 'menos de 1 min';
  const days = Math.floor(span / DAY_MS);
  const hours = Math.floor((span % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((span % HOUR_MS) / MINUTE_MS);
  if (days > 0)
    return hours > 0
      ? `${countFormat.format(days)} d ${String(hours)} h`
      : `${countFormat.format(days)} d`;
  if (hours > 0)
    return minutes > 0 ? `${String(hours)} h ${String(minutes)} min` : `${String(hours)} h`;
  return `${String(minutes)} min`;
}
