import { pluralWord } from '@chaveiro/contract';
/** pt-BR texts of /dashboard/support the spec leaves open (server messages come from the API). */
export const texts = {
  title: 'Suporte',
  subtitle: 'Abra um ticket e acompanhe aqui as respostas da nossa equipe.',
  newTicket: 'Novo ticket',
  list: {
    title: 'Meus tickets',
    loading: 'Carregando...',
    emptyTitle: 'Nenhum ticket por aqui',
    emptyBody:
      'Precisa de ajuda com um pagamento, uma chave ou o loader? Abra um ticket e nossa equipe responde por aqui.',
    emptyFiltered: 'Nenhum ticket com este status.',
    updated: (relative: string) => `Atualizado ${relative}`,
    noun: (total: number) => pluralWord(total, 'ticket', 'tickets'),
  },
  create: {
    title: 'Novo ticket',
    description: 'Conte o que aconteceu. Quanto mais detalhes, mais rápido conseguimos ajudar.',
    subject: 'Assunto',
    subjectPlaceholder: 'Ex.: Depósito não creditado',
    message: 'Mensagem',
    messagePlaceholder: 'Descreva o problema, com datas, valores ou a chave envolvida.',
    submit: 'Abrir ticket',
    cancel: 'Cancelar',
  },
  thread: {
    openedAt: (date: string) => `Aberto em ${date}`,
    close: 'Fechar ticket',
    closeTitle: 'Fechar este ticket?',
    closeDescription:
      'Feche quando o seu problema estiver resolvido. Um ticket fechado não recebe novas mensagens.',
    closeConfirm: 'Fechar ticket',
    cancel: 'Cancelar',
    closedNotice: 'Este ticket foi fechado. Se precisar de mais ajuda, abra um novo ticket.',
    waiting:
      'Recebemos sua mensagem. Nossa equipe responde por aqui e avisa você no sino de notificações.',
  },
} as const;
