import {
  LIMITS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@chaveiro/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { FilterToggleGroup } from '@/components/data-table/filter-toggle-group';
import { useListParams } from '@/components/data-table/use-list-params';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { webhooksTexts } from '../texts';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';

const text = webhooksTexts.deliveries;
const PAGE_SIZE = LIMITS.pageSizeDefault;
type StatusFilter = WebhookDeliveryStatus | 'all';
const FILTERS: StatusFilter[] = ['all', ...WEBHOOK_DELIVERY_STATUSES];

/** The endpoint's delivery log: filter by status, page, refresh, expand a row, resend. */
export function WebhookDeliveriesCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const paged = useListParams({ filters: { status: 'all' } });
  const status = (FILTERS as string[]).includes(paged.filters.status)
    ? (paged.filters.status as StatusFilter)
    : 'all';
  const deliveries = useWebhookDeliveries(endpoint.id, {
    page: paged.page,
    pageSize: PAGE_SIZE,
    status: status === 'all' ? undefined : status,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2>{text.title}</h2>
          </CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <FilterToggleGroup
            label={text.filterLabel}
            options={FILTERS}
            optionLabels={text.filters}
            value={status}
            onChange={(value) => paged.setFilter('status', value)}
          />
          <PendingButton
            variant="outline"
            size="sm"
            pending={deliveries.isFetching}
            onClick={() => void deliveries.refetch()}
          >
            {deliveries.isFetching ? null : <RefreshCw aria-hidden />}
            {text.refresh}
          </PendingButton>
        </div>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        {deliveries.isError && !deliveries.data ? (
          <LoadErrorAlert error={deliveries.error} />
        ) : (
          <div>
            <WebhookDeliveriesTable query={deliveries} expanded={expanded} onToggle={toggle} />
            <ListPagination data={deliveries.data} onPageChange={paged.setPage} noun={text.noun} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
