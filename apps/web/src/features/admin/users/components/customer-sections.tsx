import {
  pluralWord,
  type DepositStatus,
  type LedgerEntry,
  type OrderEntry,
  type OrderStatus,
  type RedeemHistoryItem,
} from '@chaveiro/contract';
import { useListParams } from '@/components/data-table/use-list-params';
import { DepositStatusBadge } from '@/components/status/deposit-status-badge';
import { DEPOSIT_STATUS_LABELS, DEPOSIT_STATUS_TONES } from '@/components/status/deposit-status';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { Badge } from '@/components/ui/badge';
import { formatBRL, formatDateTime, formatSignedBRL } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCustomerDeposits } from '../api/get-customer-deposits';
import { useCustomerLedger } from '../api/get-customer-ledger';
import { useCustomerOrders } from '../api/get-customer-orders';
import { useCustomerRedeemedKeys } from '../api/get-customer-redeemed-keys';
import { useCustomerTickets } from '../api/get-customer-tickets';
import { CustomerSectionCard } from './customer-section-card';

/** Rows per page of each section: the page stays a summary, "próxima página" shows more. */
const PAGE_SIZE = 5;

/** Each section's page lives in the URL (`?ledger.page=2`), so a copied link reopens it. */
function useSectionPage(prefix: string) {
  const { page, setPage } = useListParams({ prefix: `${prefix}.` });
  return { page, setPage, query: { page, pageSize: PAGE_SIZE } };
}

function Amount({ reais }: { reais: number }) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        reais < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
      )}
    >
      {formatSignedBRL(reais)}
    </span>
  );
}

export function CustomerLedgerCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('ledger');
  const ledger = useCustomerLedger(userId, query);
  const actor = (entry: LedgerEntry) => entry.actor ?? 'Conta excluída';
  return (
    <CustomerSectionCard
      title="Extrato do saldo"
      description="Cada entrada e saída do saldo, com o saldo depois dela."
      query={ledger}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'movimentação', 'movimentações')}
      columns={[
        {
          header: 'Data',
          className: 'whitespace-nowrap',
          cell: (entry) => formatDateTime(entry.created_at),
        },
        {
          header: 'Motivo',
          className: 'max-w-72 whitespace-normal',
          cell: (entry) => entry.reason,
        },
        { header: 'Valor', right: true, cell: (entry) => <Amount reais={entry.amount} /> },
        {
          header: 'Saldo após',
          right: true,
          className: 'tabular-nums',
          cell: (entry) => formatBRL(entry.balance_after),
        },
        { header: 'Por', cell: actor },
      ]}
      loadingText="Carregando extrato..."
      emptyText="Nenhuma movimentação de saldo."
      card={(entry) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{entry.reason}</span>
            <Amount reais={entry.amount} />
          </>
        ),
        fields: [
          { label: 'Data', value: formatDateTime(entry.created_at) },
          { label: 'Saldo após', value: formatBRL(entry.balance_after) },
          { label: 'Por', value: actor(entry) },
        ],
      })}
    />
  );
}

export function CustomerDepositsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('deposits');
  const deposits = useCustomerDeposits(userId, query);
  return (
    <CustomerSectionCard
      title="Depósitos"
      description="Depósitos PIX do cliente, do mais recente ao mais antigo."
      query={deposits}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'depósito', 'depósitos')}
      columns={[
        {
          header: 'Data',
          className: 'whitespace-nowrap',
          cell: (deposit) => formatDateTime(deposit.created_at),
        },
        {
          header: 'Valor',
          right: true,
          className: 'tabular-nums',
          cell: (deposit) => formatBRL(deposit.amount),
        },
        { header: 'Status', cell: (deposit) => <DepositStatusBadge status={deposit.status} /> },
        { header: 'Referência', className: 'font-mono', cell: (deposit) => deposit.reference },
        {
          header: 'Decidido em',
          className: 'whitespace-nowrap',
          cell: (deposit) => (deposit.decided_at ? formatDateTime(deposit.decided_at) : '—'),
        },
      ]}
      loadingText="Carregando depósitos..."
      emptyText="Nenhum depósito."
      card={(deposit) => ({
        title: (
          <>
            <span className="font-medium tabular-nums">{formatBRL(deposit.amount)}</span>
            <DepositStatusBadge status={deposit.status} />
          </>
        ),
        fields: [
          { label: 'Data', value: formatDateTime(deposit.created_at) },
          { label: 'Referência', value: <span className="font-mono">{deposit.reference}</span> },
          {
            label: 'Decidido em',
            value: deposit.decided_at ? formatDateTime(deposit.decided_at) : '—',
          },
        ],
      })}
    />
  );
}

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

function KeyStatus({ item }: { item: RedeemHistoryItem }) {
  return item.subscription_status === 'active' ? (
    <Badge
      variant="outline"
      className="border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
    >
      Ativa
    </Badge>
  ) : (
    <Badge variant="outline" className="bg-muted text-muted-foreground">
      Expirada
    </Badge>
  );
}

export function CustomerRedeemedKeysCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('keys');
  const keys = useCustomerRedeemedKeys(userId, query);
  return (
    <CustomerSectionCard
      title="Chaves resgatadas"
      description="As chaves que o cliente resgatou e a assinatura que cada uma alimentou."
      query={keys}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'chave', 'chaves')}
      columns={[
        {
          header: 'Resgatada em',
          className: 'whitespace-nowrap',
          cell: (item) => formatDateTime(item.redeemed_at),
        },
        { header: 'Chave', className: 'font-mono', cell: (item) => item.key_value },
        { header: 'Produto', cell: (item) => item.product_name },
        {
          header: 'Validade',
          className: 'whitespace-nowrap',
          cell: (item) => formatDateTime(item.expires_at),
        },
        { header: 'Assinatura', cell: (item) => <KeyStatus item={item} /> },
      ]}
      loadingText="Carregando chaves..."
      emptyText="Nenhuma chave resgatada."
      card={(item) => ({
        title: (
          <>
            <span className="min-w-0 font-mono break-all">{item.key_value}</span>
            <KeyStatus item={item} />
          </>
        ),
        fields: [
          { label: 'Produto', value: item.product_name },
          { label: 'Resgatada em', value: formatDateTime(item.redeemed_at) },
          { label: 'Validade', value: formatDateTime(item.expires_at) },
        ],
      })}
    />
  );
}

export function CustomerTicketsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('tickets');
  const tickets = useCustomerTickets(userId, query);
  return (
    <CustomerSectionCard
      title="Tickets de suporte"
      description="Os tickets do cliente, pela atividade mais recente. Responda em Suporte."
      query={tickets}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'ticket', 'tickets')}
      columns={[
        {
          header: 'Assunto',
          className: 'max-w-72 whitespace-normal',
          cell: (ticket) => (
            <>
              <span className="font-medium">{ticket.subject}</span>
              <span className="text-muted-foreground block truncate text-xs">{ticket.preview}</span>
            </>
          ),
        },
        { header: 'Status', cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
        {
          header: 'Última atividade',
          className: 'whitespace-nowrap',
          cell: (ticket) => formatDateTime(ticket.updated_at),
        },
        {
          header: 'Aberto em',
          className: 'whitespace-nowrap',
          cell: (ticket) => formatDateTime(ticket.created_at),
        },
      ]}
      loadingText="Carregando tickets..."
      emptyText="Nenhum ticket."
      card={(ticket) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{ticket.subject}</span>
            <TicketStatusBadge status={ticket.status} />
          </>
        ),
        fields: [
          { label: 'Última atividade', value: formatDateTime(ticket.updated_at) },
          { label: 'Aberto em', value: formatDateTime(ticket.created_at) },
        ],
      })}
    />
  );
}
