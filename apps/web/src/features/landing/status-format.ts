// How the status page writes its dates, with the browser's Intl: lib/format's date-fns would
// add 9 KB gzip to a public page that writes three kinds of date (same pt-BR forms).

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const time = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A São Paulo calendar day as the API sends it (`2026-01-15`) as `15/01/2026`. */
export function formatStatusDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/** `15/01/2026 às 07:00`, in the visitor's time zone. */
export function formatStatusSince(instant: string): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dateTime.formatToParts(new Date(instant)).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} às ${part('hour')}:${part('minute')}`;
}

/** `07:00`, in the visitor's time zone. */
export function formatStatusTime(instant: string): string {
  return time.format(new Date(instant));
}
