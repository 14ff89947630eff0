import {
  LIMITS,
  protectionMessages as t,
  SECURITY_EVENT_KINDS,
  type SecurityEventKind,
} from '@chaveiro/contract';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { FilterToggleGroup } from '@/components/data-table/filter-toggle-group';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ProductSelect } from '@/components/product-select';
import { HwidText, SecurityActionBadge } from '@/components/protection/protection-badges';
import { SecurityEventResolution } from '@/components/protection/security-event-resolution';
import { useSecurityEvents } from '@/components/protection/use-security-events';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { formatDateTime } from '@/lib/format';

const PAGE_SIZE = LIMITS.pageSizeDefault;
/** New events arrive while the admin works through the queue (paused in a hidden tab). */
const POLL_MS = 30_000;
const STATUSES = ['open', 'resolved'] as const;
type QueueStatus = (typeof STATUSES)[number];
const STATUS_LABELS: Record<QueueStatus, string> = {
  open: t.securityOpen,
  resolved: t.securityResolved,
};
const columns = t.securityColumns;

function isKind(value: string): value is SecurityEventKind {
  return (SECURITY_EVENT_KINDS as readonly string[]).includes(value);
}

/**
 * `/admin/security`: what the loaders reported (debugger, hook, failed self-check) and the unknown
 * loaders the server saw, with the action each triggered; open events are resolved one by one.
 */
export function SecurityScreen() {
  const params = useListParams({ filters: { status: 'open', product: '', kind: '' } });
  const status: QueueStatus = params.filters.status === 'resolved' ? 'resolved' : 'open';
  const kind = isKind(params.filters.kind) ? params.filters.kind : undefined;
  const productId = params.filters.product || undefined;
  const events = useSecurityEvents(
    { status, productId, kind, page: params.page, pageSize: PAGE_SIZE },
    POLL_MS,
  );
  const filtered = productId !== undefined || kind !== undefined;
  const emptyText = filtered
    ? t.securityNoMatch
    : status === 'open'
      ? t.securityEmpty
      : t.securityEmptyResolved;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.securityTitle} subtitle={t.securityDescription} />
      <Card className="min-w-0">
        <CardHeader className="gap-3">
          <div className="grid gap-1.5">
            <CardTitle>{t.securityListTitle}</CardTitle>
            <CardDescription>{t.securityListDescription}</CardDescription>
          </div>
          <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center [&_[data-slot=native-select-wrapper]]:w-full sm:[&_[data-slot=native-select-wrapper]]:w-auto">
            <FilterToggleGroup
              label={t.securityStatusFilter}
              options={STATUSES}
              optionLabels={STATUS_LABELS}
              value={status}
              onChange={(option) => params.setFilter('status', option)}
            />
            <ProductSelect
              value={params.filters.product}
              onChange={(value) => params.setFilter('product', value)}
              className="sm:w-56"
            />
            <NativeSelect
              aria-label={t.securityKindFilter}
              value={kind ?? ''}
              onChange={(event) => params.setFilter('kind', event.target.value)}
              className="sm:w-56"
            >
              <NativeSelectOption value="">{t.securityAllKinds}</NativeSelectOption>
              {SECURITY_EVENT_KINDS.map((option) => (
                <NativeSelectOption key={option} value={option}>
                  {t.signals[option]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        </CardHeader>
        <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          {events.isError && !events.data ? (
            <LoadErrorAlert error={events.error} />
          ) : (
            <>
              <SecurityEventsTable query={events} emptyText={emptyText} />
              <ListPagination
                data={events.data}
                onPageChange={params.setPage}
                noun={t.securityNoun}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SecurityEventsTable({
  query,
  emptyText,
}: {
  query: ReturnType<typeof useSecurityEvents>;
  emptyText: string;
}) {
  return (
    <ScrollTable
      query={query}
      columns={7}
      loadingText={t.securityLoading}
      emptyText={emptyText}
      head={
        <>
          <TableHead>{columns.customer}</TableHead>
          <TableHead>{columns.product}</TableHead>
          <TableHead>{columns.kind}</TableHead>
          <TableHead className="hidden xl:table-cell">{columns.detail}</TableHead>
          <TableHead>{columns.action}</TableHead>
          <TableHead>
            {columns.createdAt} · {columns.ip}
          </TableHead>
          <TableHead className="text-right">
            <span className="sr-only">{t.securityResolve}</span>
          </TableHead>
        </>
      }
      renderRow={(event) => (
        <TableRow key={event.id}>
          <TableCell className="max-w-44 align-top">
            <UserLink id={event.user?.id} username={event.username} className="block truncate" />
            <HwidText hwid={event.hwid} className="text-muted-foreground" />
          </TableCell>
          <TableCell className="max-w-40 truncate align-top">{event.product.name}</TableCell>
          <TableCell className="align-top whitespace-normal">
            <span className="font-medium">{t.signals[event.kind]}</span>
            {/* Narrow screens fold the detail under the kind. */}
            {event.detail ? (
              <span className="text-muted-foreground block max-w-56 text-xs wrap-anywhere xl:hidden">
                {event.detail}
              </span>
            ) : null}
          </TableCell>
          <TableCell className="text-muted-foreground hidden max-w-64 align-top text-sm whitespace-normal xl:table-cell">
            <span className="wrap-anywhere">{event.detail ?? '—'}</span>
          </TableCell>
          <TableCell className="align-top">
            <SecurityActionBadge action={event.action} />
          </TableCell>
          <TableCell className="align-top text-sm whitespace-nowrap tabular-nums">
            {formatDateTime(event.createdAt)}
            <span className="text-muted-foreground block font-mono text-xs">{event.ip}</span>
          </TableCell>
          <TableCell className="text-right align-top">
            <SecurityEventResolution event={event} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(event) => (
        <RowCard
          key={event.id}
          title={
            <>
              <span className="font-medium">{t.signals[event.kind]}</span>
              <SecurityActionBadge action={event.action} />
            </>
          }
          fields={[
            {
              label: columns.customer,
              value: <UserLink id={event.user?.id} username={event.username} />,
            },
            { label: columns.product, value: event.product.name },
            ...(event.detail ? [{ label: columns.detail, value: event.detail }] : []),
            { label: columns.hwid, value: <HwidText hwid={event.hwid} wrap /> },
            { label: columns.ip, value: <span className="font-mono text-xs">{event.ip}</span> },
            { label: columns.createdAt, value: formatDateTime(event.createdAt) },
          ]}
          actions={<SecurityEventResolution event={event} />}
        />
      )}
    />
  );
}
