const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Dates in customer messages are Brazilian: dd/MM/yyyy in São Paulo time. */
const date = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Integer cents as `R$ 1.234,56` (a plain space after R$, like the web shows it). */
export function formatCents(cents: number): string {
  return currency.format(cents / 100).replace(/\u00a0/g, ' ');
}

/**
 * An amount in any currency as a Brazilian reads it (`US$ 1.234,56`); a code Intl does not know
 * is shown as sent, before the number (`XYZ 1.234,56`).
 */
export function formatMoney(amount: number, currencyCode: string): string {
  let formatted: string;
  try {
    formatted = new Intl.NumberFormat('pt-BR', {
      style: 'currency',
      currency: currencyCode,
    }).format(amount);
  } catch {
    const number = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(amount);
    formatted = `${currencyCode} ${number}`;
  }
  return formatted.replace(/\u00a0/g, ' ');
}

/** Epoch ms as dd/MM/yyyy in São Paulo time. */
export function formatBrDate(epochMs: number): string {
  return date.format(new Date(epochMs));
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Epoch ms as dd/MM/yyyy HH:mm in São Paulo time. */
export function formatBrDateTime(epochMs: number): string {
  return dateTime.format(new Date(epochMs)).replace(',', '');
}

/**
 * The last millisecond of a calendar day (YYYY-MM-DD) in São Paulo time (UTC-3 all year since
 * 2019), e.g. a 'Resgatar até' date.
 */
export function endOfBrDay(date: string): number {
  return Date.parse(`${date}T23:59:59.999-03:00`);
}
