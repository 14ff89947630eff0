import type { ProductOperationalStatus, PublicStatus } from '@chaveiro/contract';

const DAY_MS = 86_400_000;

/** One day of a product's bar: its worst status, or null before the product existed. */
export interface HistoryCell {
  /** A São Paulo calendar day, `2026-01-15`. */
  date: string;
  status: ProductOperationalStatus | null;
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The server's "today": every product's days end on it. The answer's own date when no product
 * has a day yet.
 */
export function todayOf(status: PublicStatus): string {
  const lastDays = status.products.flatMap((product) => product.days.at(-1)?.date ?? []);
  return lastDays.sort().at(-1) ?? status.generatedAt.slice(0, 10);
}

/**
 * `count` cells ending on `today`, oldest first. The server leaves out the days before a product
 * existed; they are drawn as "sem dados" so every bar has the same length.
 */
export function historyCells(
  days: PublicStatus['products'][number]['days'],
  today: string,
  count: number,
): HistoryCell[] {
  const statusOf = new Map(days.map((day) => [day.date, day.status]));
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(today, index - (count - 1));
    return { date, status: statusOf.get(date) ?? null };
  });
}
