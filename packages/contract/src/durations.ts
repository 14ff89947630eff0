const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A span of time in pt-BR short form, its two largest units: `2 d 4 h`, `3 h 10 min`, `45 min`,
 * `1 d`; under a minute `menos de 1 min`, zero `0 min`. Shown for the time a product's freeze
 * gave back (the server's messages and mail, and the web).
 */
export function formatDurationShort(ms: number): string {
  if (ms <= 0) return '0 min';
  if (ms < MINUTE_MS) return 'menos de 1 min';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const parts: string[] = [];
  if (days > 0) parts.push(`${days.toLocaleString('pt-BR')} d`);
  if (hours > 0) parts.push(`${hours} h`);
  if (days === 0 && minutes > 0) parts.push(`${minutes} min`);
  return parts.slice(0, 2).join(' ') || '0 min';
}
