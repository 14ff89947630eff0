import { formatDuration, plural } from '@chaveiro/contract';
import { formatCount } from '@/lib/format';
export const texts = {
  title: 'Minhas Assinaturas',
  subtitle:
    'Acompanhe suas licenças, pause quando não for usar e libere o HWID quando trocar de máquina.',
  active: 'Ativa',
  paused: 'Pausada',
  online: 'Online',
  offline: 'Offline',
  expiresAt: 'Expira em',
  pausedRemaining: (days: number) =>
    `Pausada — restam ${days === 1 ? '1 dia' : `${String(days)} dias`}`,
  /** Stopped by the product's outage, not by anyone: it runs again when the product returns. */
  frozen: 'Congelada',
  frozenRemaining: (days: number) =>
    `Congelada — restam ${days === 1 ? '1 dia' : `${String(days)} dias`}`,
  productDown: (label: string) => `Produto ${label.toLowerCase()}`,
  productDownSince: (when: string) => `Desde ${when}.`,
  timeFrozen: 'O tempo está congelado e volta a contar quando o produto voltar.',
  timeRunning: 'O tempo da assinatura continua contando.',
  givenBack: (ms: number) => `+${formatDuration(ms)} devolvidos`,
  givenBackDetail: (when: string) =>
    `Tempo devolvido em ${when}, pelo período em que o produto ficou parado.`,
  remaining: 'Tempo restante',
  days: (n: number) => plural(n, 'dia', 'dias'),
  expired: 'Expirado',
  hwid: 'HWID',
  none: 'Nenhum',
  lastAccess: 'Último acesso',
  never: 'Nunca',
  usage: 'Tempo online (30 dias)',
  usageSummary: (activeDays: number, total: number, best: string | null) =>
    best === null
      ? `Sem uso nos últimos ${String(total)} dias.`
      : `Uso diário nos últimos ${String(total)} dias: online em ${String(activeDays)} de ${String(total)} dias; maior uso em ${best}.`,
  usageBar: (day: string, time: string) => `${day}: ${time}`,
  pauseCredits: 'Créditos de pausa',
  resetCredits: 'Créditos de reset',
  pause: 'Pausar',
  resume: 'Reativar',
  resetHwid: 'Resetar HWID',
  expiredCannotPause: 'Esta assinatura expirou e não pode ser pausada.',
  pausedByAdmin: 'Pausada pela administração: ela será reativada pela equipe.',
  noHwid: 'Nenhum HWID vinculado a esta assinatura.',
  resetTitle: 'Resetar HWID?',
  resetBody: (product: string, credits: number) =>
    `O HWID vinculado a ${product} será liberado e o próximo dispositivo a entrar ficará vinculado. Isso usa 1 dos seus ${String(credits)} créditos de reset.`,
  pauseTitle: 'Pausar assinatura?',
  pauseFrozenBody: (product: string, credits: number) =>
    `O tempo de ${product} já está congelado enquanto o produto não volta. Pausando agora, ela continua pausada quando o produto voltar, até você reativar. Isso usa 1 ${credits === 1 ? 'crédito de pausa: é o seu último' : `dos seus ${String(credits)} créditos de pausa`}.`,
  pauseBody: (product: string, credits: number) =>
    `O tempo restante de ${product} fica congelado até você reativar. Isso usa 1 ${credits === 1 ? 'crédito de pausa: é o seu último' : `dos seus ${String(credits)} créditos de pausa`}.`,
  confirmPause: 'Pausar',
  machines: 'Computadores vinculados',
  machineBound: (when: string) => `Vinculado ${when}`,
  release: 'Liberar',
  releaseLabel: (hwid: string) => `Liberar ${hwid}`,
  releaseTitle: 'Liberar este computador?',
  releaseFree: (hwid: string) =>
    `${hwid} será desvinculado sem custo: foi vinculado há menos de 24 horas. Se não foi você, troque também a sua senha.`,
  releasePaid: (hwid: string, credits: number) =>
    `${hwid} será desvinculado e precisará entrar com a conta para ser vinculado de novo. Isso usa 1 dos seus ${String(credits)} créditos de reset.`,
  confirmRelease: 'Liberar',
  cancel: 'Cancelar',
  confirmReset: 'Resetar',
  emptyTitle: 'Nenhuma assinatura ativa',
  emptyBody:
    'Escolha um produto na Loja e pague com o seu saldo, ou resgate uma chave de licença que você já tem.',
  emptyAction: 'Ir para a Loja',
  emptyRedeem: 'Resgatar chave',
  serverOffline:
    'O servidor dos produtos está offline no momento. Suas assinaturas continuam registradas; o acesso volta quando ele estiver online.',
  loyalty: 'Programa de fidelidade',
  xp: (n: number) => `${formatCount(n)} XP`,
  toNext: (remaining: number, rank: string) => `Faltam ${formatCount(remaining)} XP para ${rank}`,
  topRank: 'Você alcançou o nível máximo!',
  seeRanks: 'Ver níveis',
  ranksTitle: 'Níveis de fidelidade',
  ranksBody: 'Você ganha XP resgatando licenças e com o bônus diário.',
  currentRank: 'Seu nível',
  fromXp: (n: number) => `A partir de ${formatCount(n)} XP`,
  retry: 'Tentar novamente',
  renew: 'Renovar',
  renewLabel: (product: string) => `Renovar ${product}`,
} as const;
