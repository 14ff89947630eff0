import { protectionMessages as t } from '@chaveiro/contract';
import { HwidText, SecurityActionBadge } from '@/components/protection/protection-badges';
import { SecurityEventResolution } from '@/components/protection/security-event-resolution';
import { useSecurityEvents } from '@/components/protection/use-security-events';
import { formatDateTime } from '@/lib/format';
import { CustomerSectionCard } from './customer-section-card';
import { useSectionPage } from './use-section-page';

const columns = t.securityColumns;

/** The customer page's security events, open and resolved, newest first. */
export function CustomerSecurityEventsCard({ userId }: { userId: string }) {
  const { setPage, query } = useSectionPage('security');
  const events = useSecurityEvents({ userId, status: 'all', ...query });
  return (
    <CustomerSectionCard
      title={t.customerSecurityTitle}
      description={t.customerSecurityDescription}
      query={events}
      onPageChange={setPage}
      noun={t.securityNoun}
      columns={[
        {
          header: columns.kind,
          className: 'max-w-56 whitespace-normal',
          cell: (event) => (
            <>
              <span className="font-medium">{t.signals[event.kind]}</span>
              <span className="text-muted-foreground block text-xs">{event.product.name}</span>
              {event.detail ? (
                <span className="text-muted-foreground block text-xs wrap-anywhere">
                  {event.detail}
                </span>
              ) : null}
            </>
          ),
        },
        { header: columns.action, cell: (event) => <SecurityActionBadge action={event.action} /> },
        {
          header: columns.hwid,
          className: 'max-w-32',
          cell: (event) => <HwidText hwid={event.hwid} />,
        },
        {
          header: columns.createdAt,
          className: 'whitespace-nowrap',
          cell: (event) => formatDateTime(event.createdAt),
        },
        {
          header: t.securityStatusFilter,
          cell: (event) => <SecurityEventResolution event={event} />,
        },
      ]}
      loadingText={t.securityLoading}
      emptyText={t.securityEmpty}
      card={(event) => ({
        title: (
          <>
            <span className="min-w-0 font-medium break-words">{t.signals[event.kind]}</span>
            <SecurityActionBadge action={event.action} />
          </>
        ),
        fields: [
          { label: columns.product, value: event.product.name },
          ...(event.detail ? [{ label: columns.detail, value: event.detail }] : []),
          { label: columns.hwid, value: <HwidText hwid={event.hwid} wrap /> },
          { label: columns.createdAt, value: formatDateTime(event.createdAt) },
          {
            label: t.securityStatusFilter,
            value: <SecurityEventResolution event={event} />,
          },
        ],
      })}
    />
  );
}
