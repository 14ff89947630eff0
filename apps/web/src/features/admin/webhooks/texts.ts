import { pluralWord, type WebhookEventType } from '@chaveiro/contract';
import { formatCount } from '@/lib/format';

/**
 * pt-BR texts of /admin/webhooks; event labels, limits and the server's messages come from the
 * contract.
 */
export const webhooksTexts = {
  title: 'Webhooks',
  subtitle:
    'Avise sua loja, seu sistema ou um canal do Discord quando algo acontece no Chaveiro: cada evento é enviado por POST, assinado, com novas tentativas em caso de falha.',
  list: {
    title: 'Endpoints',
    description: (max: number) =>
      `Até ${max} endpoints. URLs do Discord recebem uma mensagem pronta.`,
    add: 'Adicionar endpoint',
    loading: 'Carregando endpoints…',
    empty: 'Nenhum endpoint cadastrado.',
    noun: (total: number) => pluralWord(total, 'endpoint', 'endpoints'),
    columns: {
      url: 'URL',
      description: 'Descrição',
      events: 'Eventos',
      enabled: 'Ativo',
      lastDelivery: 'Última entrega',
      actions: 'Ações',
    },
    eventsCount: (count: number) => `${count} ${pluralWord(count, 'evento', 'eventos')}`,
    noDescription: 'Sem descrição',
    discord: 'Discord',
    noDelivery: 'Nenhuma entrega ainda',
    enable: (url: string) => `Endpoint ${url} ativo`,
    actionsOf: (url: string) => `Ações do endpoint ${url}`,
    deliveries: 'Ver entregas',
    deliveriesOf: (url: string) => `Ver entregas de ${url}`,
  },
  actions: {
    edit: 'Editar',
    test: 'Enviar teste',
    rollSecret: 'Gerar novo segredo',
    delete: 'Excluir',
  },
  form: {
    createTitle: 'Adicionar endpoint',
    editTitle: 'Editar endpoint',
    createDescription:
      'Informe a URL que receberá os eventos (http ou https). Para o Discord, cole a URL do webhook do canal.',
    editDescription: 'A URL, a descrição e os eventos podem mudar; o segredo continua o mesmo.',
    url: 'URL',
    urlPlaceholder: 'https://minhaloja.com.br/webhooks/chaveiro',
    description: 'Descrição (opcional)',
    descriptionPlaceholder: 'Ex.: Loja virtual, canal #vendas',
    events: 'Eventos',
    selectAll: 'Selecionar todos',
    cancel: 'Cancelar',
    create: 'Adicionar endpoint',
    save: 'Salvar',
  },
  eventGroups: [
    {
      title: 'Vendas e pagamentos',
      events: ['purchase.completed', 'deposit.paid', 'deposit.refunded'],
    },
    {
      title: 'Chaves e assinaturas',
      events: [
        'key.redeemed',
        'subscription.expiring',
        'subscription.expired',
        'subscription.paused',
        'subscription.resumed',
      ],
    },
    { title: 'Usuários', events: ['user.registered', 'user.banned'] },
    {
      title: 'Máquinas e loader',
      events: ['hwid.reset', 'machine.bound', 'loader.hwid_mismatch'],
    },
  ] satisfies { title: string; events: WebhookEventType[] }[],
  secret: {
    createdTitle: 'Endpoint criado',
    rolledTitle: 'Novo segredo de assinatura',
    label: 'Segredo de assinatura',
    copy: 'Copiar',
    close: 'Já guardei, fechar',
    hint: 'Use-o para conferir o cabeçalho Chaveiro-Signature de cada entrega. Ele não será mostrado de novo.',
  },
  rollSecret: {
    title: 'Gerar novo segredo?',
    description: (url: string) =>
      `O segredo atual de ${url} deixa de valer na hora: entregas seguintes serão assinadas com o novo. Atualize o seu sistema em seguida.`,
    confirm: 'Gerar novo segredo',
    cancel: 'Cancelar',
  },
  delete: {
    title: 'Excluir endpoint?',
    description: (url: string) =>
      `${url} deixará de receber eventos e o histórico de entregas dele será apagado. Esta ação não pode ser desfeita.`,
    confirm: 'Excluir endpoint',
    cancel: 'Cancelar',
  },
  explainer: {
    title: 'Verificando a assinatura',
    description:
      'Cada entrega traz o cabeçalho Chaveiro-Signature. Confira-o antes de confiar no evento:',
    steps: [
      'Separe t (horário Unix) e v1 (assinatura) do cabeçalho.',
      'Calcule HMAC-SHA256 de "t.corpo" (o corpo cru da requisição) com o segredo do endpoint.',
      'Compare com v1 em tempo constante e recuse horários com mais de 5 minutos.',
      'Use o id do evento para ignorar repetições: uma entrega pode chegar mais de uma vez.',
    ],
    sample: 'Chaveiro-Signature: t=1764374400,v1=5257a869e7…',
  },
  endpoint: {
    back: 'Voltar aos webhooks',
    notFound: 'Endpoint não encontrado. Ele pode ter sido excluído.',
    loading: 'Carregando endpoint…',
    createdAt: (when: string) => `Criado em ${when}`,
    events: 'Eventos',
    enabled: 'Ativo',
  },
  deliveries: {
    title: 'Entregas',
    description: 'As mais recentes primeiro. Entregas pendentes são atualizadas automaticamente.',
    refresh: 'Atualizar',
    loading: 'Carregando entregas…',
    empty: 'Nenhuma entrega por aqui.',
    noun: (total: number) => pluralWord(total, 'entrega', 'entregas'),
    filterLabel: 'Status',
    filters: { all: 'Todas', pending: 'Pendentes', succeeded: 'Entregues', failed: 'Falharam' },
    columns: {
      event: 'Evento',
      status: 'Status',
      attempts: 'Tentativas',
      response: 'Resposta',
      duration: 'Duração',
      at: 'Quando',
      nextAttempt: 'Próxima tentativa',
      actions: 'Ações',
    },
    durationMs: (ms: number) => `${formatCount(ms)} ms`,
    noResponse: 'Sem resposta',
    none: '—',
    details: 'Detalhes',
    detailsOf: (event: string, when: string) => `Detalhes da entrega de ${event} em ${when}`,
    responseExcerpt: 'Resposta do receptor',
    error: 'Erro',
    eventId: 'ID do evento',
    noDetails: 'Nada registrado para esta entrega ainda.',
    resend: 'Reenviar',
    resendOf: (event: string, when: string) => `Reenviar ${event} de ${when}`,
  },
  status: { pending: 'Pendente', succeeded: 'Entregue', failed: 'Falhou' },
} as const;
