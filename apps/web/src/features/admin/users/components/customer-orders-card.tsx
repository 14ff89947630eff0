import {
  pluralWord,
  type DepositStatus,
  type OrderEntry,
  type OrderStatus,
} from '@chaveiro/contract';
import { DEPOSIT_STATUS_LABELS, DEPOSIT_STATUS_TONES } from '@/components/status/deposit-status';
import { Badge } from '@/components/ui/badge';
import { formatBRL, formatDateTime } from '@/lib/format';
import { useCustomerOrders } from '../api/get-customer-orders';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

/** An order's status in words and colours (a plain deposit's as the deposit badge says). */
const ORDER_STATUS_LABELS: Record<OrderStatus | DepositStatus, string> = {
  ...DEPOSIT_STATUS_LABELS,
  awaiting_payment: 'Aguardando pagamento',
  completed: 'Concluído',
  failed: 'Não concluído',
};
const ORDER_STATUS_TONES: Record<OrderStatus | DepositStatus, string> = {
  ...DEPOSIT_STATUS_TONES,
  awaiting_payment: DEPOSIT_STATUS_TONES.pending,
  completed: DEPOSIT_STATUS_TONES.approved,
  failed: DEPOSIT_STATUS_TONES.rejected,
  cancelled: DEPOSIT_STATUS_TONES.rejected,
};

function OrderStatusBadge({ status }: { status: OrderEntry['status'] }) {
  return (
    <Badge variant="outline" className={ORDER_STATUS_TONES[status]}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

const METHODS: Record<OrderEntry['method'], string> = { balance: 'Saldo', pix: 'PIX' };
const orderTitle = (order: OrderEntry) =>
  order.type === 'deposit' ? 'Depósito de saldo' : (order.product_name ?? 'Produto excluído');

/** The customer page's purchases, and the deposits that paid no purchase. */
export function CustomerOrdersCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('orders');
  const orders = useCustomerOrders(userId, query);
  return (
    <CustomerSectionCard
      title="Compras"
      description="Compras na loja e depósitos que não pagaram uma compra."
      query={orders}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'pedido', 'pedidos')}
      columns={[
        {
          header: 'Data',
          className: 'whitespace-nowrap',
          cell: (order) => formatDateTime(order.created_at),
        },
        { header: 'Item', cell: orderTitle },
        {
          header: 'Valor',
          right: true,
          className: 'tabular-nums',
          cell: (order) => formatBRL(order.amount),
        },
        { header: 'Pagamento', cell: (order) => METHODS[order.method] },
        { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
      ]}
      loadingText="Carregando compras..."
      emptyText="Nenhuma compra."
      card={(order) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{orderTitle(order)}</span>
            <OrderStatusBadge status={order.status} />
          </>
        ),
        fields: [
          { label: 'Data', value: formatDateTime(order.created_at) },
          { label: 'Valor', value: formatBRL(order.amount) },
          { label: 'Pagamento', value: METHODS[order.method] },
        ],
      })}
    />
  );
}
