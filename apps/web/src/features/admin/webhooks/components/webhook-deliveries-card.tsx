import {
  LIMITS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@chaveiro/contract';
import { ChevronRight, RefreshCw, RotateCcw } from 'lucide-react';
import { Fragment, useState } from 'react';
import { toast } from 'sonner';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { CardList, RowCard } from '@/components/data-table/scroll-table';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { useListParams } from '@/components/data-table/use-list-params';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
import { formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { webhooksTexts } from '../texts';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { eventLabel } from './event-label';

const text = webhooksTexts.deliveries;
const PAGE_SIZE = LIMITS.pageSizeDefault;
const COLUMNS = 8;
type StatusFilter = WebhookDeliveryStatus | 'all';
const FILTERS: StatusFilter[] = ['all', ...WEBHOOK_DELIVERY_STATUSES];

function StatusFilterGroup({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label={text.filterLabel}
      className="bg-muted grid w-full grid-cols-2 gap-1 rounded-lg p-1 sm:flex sm:w-auto"
    >
      {FILTERS.map((filter) => (
        <Button
          key={filter}
          type="button"
          size="sm"
          variant={value === filter ? 'default' : 'ghost'}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {text.filters[filter]}
        </Button>
      ))}
    </div>
  );
}

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery();
  if (delivery.status === 'pending') return null;
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={resend.isPending}
      aria-label={text.resendOf(eventLabel(delivery.eventType), formatDateTime(delivery.createdAt))}
      onClick={() =>
        resend.mutate(delivery.id, { onSuccess: (response) => toast.success(response.message) })
      }
    >
      {resend.isPending ? null : <RotateCcw aria-hidden />}
      {text.resend}
    </PendingButton>
  );
}

function ResponseCode({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.responseStatus === null) {
    return <span className="text-muted-foreground">{text.noResponse}</span>;
  }
  const ok = delivery.responseStatus >= 200 && delivery.responseStatus < 300;
  return (
    <span
      className={cn(
        'font-mono tabular-nums',
        ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-destructive',
      )}
    >
      {delivery.responseStatus}
    </span>
  );
}

function NextAttempt({ delivery }: { delivery: WebhookDelivery }) {
  return delivery.nextAttemptAt ? (
    <time dateTime={delivery.nextAttemptAt} title={formatDateTime(delivery.nextAttemptAt)}>
      {formatRelative(delivery.nextAttemptAt)}
    </time>
  ) : (
    <span className="text-muted-foreground">{text.none}</span>
  );
}

/** What the receiver answered, or why the attempt failed, and the event's id. */
function DeliveryDetails({ delivery, id }: { delivery: WebhookDelivery; id: string }) {
  const nothing = !delivery.responseExcerpt && !delivery.error;
  return (
    <div id={id} className="grid min-w-0 gap-3 text-sm">
      {delivery.error ? (
        <div className="grid gap-1">
          <p className="font-medium">{text.error}</p>
          <p className="text-destructive font-mono text-xs break-words whitespace-pre-wrap">
            {delivery.error}
          </p>
        </div>
      ) : null}
      {delivery.responseExcerpt ? (
        <div className="grid gap-1">
          <p className="font-medium">{text.responseExcerpt}</p>
          <pre className="bg-muted/60 max-h-48 overflow-auto rounded-md border p-2 font-mono text-xs break-all whitespace-pre-wrap">
            {delivery.responseExcerpt}
          </pre>
        </div>
      ) : null}
      {nothing ? <p className="text-muted-foreground">{text.noDetails}</p> : null}
      <p className="text-muted-foreground text-xs">
        {text.eventId}: <span className="font-mono break-all">{delivery.eventId}</span>
      </p>
    </div>
  );
}

function ExpandButton({
  delivery,
  expanded,
  onToggle,
  controls,
}: {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={text.detailsOf(
        eventLabel(delivery.eventType),
        formatDateTime(delivery.createdAt),
      )}
      onClick={onToggle}
    >
      <ChevronRight className={cn('transition-transform', expanded && 'rotate-90')} aria-hidden />
    </Button>
  );
}

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
  const isPhone = useIsPhone();
  const rows = deliveries.data?.items;
  const detailsId = (delivery: WebhookDelivery) => `delivery-${delivery.id}-details`;

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
          <StatusFilterGroup
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
            {isPhone ? (
              <CardList
                rows={rows}
                isLoading={deliveries.isPending && !rows}
                isStale={deliveries.isPlaceholderData}
                loadingText={text.loading}
                emptyText={text.empty}
                renderCard={(delivery) => (
                  <RowCard
                    key={delivery.id}
                    title={
                      <>
                        <span className="font-medium">{eventLabel(delivery.eventType)}</span>
                        <DeliveryStatusBadge status={delivery.status} />
                      </>
                    }
                    fields={[
                      { label: text.columns.at, value: formatDateTime(delivery.createdAt) },
                      { label: text.columns.attempts, value: delivery.attempts },
                      { label: text.columns.response, value: <ResponseCode delivery={delivery} /> },
                      {
                        label: text.columns.duration,
                        value:
                          delivery.durationMs === null
                            ? text.none
                            : text.durationMs(delivery.durationMs),
                      },
                      ...(delivery.nextAttemptAt
                        ? [
                            {
                              label: text.columns.nextAttempt,
                              value: <NextAttempt delivery={delivery} />,
                            },
                          ]
                        : []),
                    ]}
                    actions={
                      <div className="grid w-full gap-2">
                        <div className="flex flex-wrap gap-2">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-expanded={expanded.has(delivery.id)}
                            aria-controls={detailsId(delivery)}
                            aria-label={text.detailsOf(
                              eventLabel(delivery.eventType),
                              formatDateTime(delivery.createdAt),
                            )}
                            onClick={() => toggle(delivery.id)}
                          >
                            <ChevronRight
                              className={cn(
                                'transition-transform',
                                expanded.has(delivery.id) && 'rotate-90',
                              )}
                              aria-hidden
                            />
                            {text.details}
                          </Button>
                          <ResendButton delivery={delivery} />
                        </div>
                        {expanded.has(delivery.id) ? (
                          <DeliveryDetails delivery={delivery} id={detailsId(delivery)} />
                        ) : null}
                      </div>
                    }
                  />
                )}
              />
            ) : (
              <div className="max-h-[560px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
                <Table
                  className={cn('transition-opacity', deliveries.isPlaceholderData && 'opacity-60')}
                >
                  <TableHeader className="bg-background sticky top-0 z-10">
                    <TableRow>
                      <TableHead>{text.columns.event}</TableHead>
                      <TableHead>{text.columns.status}</TableHead>
                      <TableHead className="text-right">{text.columns.attempts}</TableHead>
                      <TableHead>{text.columns.response}</TableHead>
                      <TableHead className="hidden text-right md:table-cell">
                        {text.columns.duration}
                      </TableHead>
                      <TableHead>{text.columns.at}</TableHead>
                      <TableHead className="hidden lg:table-cell">
                        {text.columns.nextAttempt}
                      </TableHead>
                      <TableHead className="text-right">
                        <span className="sr-only">{text.columns.actions}</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <StateTableBody
                    columns={COLUMNS}
                    rows={rows}
                    isLoading={deliveries.isPending && !rows}
                    loadingText={text.loading}
                    emptyText={text.empty}
                    renderRow={(delivery) => {
                      const open = expanded.has(delivery.id);
                      return (
                        <Fragment key={delivery.id}>
                          <TableRow className={cn(open && 'border-b-0')}>
                            <TableCell>
                              <div className="flex items-center gap-1">
                                <ExpandButton
                                  delivery={delivery}
                                  expanded={open}
                                  onToggle={() => toggle(delivery.id)}
                                  controls={detailsId(delivery)}
                                />
                                <span className="grid">
                                  <span className="font-medium">
                                    {eventLabel(delivery.eventType)}
                                  </span>
                                  <span className="text-muted-foreground font-mono text-xs">
                                    {delivery.eventType}
                                  </span>
                                </span>
                              </div>
                            </TableCell>
                            <TableCell>
                              <DeliveryStatusBadge status={delivery.status} />
                            </TableCell>
                            <TableCell className="text-right tabular-nums">
                              {delivery.attempts}
                            </TableCell>
                            <TableCell>
                              <ResponseCode delivery={delivery} />
                            </TableCell>
                            <TableCell className="hidden text-right tabular-nums md:table-cell">
                              {delivery.durationMs === null
                                ? text.none
                                : text.durationMs(delivery.durationMs)}
                            </TableCell>
                            <TableCell className="tabular-nums">
                              {formatDateTime(delivery.createdAt)}
                            </TableCell>
                            <TableCell className="hidden lg:table-cell">
                              <NextAttempt delivery={delivery} />
                            </TableCell>
                            <TableCell className="text-right">
                              <ResendButton delivery={delivery} />
                            </TableCell>
                          </TableRow>
                          {open ? (
                            <TableRow className="hover:bg-transparent">
                              <TableCell
                                colSpan={COLUMNS}
                                className="bg-muted/30 whitespace-normal"
                              >
                                <DeliveryDetails delivery={delivery} id={detailsId(delivery)} />
                              </TableCell>
                            </TableRow>
                          ) : null}
                        </Fragment>
                      );
                    }}
                  />
                </Table>
              </div>
            )}
            <ListPagination data={deliveries.data} onPageChange={paged.setPage} noun={text.noun} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
