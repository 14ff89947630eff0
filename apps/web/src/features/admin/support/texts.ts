import { pluralWord } from '@chaveiro/contract';
/** pt-BR texts of /admin/support the spec leaves open (server messages come from the API). */
export const supportTexts = {
  title: 'Suporte',
  subtitle: 'Responda e feche os tickets de clientes e revendedores.',
  list: {
    title: 'Tickets',
    description: 'Os mais recentes primeiro. Abertos aguardam a resposta da equipe.',
    search: 'Buscar por assunto ou username',
    columns: { subject: 'Assunto', user: 'Usuário', status: 'Status', updated: 'Atualizado' },
    loading: 'Carregando...',
    empty: 'Nenhum ticket.',
    noMatch: 'Nenhum ticket encontrado.',
    noun: (total: number) => pluralWord(total, 'ticket', 'tickets'),
  },
  thread: {
    from: (username: string, date: string) => `De ${username} · aberto em ${date}`,
    close: 'Fechar',
    closeTitle: 'Fechar este ticket?',
    closeDescription: 'O cliente não poderá mais responder neste ticket; ele pode abrir outro.',
    closeConfirm: 'Fechar ticket',
    cancel: 'Cancelar',
    closedNotice: 'Ticket fechado: não recebe novas mensagens.',
    replyLabel: 'Resposta',
    replySubmit: 'Responder',
  },
} as const;
