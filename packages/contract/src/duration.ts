const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const countFormat = new Intl.NumberFormat('pt-BR');

/**
 * A span of time as the product status texts write it (time given back, time frozen): its two
 * largest units among days, hours and minutes, cut down to the minute — "2 d 4 h", "3 h 15 min",
 * "45 min", "2 d". Under a minute: "menos de 1 min"; nothing at all: "0 min".
 */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms));
  if (total === 0) return '0 min';
  if (total < MINUTE_MS) return 'menos de 1 min';
  const days = Math.floor(total / DAY_MS);
  const hours = Math.floor((total % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((total % HOUR_MS) / MINUTE_MS);
  const parts =
    days > 0
      ? [`${countFormat.format(days)} d`, hours > 0 ? `${String(hours)} h` : '']
      : hours > 0
        ? [`${String(hours)} h`, minutes > 0 ? `${String(minutes)} min` : '']
        : [`${String(minutes)} min`];
  return parts.filter((part) => part !== '').join(' ');
}
