import { plural, pluralWord } from '@chaveiro/contract';
import type { BypassRegion } from '@chaveiro/contract';

/** pt-BR text of /admin/bypass; validation and toasts come from the contract's messages. */
export const bypassTexts = {
  title: 'Bypass API',
  subtitle: 'Whitelist de UIDs com tempo limitado e as chaves do serviço externo que a consulta.',

  create: {
    title: 'Adicionar UID',
    description: 'O tempo começa a contar assim que o UID é criado.',
    uid: 'UID',
    duration: 'Duração',
    durationPlaceholder: 'Selecione a duração',
    nickname: 'Apelido (opcional)',
    region: 'Região (opcional)',
    submit: 'Adicionar UID',
  },

  list: {
    title: 'UIDs cadastrados',
    description: 'O tempo restante diminui a cada segundo; pausar congela o tempo.',
    search: 'Buscar por UID ou apelido',
    columns: {
      uid: 'UID',
      nickname: 'Apelido',
      region: 'Região',
      remaining: 'Horas restantes',
      expiry: 'Expira em',
      actions: 'Ações',
    },
    loading: 'Carregando...',
    empty: 'Nenhum UID cadastrado.',
    noMatch: 'Nenhum UID encontrado.',
    noun: (total: number) => pluralWord(total, 'UID', 'UIDs'),
    paused: 'Pausado',
    expired: 'Expirado',
    edit: (uid: string) => `Editar UID ${uid}`,
    pause: (uid: string) => `Pausar UID ${uid}`,
    resume: (uid: string) => `Retomar UID ${uid}`,
    remove: (uid: string) => `Excluir UID ${uid}`,
    expiredCannotPause: 'Expirado: não pode ser pausado',
  },

  edit: {
    title: 'Editar UID',
    description: (uid: string) =>
      `Troque o UID ${uid}. O tempo restante e a pausa continuam iguais.`,
    newUid: 'Novo UID',
    cancel: 'Cancelar',
    save: 'Salvar',
  },

  remove: {
    title: 'Excluir o UID?',
    lead: 'O UID',
    description: 'sairá da whitelist imediatamente. Esta ação não pode ser desfeita.',
    cancel: 'Cancelar',
    confirm: 'Excluir UID',
  },

  regions: {
    BR: 'Brasil (BR)',
    NA: 'América do Norte (NA)',
    EU: 'Europa (EU)',
    ASIA: 'Ásia (ASIA)',
    unknown: 'Não informada',
  } satisfies Record<BypassRegion, string>,
  /** Badge text: the region code, or a dash when unknown. */
  regionBadge: {
    BR: 'BR',
    NA: 'NA',
    EU: 'EU',
    ASIA: 'ASIA',
    unknown: '—',
  } satisfies Record<BypassRegion, string>,
  durationLabel: (hours: number) => {
    return plural(hours / 24, 'dia', 'dias');
  },

  apiKeys: {
    title: 'Chaves de API',
    description:
      'O serviço externo consulta se um UID está liberado enviando uma destas chaves no cabeçalho X-Api-Key.',
    name: 'Nome da chave',
    namePlaceholder: 'Ex.: Servidor do jogo',
    create: 'Criar chave',
    columns: { name: 'Nome', prefix: 'Prefixo', createdAt: 'Criada em', state: 'Estado' },
    loading: 'Carregando...',
    empty: 'Nenhuma chave de API criada.',
    noun: (total: number) => pluralWord(total, 'chave', 'chaves'),
    active: 'Ativa',
    revoked: 'Revogada',
    revokedAt: (date: string) => `Revogada em ${date}`,
    revoke: (name: string, prefix: string) => `Revogar a chave ${name} (${prefix}…)`,
  },

  createdKey: {
    title: 'Chave de API criada',
    label: 'Chave de API',
    copy: 'Copiar chave',
    copied: 'Chave copiada!',
    copyFailed: 'Não foi possível copiar. Selecione a chave e copie manualmente.',
    close: 'Já copiei, fechar',
  },

  revokeKey: {
    title: 'Revogar a chave de API?',
    description: (name: string, prefix: string) =>
      `O serviço que usa a chave ${name} (${prefix}…) deixará de conseguir consultar a whitelist imediatamente. Esta ação não pode ser desfeita.`,
    cancel: 'Cancelar',
    confirm: 'Revogar chave',
  },

  usage: {
    title: 'Como consultar',
    description: (uid: string) =>
      `Troque ${uid} pelo UID do jogador. A resposta diz se ele está liberado agora:`,
    keyPlaceholder: 'SUA_CHAVE',
    uidPlaceholder: '{uid}',
    invalidKey: 'Sem chave, ou com uma chave inválida ou revogada, a resposta é 401.',
  },
} as const;
