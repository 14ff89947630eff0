import {
  plural,
  pluralWord,
  type DepositStatus,
  type OrderMethod,
  type OrderStatus,
} from '@chaveiro/contract';
import { DEPOSIT_STATUS_LABELS } from '@/components/status/deposit-status';

/** pt-BR texts of /dashboard/orders and the receipts (plan names come from the contract). */
export const texts = {
  title: 'Pedidos',
  subtitle: 'Suas compras, renovações e depósitos, com o recibo de cada pedido.',
  listTitle: 'Histórico',
  date: 'Data',
  item: 'Item',
  amount: 'Valor',
  method: 'Pagamento',
  status: 'Status',
  deposit: 'Depósito de saldo',
  itemPlan: (product: string, plan: string) => `${product} (${plan})`,
  receipt: 'Recibo',
  receiptOf: (item: string) => `Ver recibo: ${item}`,
  noun: (total: number) => pluralWord(total, 'registro', 'registros'),
  emptyTitle: 'Nenhum pedido ainda',
  emptyBody: 'Suas compras na Loja e seus depósitos aparecem aqui.',
  emptyAction: 'Ir para a Loja',
  loading: 'Carregando pedidos...',
  methods: { balance: 'Saldo', pix: 'PIX' } satisfies Record<OrderMethod, string>,

  back: 'Voltar aos pedidos',
  print: 'Imprimir',
  receiptTitle: 'Recibo de compra',
  receiptNumber: (id: string) => `Pedido nº ${id}`,
  seller: 'Vendedor',
  sellerFallback: 'Chaveiro',
  buyer: 'Comprador',
  product: 'Produto',
  plan: 'Plano',
  days: (n: number) => plural(n, 'dia', 'dias'),
  kind: 'Tipo',
  kinds: { purchase: 'Compra', renewal: 'Renovação' },
  price: 'Valor',
  paidFromBalance: 'Pago com o saldo',
  paidByPix: 'Pago por PIX',
  pixReference: 'Referência do PIX',
  gateway: 'Intermediador',
  gateways: { mercadopago: 'Mercado Pago' },
  gatewayPaymentId: (id: string) => `pagamento nº ${id}`,
  createdAt: 'Pedido em',
  completedAt: 'Concluído em',
  settledAt: 'Encerrado em',
  failureReason: 'Motivo',
  notFound: 'Pedido não encontrado.',
  footer: 'Documento sem valor fiscal. Guarde-o como comprovante da sua compra.',
} as const;

/** Every status a line of "Pedidos" may show: an order's or a plain deposit's. */
export const STATUS_LABELS: Record<OrderStatus | DepositStatus, string> = {
  ...DEPOSIT_STATUS_LABELS,
  awaiting_payment: 'Aguardando pagamento',
  completed: 'Concluído',
  failed: 'Não concluído',
};
