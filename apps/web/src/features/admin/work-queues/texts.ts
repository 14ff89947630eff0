import { plural } from '@chaveiro/contract';

/** pt-BR text of the sidebar's work-queue badges. */
export const workQueueTexts = {
  pendingDeposits: (count: number) =>
    `${plural(count, 'depósito', 'depósitos')} aguardando aprovação`,
  openTickets: (count: number) => `${plural(count, 'ticket', 'tickets')} aguardando resposta`,
  openSecurityEvents: (count: number) =>
    `${plural(count, 'evento', 'eventos')} de segurança em aberto`,
};
