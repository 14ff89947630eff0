import { pluralWord, type RedeemHistoryItem } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { useCustomerRedeemedKeys } from '../api/get-customer-redeemed-keys';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

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

/** The customer page's redeemed keys and the state of the subscription each one fed. */
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
