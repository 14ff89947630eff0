import type { DeadDelivery } from '@chaveiro/contract';
import { ChevronLeft, ChevronRight, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useListParams } from '@/components/data-table/use-list-params';
import { formatDateTime } from '@/lib/format';
import { useDeadDeliveries } from '../api/get-dead-deliveries';
import { useRequeueDelivery } from '../api/requeue-delivery';
import { outboxTexts as t } from '../texts';

const COLUMNS = 6;

function RequeueButton({ row }: { row: DeadDelivery }) {
  const requeue = useRequeueDelivery();
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={requeue.isPending}
      aria-label={t.requeueLabel(row.type, row.handler)}
      onClick={() =>
        requeue.mutate(
          { eventId: row.eventId, handler: row.handler },
          { onSuccess: (response) => toast.success(response.message) },
        )
      }
    >
      {requeue.isPending ? null : <RotateCcw aria-hidden />}
      {t.requeue}
    </PendingButton>
  );
}

function LastError({ row }: { row: DeadDelivery }) {
  return row.lastError ? (
    <span className="font-mono text-xs break-words">{row.lastError}</span>
  ) : (
    <span className="text-muted-foreground">{t.noError}</span>
  );
}

/** `/admin/outbox`: the outbox's dead deliveries, each with "Reprocessar". */
export function OutboxScreen() {
  const { page, setPage } = useListParams();
  const query = useDeadDeliveries(page);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Card>
        <CardHeader>
          <CardTitle>{t.cardTitle}</CardTitle>
          <CardDescription>{t.cardDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {query.isError ? <LoadErrorAlert error={query.error} /> : null}
          <ScrollTable
            query={query}
            columns={COLUMNS}
            loadingText={t.loading}
            emptyText={t.empty}
            head={
              <>
                <TableHead>{t.columns.event}</TableHead>
                <TableHead>{t.columns.handler}</TableHead>
                <TableHead>{t.columns.occurredAt}</TableHead>
                <TableHead className="text-right">{t.columns.attempts}</TableHead>
                <TableHead>{t.columns.lastError}</TableHead>
                <TableHead className="text-right">{t.columns.actions}</TableHead>
              </>
            }
            renderRow={(row) => (
              <TableRow key={`${row.eventId}/${row.handler}`}>
                <TableCell className="font-mono text-xs">{row.type}</TableCell>
                <TableCell className="font-mono text-xs">{row.handler}</TableCell>
                <TableCell className="tabular-nums">{formatDateTime(row.occurredAt)}</TableCell>
                <TableCell className="text-right tabular-nums">{row.attempts}</TableCell>
                <TableCell className="max-w-80 whitespace-normal">
                  <LastError row={row} />
                </TableCell>
                <TableCell className="text-right">
                  <RequeueButton row={row} />
                </TableCell>
              </TableRow>
            )}
            renderCard={(row) => (
              <RowCard
                key={`${row.eventId}/${row.handler}`}
                title={<span className="font-mono text-xs font-medium">{row.type}</span>}
                fields={[
                  { label: t.columns.handler, value: row.handler },
                  { label: t.columns.occurredAt, value: formatDateTime(row.occurredAt) },
                  { label: t.columns.attempts, value: row.attempts },
                  { label: t.columns.lastError, value: <LastError row={row} /> },
                ]}
                actions={<RequeueButton row={row} />}
              />
            )}
          />
          <div className="flex items-center justify-end gap-2 text-sm">
            <span className="text-muted-foreground" aria-live="polite">
              {t.page(page)}
            </span>
            <Button
              variant="outline"
              size="icon"
              aria-label={t.previous}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={t.next}
              disabled={!query.data?.hasMore}
              onClick={() => setPage(page + 1)}
            >
              <ChevronRight />
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
