import {
  pluralWord,
  type Deposit,
  type DepositStatus,
  type LedgerEntry,
  type OrderEntry,
  type OrderStatus,
  type RedeemHistoryItem,
  type Ticket,
} from '@chaveiro/contract';
import { useListParams } from '@/components/data-table/use-list-params';
import { RowCard } from '@/components/data-table/scroll-table';
import { DepositStatusBadge } from '@/components/status/deposit-status-badge';
import { DEPOSIT_STATUS_LABELS, DEPOSIT_STATUS_TONES } from '@/components/status/deposit-status';
import { TicketStatusBadge } from '@/components/support/ticket-status-badge';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
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
      columns={5}
      loadingText="Carregando extrato..."
      emptyText="Nenhuma movimentação de saldo."
      head={
        <>
          <TableHead>Data</TableHead>
          <TableHead>Motivo</TableHead>
          <TableHead className="text-right">Valor</TableHead>
          <TableHead className="text-right">Saldo após</TableHead>
          <TableHead>Por</TableHead>
        </>
      }
      renderRow={(entry) => (
        <TableRow key={entry.id}>
          <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at)}</TableCell>
          <TableCell className="max-w-72 whitespace-normal">{entry.reason}</TableCell>
          <TableCell className="text-right">
            <Amount reais={entry.amount} />
          </TableCell>
          <TableCell className="text-right tabular-nums">
            {formatBRL(entry.balance_after)}
          </TableCell>
          <TableCell>{actor(entry)}</TableCell>
        </TableRow>
      )}
      renderCard={(entry) => (
        <RowCard
          key={entry.id}
          title={
            <>
              <span className="min-w-0 font-medium break-words">{entry.reason}</span>
              <Amount reais={entry.amount} />
            </>
          }
          fields={[
            { label: 'Data', value: formatDateTime(entry.created_at) },
            { label: 'Saldo após', value: formatBRL(entry.balance_after) },
            { label: 'Por', value: actor(entry) },
          ]}
        />
      )}
    />
  );
}

export function CustomerDepositsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('deposits');
  const deposits = useCustomerDeposits(userId, query);
  const fields = (deposit: Deposit) => [
    { label: 'Data', value: formatDateTime(deposit.created_at) },
    { label: 'Referência', value: <span className="font-mono">{deposit.reference}</span> },
    {
      label: 'Decidido em',
      value: deposit.decided_at ? formatDateTime(deposit.decided_at) : '—',
    },
  ];
  return (
    <CustomerSectionCard
      title="Depósitos"
      description="Depósitos PIX do cliente, do mais recente ao mais antigo."
      query={deposits}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'depósito', 'depósitos')}
      columns={5}
      loadingText="Carregando depósitos..."
      emptyText="Nenhum depósito."
      head={
        <>
          <TableHead>Data</TableHead>
          <TableHead className="text-right">Valor</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Referência</TableHead>
          <TableHead>Decidido em</TableHead>
        </>
      }
      renderRow={(deposit) => (
        <TableRow key={deposit.id}>
          <TableCell className="whitespace-nowrap">{formatDateTime(deposit.created_at)}</TableCell>
          <TableCell className="text-right tabular-nums">{formatBRL(deposit.amount)}</TableCell>
          <TableCell>
            <DepositStatusBadge status={deposit.status} />
          </TableCell>
          <TableCell className="font-mono">{deposit.reference}</TableCell>
          <TableCell className="whitespace-nowrap">
            {deposit.decided_at ? formatDateTime(deposit.decided_at) : '—'}
          </TableCell>
        </TableRow>
      )}
      renderCard={(deposit) => (
        <RowCard
          key={deposit.id}
          title={
            <>
              <span className="font-medium tabular-nums">{formatBRL(deposit.amount)}</span>
              <DepositStatusBadge status={deposit.status} />
            </>
          }
          fields={fields(deposit)}
        />
      )}
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
      columns={5}
      loadingText="Carregando compras..."
      emptyText="Nenhuma compra."
      head={
        <>
          <TableHead>Data</TableHead>
          <TableHead>Item</TableHead>
          <TableHead className="text-right">Valor</TableHead>
          <TableHead>Pagamento</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      renderRow={(order) => (
        <TableRow key={order.id}>
          <TableCell className="whitespace-nowrap">{formatDateTime(order.created_at)}</TableCell>
          <TableCell>{orderTitle(order)}</TableCell>
          <TableCell className="text-right tabular-nums">{formatBRL(order.amount)}</TableCell>
          <TableCell>{METHODS[order.method]}</TableCell>
          <TableCell>
            <OrderStatusBadge status={order.status} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(order) => (
        <RowCard
          key={order.id}
          title={
            <>
              <span className="min-w-0 font-medium break-words">{orderTitle(order)}</span>
              <OrderStatusBadge status={order.status} />
            </>
          }
          fields={[
            { label: 'Data', value: formatDateTime(order.created_at) },
            { label: 'Valor', value: formatBRL(order.amount) },
            { label: 'Pagamento', value: METHODS[order.method] },
          ]}
        />
      )}
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
      columns={5}
      loadingText="Carregando chaves..."
      emptyText="Nenhuma chave resgatada."
      head={
        <>
          <TableHead>Resgatada em</TableHead>
          <TableHead>Chave</TableHead>
          <TableHead>Produto</TableHead>
          <TableHead>Validade</TableHead>
          <TableHead>Assinatura</TableHead>
        </>
      }
      renderRow={(item) => (
        <TableRow key={item.id}>
          <TableCell className="whitespace-nowrap">{formatDateTime(item.redeemed_at)}</TableCell>
          <TableCell className="font-mono">{item.key_value}</TableCell>
          <TableCell>{item.product_name}</TableCell>
          <TableCell className="whitespace-nowrap">{formatDateTime(item.expires_at)}</TableCell>
          <TableCell>
            <KeyStatus item={item} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(item) => (
        <RowCard
          key={item.id}
          title={
            <>
              <span className="min-w-0 font-mono break-all">{item.key_value}</span>
              <KeyStatus item={item} />
            </>
          }
          fields={[
            { label: 'Produto', value: item.product_name },
            { label: 'Resgatada em', value: formatDateTime(item.redeemed_at) },
            { label: 'Validade', value: formatDateTime(item.expires_at) },
          ]}
        />
      )}
    />
  );
}

export function CustomerTicketsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('tickets');
  const tickets = useCustomerTickets(userId, query);
  const fields = (ticket: Ticket) => [
    { label: 'Última atividade', value: formatDateTime(ticket.updated_at) },
    { label: 'Aberto em', value: formatDateTime(ticket.created_at) },
  ];
  return (
    <CustomerSectionCard
      title="Tickets de suporte"
      description="Os tickets do cliente, pela atividade mais recente. Responda em Suporte."
      query={tickets}
      onPageChange={setPage}
      noun={(total) => pluralWord(total, 'ticket', 'tickets')}
      columns={4}
      loadingText="Carregando tickets..."
      emptyText="Nenhum ticket."
      head={
        <>
          <TableHead>Assunto</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Última atividade</TableHead>
          <TableHead>Aberto em</TableHead>
        </>
      }
      renderRow={(ticket) => (
        <TableRow key={ticket.id}>
          <TableCell className="max-w-72 whitespace-normal">
            <span className="font-medium">{ticket.subject}</span>
            <span className="text-muted-foreground block truncate text-xs">{ticket.preview}</span>
          </TableCell>
          <TableCell>
            <TicketStatusBadge status={ticket.status} />
          </TableCell>
          <TableCell className="whitespace-nowrap">{formatDateTime(ticket.updated_at)}</TableCell>
          <TableCell className="whitespace-nowrap">{formatDateTime(ticket.created_at)}</TableCell>
        </TableRow>
      )}
      renderCard={(ticket) => (
        <RowCard
          key={ticket.id}
          title={
            <>
              <span className="min-w-0 font-medium break-words">{ticket.subject}</span>
              <TicketStatusBadge status={ticket.status} />
            </>
          }
          fields={fields(ticket)}
        />
      )}
    />
  );
}
