import { format } from 'date-fns';

/** dd/MM/yyyy HH:mm in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'dd/MM/yyyy HH:mm');
}
