import type { ProductOperationalStatus } from '@chaveiro/contract';
import { PRODUCT_OPERATIONAL_LABELS, PRODUCT_STATUS_LIMITS, plural } from '@chaveiro/contract';

/**
 * How often the open page asks again. The server's answer may be up to 30 s old (its cache
 * and the browser's, `max-age=30`), so asking every 30 s shows a change within a minute.
 */
export const STATUS_POLL_MS = 30_000;

/**
 * Days each product's bar draws: the server's whole history where there is room, fewer on
 * narrow screens (cells stay wide enough to point at, and a phone builds a third of them).
 */
export const STATUS_BAR_DAYS = [
  { query: '(max-width: 639.98px)', days: 30 },
  { query: '(max-width: 767.98px)', days: 60 },
] as const;
export const STATUS_HISTORY_DAYS = PRODUCT_STATUS_LIMITS.historyDays;

/** Colours and words of each status; the words are the contract's, as everywhere else. */
export const STATUS_TONES: Record<
  ProductOperationalStatus,
  { label: string; text: string; fill: string }
> = {
  operational: {
    label: PRODUCT_OPERATIONAL_LABELS.operational,
    text: 'text-emerald-700 dark:text-emerald-400',
    fill: 'bg-emerald-500',
  },
  updating: {
    label: PRODUCT_OPERATIONAL_LABELS.updating,
    text: 'text-amber-700 dark:text-amber-400',
    fill: 'bg-amber-500',
  },
  unavailable: {
    label: PRODUCT_OPERATIONAL_LABELS.unavailable,
    text: 'text-red-700 dark:text-red-400',
    fill: 'bg-red-500',
  },
};

/** The public status page's copy. */
export const STATUS_TEXT = {
  eyebrow: 'Transparência',
  title: 'Status dos produtos',
  intro:
    'Veja se cada produto está funcionando agora e como foram os últimos 90 dias. Esta página se atualiza sozinha.',
  loading: 'Carregando o status dos produtos…',
  needsJavaScript: 'Ative o JavaScript do navegador para ver o status dos produtos.',
  loadFailed:
    'Não foi possível carregar o status dos produtos. Verifique sua conexão e tente novamente.',
  retry: 'Tentar novamente',
  refreshFailed: (time: string) =>
    `Não foi possível atualizar agora. Mostrando o status das ${time}; tentaremos de novo em instantes.`,
  updatedAt: (time: string) => `Atualizado às ${time}`,
  allOperational: 'Todos os sistemas operacionais',
  affected: (count: number) =>
    `${plural(count, 'produto afetado', 'produtos afetados')} no momento`,
  affectedDetail: (unavailable: number, updating: number) =>
    [
      unavailable > 0 ? plural(unavailable, 'indisponível', 'indisponíveis') : '',
      updating > 0 ? plural(updating, 'em atualização', 'em atualização') : '',
    ]
      .filter(Boolean)
      .join(' · '),
  noProducts: 'Nenhum produto à venda no momento.',
  since: (when: string) => `desde ${when}`,
  productsLabel: 'Produtos',
  historyLabel: (name: string) => `Histórico dos últimos dias de ${name}`,
  noData: 'Sem dados',
  day: (date: string, status: string) => `${date}: ${status}`,
  daysAgo: (days: number) => `${String(days)} dias atrás`,
  today: 'Hoje',
  /** Under the bar, between "N dias atrás" and "Hoje": the same window. */
  incidents: (days: number) =>
    days === 0 ? 'Sem ocorrências' : plural(days, 'dia com ocorrência', 'dias com ocorrências'),
} as const;
