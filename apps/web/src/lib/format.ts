import { format, formatDistanceToNow, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

// The one home of how the web writes money, counts and dates (pt-BR, the viewer's time zone).

/** An ISO string from the API, epoch milliseconds or a Date. */
type DateInput = string | number | Date;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const count = new Intl.NumberFormat('pt-BR');

/** Reais as `R$ 1.234,56` (Intl's non-breaking space after R$ becomes a plain one). */
export function formatBRL(reais: number): string {
  return brl.format(reais).replace(/\u00a0/g, ' ');
}

/** A balance change with its sign: `+R$ 10,00`, `-R$ 5,00`. */
export function formatSignedBRL(reais: number): string {
  return reais > 0 ? `+${formatBRL(reais)}` : formatBRL(reais);
}

/** A whole number with thousands dots: `1.234`. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** `05/03/2026`. */
export function formatDate(date: DateInput): string {
  return format(new Date(date), 'dd/MM/yyyy');
}

/** `05/03/2026 12:00`. */
export function formatDateTime(date: DateInput): string {
  return format(new Date(date), 'dd/MM/yyyy HH:mm');
}

/** `05/03/2026 às 12:00`, where a sentence or a tooltip spells the time out. */
export function formatDateTimeAt(date: DateInput): string {
  return format(new Date(date), "dd/MM/yyyy 'às' HH:mm");
}

/** `há 5 minutos`, `em 3 horas`. */
export function formatRelative(date: DateInput): string {
  return formatDistanceToNow(new Date(date), { locale: ptBR, addSuffix: true });
}

/** Reais as `1.234,56`, for a money input's value. */
export function formatReaisInput(reais: number): string {
  return reais.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * Reads money typed the Brazilian way (`1.234,56`, `10,5`, `R$ 25`), also accepting a dot as
 * the decimal mark when it is followed by one or two digits only (`10.50`). Undefined when the
 * text is not an amount; the caller's schema checks the range and the decimals.
 */
export function parseReais(text: string): number | undefined {
  const compact = text.replace(/R\$|\s/gi, '');
  if (compact === '') return undefined;
  let normalised: string;
  if (compact.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d+(,\d*)?$/.test(compact)) return undefined;
    normalised = compact.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{1,2}$/.test(compact)) {
    normalised = compact;
  } else {
    if (!/^\d{1,3}(\.\d{3})+$|^\d+$/.test(compact)) return undefined;
    normalised = compact.replace(/\./g, '');
  }
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const compactBrl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A change as a signed percentage: `+8,5%`, `-12%`, `0%` (a ratio: 0.085 is 8,5%). */
export function formatSignedPercent(ratio: number): string {
  return percent.format(ratio);
}

/** Reais on a chart axis, where there is room for little: `R$ 1,2 mil`. */
export function formatCompactBRL(reais: number): string {
  return compactBrl.format(reais).replace(/\u00a0/g, ' ');
}

/** A São Paulo calendar day (`2026-11-18`, as the API sends it) as `18/11`. */
export function formatDayShort(day: string): string {
  return format(parseISO(day), 'dd/MM', { locale: ptBR });
}

/** A São Paulo calendar day as `18/11/2026`. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'dd/MM/yyyy', { locale: ptBR });
}

/** `12 h 30 min`, `45 min`, `2 h`, `0 min`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${String(rest)} min`;
  return rest === 0 ? `${formatCount(hours)} h` : `${formatCount(hours)} h ${String(rest)} min`;
}

const byteUnits = ['B', 'KB', 'MB', 'GB'] as const;

/** 1,5 MB */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${byteUnits[unit] ?? 'B'}`;
}
