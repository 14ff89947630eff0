import { pluralWord } from '@chaveiro/contract';
/** pt-BR texts of /admin/deposits; validation and success messages come from the contract. */
export const depositsTexts = {
  title: 'Depósitos',
  subtitle:
    'PIX manual: confira o extrato e aprove pelo código de referência. Mercado Pago: a confirmação é automática.',

  filters: {
    label: 'Status',
    pending: 'Pendentes',
    approved: 'Aprovados',
    rejected: 'Recusados',
    cancelled: 'Cancelados',
    expired: 'Expirados',
    refunded: 'Estornados',
    all: 'Todos',
  },
  list: {
    title: 'Depósitos dos clientes',
    description: 'Busque pelo username, e-mail ou código de referência.',
    search: 'Buscar por usuário ou referência',
    columns: {
      user: 'Usuário',
      amount: 'Valor',
      reference: 'Referência',
      createdAt: 'Criado em',
      status: 'Status',
      actions: 'Ações',
    },
    loading: 'Carregando...',
    empty: {
      pending: 'Nenhum depósito aguardando aprovação.',
      approved: 'Nenhum depósito aprovado.',
      rejected: 'Nenhum depósito recusado.',
      cancelled: 'Nenhuma cobrança cancelada.',
      expired: 'Nenhuma cobrança expirada.',
      refunded: 'Nenhum depósito estornado.',
      all: 'Nenhum depósito registrado.',
    },
    noMatch: 'Nenhum depósito encontrado.',
    noun: (total: number) => pluralWord(total, 'depósito', 'depósitos'),
    decidedBy: (admin: string, when: string) => `por ${admin} em ${when}`,
    decidedAt: (when: string) => `em ${when}`,
    reason: (reason: string) => `Motivo: ${reason}`,
    gateway: (id: string) => `Mercado Pago #${id}`,
    gatewayStatus: (status: string) => `Status no MP: ${status}`,
    payer: (who: string) => `Pagador: ${who}`,
    paidAt: (when: string) => `Pago em ${when}`,
    refundedAt: (when: string) => `Estornado em ${when}`,
    expiresAt: (when: string) => `Expira em ${when}`,
    flags: {
      amount_mismatch: 'Valor divergente: não creditado',
      negative_balance: 'Saldo não cobriu o estorno',
    },
    uncovered: (amount: string) => `${amount} a cobrar do cliente`,
  },
  actions: {
    approve: 'Aprovar',
    reject: 'Recusar',
    approveOf: (reference: string) => `Aprovar depósito ${reference}`,
    rejectOf: (reference: string) => `Recusar depósito ${reference}`,
    cancel: 'Cancelar cobrança',
    cancelOf: (reference: string) => `Cancelar cobrança do depósito ${reference}`,
    refund: 'Estornar',
    refundOf: (reference: string) => `Estornar depósito ${reference}`,
  },
  cancel: {
    title: 'Cancelar cobrança?',
    description: (amount: string, username: string, reference: string) =>
      `A cobrança PIX de ${amount} de ${username} (referência ${reference}) será cancelada no Mercado Pago e não poderá mais ser paga.`,
    confirm: 'Cancelar cobrança',
    cancel: 'Voltar',
  },
  refund: {
    title: 'Estornar depósito?',
    description: (amount: string, username: string, reference: string) =>
      `${amount} voltam para o pagador pelo Mercado Pago e saem do saldo de ${username} (referência ${reference}). Se o saldo não cobrir, a diferença fica sinalizada.`,
    confirm: 'Estornar',
    cancel: 'Voltar',
  },
  approve: {
    title: 'Aprovar depósito?',
    description: (amount: string, username: string, reference: string) =>
      `${amount} serão creditados no saldo de ${username}. Confirme antes que o PIX com a referência ${reference} está no extrato.`,
    confirm: 'Aprovar e creditar',
    cancel: 'Cancelar',
  },
  reject: {
    title: 'Recusar depósito',
    description: (amount: string, username: string, reference: string) =>
      `Depósito de ${amount} de ${username} (referência ${reference}). O cliente verá o motivo.`,
    reason: 'Motivo da recusa',
    reasonPlaceholder: 'Ex.: PIX não encontrado no extrato.',
    confirm: 'Recusar depósito',
    cancel: 'Cancelar',
  },
  pix: {
    title: 'Pagamentos',
    description:
      'Como os clientes pagam os depósitos: PIX para a sua chave (você aprova cada um) ou Mercado Pago (confirmação automática).',
    mode: 'Forma de recebimento',
    modes: { manual: 'PIX manual (minha chave)', mercadopago: 'Mercado Pago (automático)' },
    modeHint: {
      manual: 'O cliente paga o QR code da sua chave; confira o extrato e aprove cada depósito.',
      mercadopago:
        'O Mercado Pago gera a cobrança e avisa quando ela é paga: o saldo entra sozinho.',
    },
    key: 'Chave PIX',
    keyHint: 'CPF, CNPJ, e-mail, telefone com +55 ou chave aleatória.',
    beneficiary: 'Nome do beneficiário',
    beneficiaryHint: 'Como aparece no app do banco ao confirmar o PIX.',
    city: 'Cidade do beneficiário',
    cityHint: 'Vai no QR code (sem acentos, até 15 letras).',
    token: 'Access token',
    secret: 'Segredo do webhook',
    secretSet: 'Configurado. Deixe em branco para manter.',
    secretSetEnding: (last4: string) => `Configurado ••••${last4}. Deixe em branco para manter.`,
    secretMissing: 'Não configurado.',
    secretClearing: 'Será removido ao salvar.',
    secretPlaceholder: '••••••••',
    clearSecret: (label: string) => `Remover ${label.toLowerCase()}`,
    keepSecret: 'Manter o valor salvo',
    webhookUrl:
      'Cadastre no painel do Mercado Pago a URL de notificações (Webhooks, evento Pagamentos):',
    save: 'Salvar pagamentos',
    off: (mode: 'manual' | 'mercadopago') =>
      mode === 'manual'
        ? 'Depósitos desativados: nenhuma chave PIX configurada.'
        : 'Depósitos desativados: falta o access token do Mercado Pago.',
    on: (mode: 'manual' | 'mercadopago') =>
      mode === 'manual'
        ? 'Depósitos ativos por PIX manual.'
        : 'Depósitos ativos pelo Mercado Pago, com confirmação automática.',
    loading: 'Carregando...',
  },
} as const;
