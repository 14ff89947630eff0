import { pluralWord } from '@chaveiro/contract';
/**
 * pt-BR text of /admin/resellers that the spec leaves open. Validation messages and the success
 * toasts come from the contract's `messages` and the server.
 */
export const resellersTexts = {
  title: 'Revendedores',
  subtitle: 'Crie revendedores ou promova clientes e ajuste o saldo que eles usam para vender.',

  create: {
    title: 'Novo revendedor',
    description: 'Crie uma conta nova ou promova um cliente existente a revendedor.',
    typeLegend: 'Tipo de cadastro',
    typeNew: 'Criar novo usuário',
    typeExisting: 'Usar cliente existente',
    username: 'Username',
    email: 'E-mail',
    password: 'Senha',
    client: 'Cliente',
    initialBalance: 'Saldo inicial (R$)',
    initialBalanceHint: 'Opcional. Em branco, o revendedor começa com R$ 0,00.',
    submitNew: 'Criar revendedor',
    submitExisting: 'Promover a revendedor',
  },

  clients: {
    search: 'Buscar cliente por username',
    hint: 'Mostra até 50 clientes em ordem alfabética; digite o início do username para filtrar.',
    listLabel: 'Clientes',
    loading: 'Carregando...',
    error: 'Erro ao carregar clientes.',
    empty: 'Nenhum cliente encontrado.',
    selected: (username: string) => `Selecionado: ${username}`,
  },

  list: {
    title: 'Revendedores cadastrados',
    description: 'Busque por username ou e-mail.',
    search: 'Buscar por username ou e-mail',
    columns: { reseller: 'Revendedor', balance: 'Saldo', status: 'Status', actions: 'Ações' },
    loading: 'Carregando...',
    empty: 'Nenhum revendedor cadastrado.',
    noMatch: 'Nenhum revendedor encontrado.',
    noun: (total: number) => pluralWord(total, 'revendedor', 'revendedores'),
    active: 'Ativo',
    banned: 'Banido',
  },

  actions: {
    menu: (username: string) => `Ações do revendedor ${username}`,
    balance: 'Adicionar/remover saldo',
    edit: 'Alterar dados',
    ban: 'Banir',
    unban: 'Desbanir',
  },

  balance: {
    title: 'Adicionar ou remover saldo',
    description: (username: string, balance: string) => `Saldo atual de ${username}: ${balance}.`,
    amount: 'Valor (R$)',
    amountHint: 'Use um valor negativo para remover saldo.',
    after: (balance: string) => `Saldo após a alteração: ${balance}`,
    save: 'Salvar',
    cancel: 'Cancelar',
  },

  ledger: {
    title: 'Movimentações recentes',
    loading: 'Carregando...',
    error: 'Erro ao carregar as movimentações.',
    empty: 'Nenhuma movimentação registrada.',
    balanceAfter: (balance: string) => `Saldo: ${balance}`,
    by: (actor: string) => `por ${actor}`,
    deletedActor: 'por conta excluída',
    more: (shown: number, total: number) =>
      `Mostrando as ${String(shown)} mais recentes de ${String(total)}.`,
  },

  edit: {
    title: 'Alterar dados',
    description: (username: string) => `Dados de acesso de ${username}.`,
    username: 'Username',
    email: 'E-mail',
    password: 'Nova senha (opcional)',
    passwordHint: 'Em branco, a senha atual é mantida. Uma nova senha encerra as sessões abertas.',
    save: 'Salvar alterações',
    cancel: 'Cancelar',
  },

  status: {
    banTitle: 'Banir revendedor?',
    banDescription: (username: string) =>
      `${username} perde o acesso imediatamente e as sessões abertas são encerradas.`,
    unbanTitle: 'Desbanir revendedor?',
    unbanDescription: (username: string) => `${username} poderá entrar novamente.`,
    cancel: 'Cancelar',
  },
} as const;
