import { format, formatDistanceToNow } from 'date-fns';
import { ptBR } from 'date-fns/locale';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 0,00 (the non-breaking space Intl puts after R$ becomes a plain one). */
export function formatBRL(value: number): string {
  return brl.format(value).replace(/\u00a0/g, ' ');
}

/** dd/MM/yyyy HH:mm in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'dd/MM/yyyy HH:mm');
}

/** dd/MM/yyyy in the viewer's time zone. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'dd/MM/yyyy');
}

/** "há 5 minutos", "em 3 horas". */
export function formatRelative(iso: string): string {
  return formatDistanceToNow(new Date(iso), { locale: ptBR, addSuffix: true });
}
