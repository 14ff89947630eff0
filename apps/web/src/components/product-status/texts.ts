import { formatDuration, plural, PRODUCT_STATUS_LIMITS } from '@chaveiro/contract';

/** pt-BR text of a product's operational status: its dialog, badge and history. */
export const productStatusTexts = {
  menuItem: 'Status operacional…',
  historyMenuItem: 'Histórico de status',
  dialog: {
    title: (product: string) => `Status operacional: ${product}`,
    description:
      'Enquanto o produto não estiver operacional, o loader recusa o acesso e mostra a nota aos clientes.',
    status: 'Status',
    statusHints: {
      operational: 'Funciona normalmente.',
      updating: 'Sendo atualizado; volta em breve.',
      unavailable: 'Fora do ar, sem previsão.',
    },
    note: 'Nota pública',
    notePlaceholder: 'Detectado após a atualização do jogo; previsão 48 h',
    noteHint: 'Os clientes a veem na assinatura, na página de status e no loader.',
    noteCount: (length: number) => `${String(length)}/${String(PRODUCT_STATUS_LIMITS.noteMax)}`,
    freezeTime: 'Congelar o tempo',
    freezeTimeHint:
      'O tempo dos clientes para enquanto o produto não estiver operacional e é devolvido quando ele voltar.',
    sellWhileDown: 'Permitir vendas enquanto isso',
    sellWhileDownHint: 'Desligado, a loja e a API de vendas recusam a compra e mostram a nota.',
    reason: 'Motivo (registro de auditoria)',
    reasonPlaceholder: 'Opcional: por que o status mudou',
    givesBack: 'Ao voltar para Operacional, o tempo congelado é devolvido às assinaturas.',
    cancel: 'Cancelar',
    submit: 'Salvar status',
  },
  history: {
    title: (product: string) => `Histórico de status: ${product}`,
    description: 'Cada status que o produto teve, do mais recente ao mais antigo.',
    loading: 'Carregando...',
    failed: 'Não foi possível carregar o histórico.',
    retry: 'Tentar novamente',
    empty: 'Nenhuma mudança de status registrada.',
    label: 'Períodos de status',
    current: 'atual',
    since: (date: string) => `Desde ${date}`,
    range: (from: string, to: string) => `${from} → ${to}`,
    duration: (ms: number) => formatDuration(ms),
    by: (name: string | null) => `Por ${name ?? 'Sistema'}`,
    reason: (reason: string) => `Motivo: ${reason}`,
    timeFrozen: 'Tempo congelado',
    timeRunning: 'Tempo correndo',
    affected: (count: number) => plural(count, 'assinatura afetada', 'assinaturas afetadas'),
    /** Summed over the subscriptions, so with several it is a total. */
    givenBack: (ms: number, subscriptions: number) =>
      `${formatDuration(ms)} devolvidos${subscriptions > 1 ? ' no total' : ''}`,
    close: 'Fechar',
  },
  /** The customer page's action on a subscription's product. */
  changeFor: (product: string) => `Alterar o status de ${product}`,
  change: 'Status do produto',
} as const;
