/** pt-BR texts of the support pieces both the customer and the staff screens use. */
export const supportTexts = {
  statusFilter: 'Status',
  statusAll: 'Todos',
  statusFilterOptions: { open: 'Abertos', answered: 'Respondidos', closed: 'Fechados' },
  you: 'Você',
  supportTeam: 'Equipe de suporte',
  staffSuffix: '(equipe)',
  deletedAccount: 'Conta excluída',
  threadLabel: 'Mensagens do ticket',
  replyLabel: 'Sua mensagem',
  replyPlaceholder: 'Escreva aqui…',
  replyHint: 'Ctrl + Enter envia.',
  send: 'Enviar',
  characters: (used: number, max: number) => `${String(used)}/${String(max)}`,
  back: 'Voltar para os tickets',
  ticketLoading: 'Carregando...',
  ticketNotFound: 'Ticket não encontrado.',
} as const;
