import { pluralWord } from '@chaveiro/contract';
/** pt-BR texts of /admin/deposits; validation and success messages come from the contract. */
export const depositsTexts = {
  title: 'Depósitos',
  subtitle:
    'Confira no extrato do banco os PIX recebidos e aprove os depósitos pelo código de referência.',

  filters: {
    label: 'Status',
    pending: 'Pendentes',
    approved: 'Aprovados',
    rejected: 'Recusados',
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
      all: 'Nenhum depósito registrado.',
    },
    noMatch: 'Nenhum depósito encontrado.',
    noun: (total: number) => pluralWord(total, 'depósito', 'depósitos'),
    decidedBy: (admin: string, when: string) => `por ${admin} em ${when}`,
    decidedAt: (when: string) => `em ${when}`,
    reason: (reason: string) => `Motivo: ${reason}`,
  },
  actions: {
    approve: 'Aprovar',
    reject: 'Recusar',
    approveOf: (reference: string) => `Aprovar depósito ${reference}`,
    rejectOf: (reference: string) => `Recusar depósito ${reference}`,
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
    title: 'Dados do PIX',
    description:
      'A chave e o beneficiário aparecem nas instruções de cada depósito. Sem chave, os clientes não conseguem depositar.',
    key: 'Chave PIX',
    keyHint: 'CPF, CNPJ, e-mail, telefone com +55 ou chave aleatória.',
    beneficiary: 'Nome do beneficiário',
    beneficiaryHint: 'Como aparece no app do banco ao confirmar o PIX.',
    save: 'Salvar dados do PIX',
    off: 'Depósitos desativados: nenhuma chave PIX configurada.',
    on: 'Depósitos ativos.',
    loading: 'Carregando...',
  },
} as const;
