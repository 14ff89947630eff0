import { protectionMessages as t } from '@chaveiro/contract';
import { DeliveryProtectionBadge, HwidText } from '@/components/protection/protection-badges';
import { useDeliveries } from '@/components/protection/use-deliveries';
import { formatDateTime } from '@/lib/format';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

const columns = t.deliveryColumns;

/** The customer page's delivered copies: product, machine, IP, when, how. */
export function CustomerDeliveriesCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('deliveries');
  const deliveries = useDeliveries({ userId, ...query });
  const downloaded = (at: string | null) => (at ? formatDateTime(at) : t.deliveryNotDownloaded);
  return (
    <CustomerSectionCard
      title={t.customerDeliveriesTitle}
      description={t.customerDeliveriesDescription}
      query={deliveries}
      onPageChange={setPage}
      noun={t.deliveriesNoun}
      columns={[
        {
          header: columns.product,
          className: 'max-w-48 whitespace-normal',
          cell: (delivery) => (
            <>
              <span className="font-medium">{delivery.productName}</span>
              <HwidText hwid={delivery.hwid} className="text-muted-foreground" />
            </>
          ),
        },
        {
          header: columns.ip,
          className: 'font-mono text-xs',
          cell: (delivery) => delivery.ip,
        },
        {
          header: columns.deliveredAt,
          className: 'whitespace-nowrap',
          cell: (delivery) => formatDateTime(delivery.createdAt),
        },
        {
          header: columns.downloadedAt,
          className: 'whitespace-nowrap',
          cell: (delivery) => downloaded(delivery.downloadedAt),
        },
        {
          header: columns.protection,
          cell: (delivery) => <DeliveryProtectionBadge delivery={delivery} />,
        },
      ]}
      loadingText={t.deliveriesLoading}
      emptyText={t.deliveriesEmpty}
      card={(delivery) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{delivery.productName}</span>
            <DeliveryProtectionBadge delivery={delivery} />
          </>
        ),
        fields: [
          { label: columns.machine, value: <HwidText hwid={delivery.hwid} wrap /> },
          { label: columns.ip, value: <span className="font-mono text-xs">{delivery.ip}</span> },
          { label: columns.deliveredAt, value: formatDateTime(delivery.createdAt) },
          { label: columns.downloadedAt, value: downloaded(delivery.downloadedAt) },
          { label: t.leakMarkKind, value: t.markKinds[delivery.markKind] },
        ],
      })}
    />
  );
}
