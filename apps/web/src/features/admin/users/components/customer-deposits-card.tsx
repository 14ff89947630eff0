import { pluralWord } from '@chaveiro/contract';
import { DepositStatusBadge } from '@/components/status/deposit-status-badge';
import { formatBRL, formatDateTime } from '@/lib/format';
import { useCustomerDeposits } from '../api/get-customer-deposits';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

/** The customer page's PIX deposits, newest first. */
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
