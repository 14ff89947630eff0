import { plural } from '@chaveiro/contract';

/** pt-BR texts of the header bell. */
export const notificationTexts = {
  bell: 'Notificações',
  bellUnread: (count: number) => `Notificações (${plural(count, 'não lida', 'não lidas')})`,
  title: 'Notificações',
  markAll: 'Marcar todas como lidas',
  loading: 'Carregando...',
  error: 'Erro ao carregar as notificações.',
  empty: 'Nenhuma notificação',
  emptyHint: 'Avisos sobre assinaturas, depósitos e tickets aparecem aqui.',
  unread: 'Não lida',
  more: (shown: number) => `Mostrando as ${String(shown)} mais recentes.`,
} as const;
