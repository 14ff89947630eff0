import { plural } from '@chaveiro/contract';

/** pt-BR texts of the purchase and renewal dialog (server messages come from the contract). */
export const checkoutTexts = {
  days: (n: number) => plural(n, 'dia', 'dias'),
  title: 'Confirmar compra',
  renewTitle: 'Renovar assinatura',
  description: (product: string, plan: string, days: string) =>
    `${product} — plano ${plan} (${days}).`,
  renewDescription: (product: string) => `${product}: escolha o plano e como pagar.`,
  choosePlan: 'Escolha um plano para continuar.',
  currentBalance: 'Saldo atual',
  price: 'Preço',
  after: 'Saldo após a compra',
  fromBalance: 'Pago com o saldo',
  byPix: 'A pagar por PIX',
  extends: (days: string, date: string) =>
    `Sua assinatura atual será estendida em ${days}, até ${date}.`,
  creates: (date: string) => `A assinatura é ativada agora e vale até ${date}.`,
  short: (missing: string) =>
    `Seu saldo não cobre este plano: faltam ${missing}. Pague por PIX e a compra é concluída sozinha assim que o pagamento for confirmado.`,
  payWith: 'Como pagar',
  payBalance: 'Saldo',
  payBalanceHint: 'Sai do seu saldo agora.',
  payBalanceShort: 'Saldo insuficiente para este plano.',
  payShortfall: (amount: string) => `PIX de ${amount}`,
  payShortfallHint: (balance: string) => `Usa os ${balance} do seu saldo e o resto por PIX.`,
  payFull: (amount: string) => `PIX de ${amount} (valor total)`,
  payFullHint: 'Pague tudo por PIX; seu saldo não é usado.',
  cancel: 'Cancelar',
  buy: 'Comprar',
  renew: 'Renovar',
  payPix: (amount: string) => `Pagar ${amount} por PIX`,
  loadingBalance: 'Carregando seu saldo...',

  pixTitle: 'Pague com PIX',
  pixDescription: (amount: string, product: string, plan: string) =>
    `Pague ${amount} por PIX para concluir ${product} (${plan}).`,
  waiting: 'Aguardando a confirmação do pagamento...',
  waitingHint:
    'Pode fechar esta janela: a compra é concluída sozinha quando o PIX for confirmado, e avisamos você no sino e por e-mail.',
  done: 'Concluir',
  understood: 'Entendi',
  doneTitle: 'Compra concluída!',
  doneBody: (product: string, plan: string) =>
    `Pagamento confirmado: ${product} (${plan}) já está na sua conta.`,
  seeSubscriptions: 'Ver minhas assinaturas',
  seeReceipt: 'Ver recibo',
  failedTitle: 'Compra não concluída',
  failedBody: (reason: string) => `Motivo: ${reason}`,
  cancelledTitle: 'Pagamento recusado',

  renewLoading: 'Carregando os planos...',
  renewUnavailable: 'Não é possível renovar esta assinatura agora.',
} as const;
