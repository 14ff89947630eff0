import { pluralWord, type LedgerEntry } from '@chaveiro/contract';
import { formatBRL, formatDateTime, formatSignedBRL } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCustomerLedger } from '../api/get-customer-ledger';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

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

/** The customer page's balance statement: every credit and debit, with the balance after it. */
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
