import { plural } from '@chaveiro/contract';
/** pt-BR texts of /dashboard/shop (server messages and plan names come from the contract). */
export const texts = {
  title: 'Loja',
  subtitle:
    'Escolha um produto e um plano. Pague com o seu saldo ou por PIX: a assinatura é ativada assim que o pagamento é confirmado.',
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
} as const;
