import { plural } from '@chaveiro/contract';
/** pt-BR texts of /dashboard/shop (server messages and plan names come from the contract). */
export const texts = {
  title: 'Loja',
  subtitle:
    'Escolha um produto e um plano. O valor sai do seu saldo e a assinatura é ativada na hora.',
  balance: 'Seu saldo',
  addBalance: 'Adicionar saldo',
  plan: 'Plano',
  planOption: (label: string, price: string) => `${label} — ${price}`,
  days: (n: number) => plural(n, 'dia', 'dias'),
  forDays: (n: number) => `por ${plural(n, 'dia', 'dias')}`,
  perDay: (price: string) => `${price} por dia`,
  owned: (date: string) => `Você já tem · até ${date}`,
  ownedExpired: 'Você já teve · expirada',
  buy: 'Comprar',
  buyProduct: (product: string) => `Comprar ${product}`,
  empty: 'Nenhum produto à venda no momento.',
  emptyHint:
    'Volte em breve. Se você já tem uma chave de licença, resgate-a para ativar seu produto.',
  emptyAction: 'Resgatar Produtos',
  retry: 'Tentar novamente',

  confirm: {
    title: 'Confirmar compra',
    description: (product: string, plan: string, days: string) =>
      `${product} — plano ${plan} (${days}).`,
    currentBalance: 'Saldo atual',
    price: 'Preço',
    after: 'Saldo após a compra',
    extends: (days: string, date: string) =>
      `Sua assinatura atual será estendida em ${days}, até ${date}.`,
    creates: (date: string) => `A assinatura é ativada agora e vale até ${date}.`,
    insufficient: (missing: string) =>
      `Saldo insuficiente: faltam ${missing}. Faça um depósito por PIX para concluir a compra.`,
    deposit: 'Depositar',
    cancel: 'Cancelar',
    buy: 'Comprar',
    loadingBalance: 'Carregando seu saldo...',
  },
} as const;
