import { pluralWord } from '@chaveiro/contract';

/**
 * pt-BR texts of "Tokens de API" (admin and reseller); scope labels, limits and the server's
 * messages come from the contract.
 */
export const apiTokensTexts = {
  title: 'Tokens de API',
  subtitle:
    'Tokens para sua loja, scripts ou bot do Discord acessarem a API do Chaveiro em seu nome, com as permissões que você escolher.',
  explainer: {
    title: 'Como usar',
    description: 'Envie o token no cabeçalho Authorization de cada chamada a /api/v1:',
    headerSample: 'Authorization: Bearer chv_live_…',
    example: 'Por exemplo, para listar os produtos:',
    curlSample: (origin: string) =>
      `curl -H "Authorization: Bearer chv_live_…" ${origin}/api/v1/products`,
    rateLimit: (max: number, seconds: number) =>
      `Cada token pode fazer até ${max} requisições a cada ${seconds} segundos.`,
  },
  list: {
    title: 'Seus tokens',
    description: 'O token completo só aparece uma vez, ao criar. Aqui fica o início dele.',
    create: 'Criar token',
    loading: 'Carregando tokens…',
    empty: 'Nenhum token criado ainda.',
    noun: (total: number) => pluralWord(total, 'token', 'tokens'),
    columns: {
      name: 'Nome',
      prefix: 'Token',
      scopes: 'Permissões',
      status: 'Status',
      createdAt: 'Criado em',
      expiresAt: 'Expira em',
      lastUsed: 'Último uso',
      actions: 'Ações',
    },
    never: 'Sem validade',
    neverUsed: 'Nunca usado',
    lastUsedIp: (ip: string) => `IP ${ip}`,
    revoke: 'Revogar',
    revokeOf: (name: string) => `Revogar o token ${name}`,
    revokedAt: (when: string) => `Revogado em ${when}`,
    revokedReason: (reason: string) => `Motivo: ${reason}`,
  },
  status: {
    active: 'Ativo',
    expired: 'Expirado',
    revoked: 'Revogado',
  },
  create: {
    title: 'Criar token',
    description:
      'Dê um nome que lembre onde ele será usado e conceda só as permissões necessárias.',
    name: 'Nome',
    namePlaceholder: 'Ex.: Loja virtual, Bot do Discord',
    scopes: 'Permissões',
    selectAll: 'Selecionar todas',
    expiry: 'Validade',
    expiryDays: (days: number) => `${days} dias`,
    never: 'Sem validade',
    neverHint: 'Um token sem validade vale até ser revogado.',
    cancel: 'Cancelar',
    submit: 'Criar token',
  },
  created: {
    title: 'Token criado',
    label: 'Token',
    copy: 'Copiar',
    close: 'Já copiei, fechar',
    usage: 'Use-o assim:',
  },
  revoke: {
    title: 'Revogar token?',
    description: (name: string, prefix: string) =>
      `O token "${name}" (${prefix}…) deixará de funcionar imediatamente. Quem o usa passará a receber erro 401. Esta ação não pode ser desfeita.`,
    cancel: 'Cancelar',
    confirm: 'Revogar token',
  },
} as const;
