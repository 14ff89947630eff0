/** pt-BR text of /admin/outbox (deliveries of domain events that used up their retries). */
export const outboxTexts = {
  title: 'Entregas com falha',
  subtitle:
    'Reações a eventos (e-mails, notificações, XP, pedidos) que falharam em todas as tentativas. Corrija a causa e reprocesse.',
  cardTitle: 'Entregas paradas',
  cardDescription: 'Os eventos mais recentes primeiro, 20 por página.',
  columns: {
    event: 'Evento',
    handler: 'Destino',
    occurredAt: 'Ocorrido em',
    attempts: 'Tentativas',
    lastError: 'Último erro',
    actions: 'Ações',
  },
  loading: 'Carregando entregas…',
  empty: 'Nenhuma entrega com falha. Tudo em dia!',
  noError: 'Sem mensagem de erro.',
  requeue: 'Reprocessar',
  requeueLabel: (type: string, handler: string) => `Reprocessar ${type} para ${handler}`,
  previous: 'Página anterior',
  next: 'Próxima página',
  page: (page: number) => `Página ${page}`,
} as const;
