import type { WebhookDelivery } from '@chaveiro/contract';
import { Fragment } from 'react';
import { CardList, RowCard, type ListQuery } from '@/components/data-table/scroll-table';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsPhone } from '@/hooks/use-media-query';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { webhooksTexts } from '../texts';
import { eventLabel } from './delivery-format';
import {
  DeliveryDetails,
  DetailsToggle,
  Duration,
  NextAttempt,
  ResendButton,
  ResponseCode,
} from './delivery-parts';
import { DeliveryStatusBadge } from './delivery-status-badge';

const text = webhooksTexts.deliveries;
const COLUMNS = 8;

interface DeliveriesTableProps {
  query: ListQuery<WebhookDelivery>;
  /** The deliveries whose details are shown. */
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

/** A phone's log: one card per delivery, its details under its buttons. */
function DeliveryCards({ query, expanded, onToggle }: DeliveriesTableProps) {
  const rows = query.data?.items;
  return (
    <CardList
      rows={rows}
      isLoading={query.isPending && !rows}
      isStale={query.isPlaceholderData}
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
            { label: text.columns.duration, value: <Duration delivery={delivery} /> },
            ...(delivery.nextAttemptAt
              ? [{ label: text.columns.nextAttempt, value: <NextAttempt delivery={delivery} /> }]
              : []),
          ]}
          actions={
            <div className="grid w-full gap-2">
              <div className="flex flex-wrap gap-2">
                <DetailsToggle
                  delivery={delivery}
                  expanded={expanded.has(delivery.id)}
                  onToggle={() => onToggle(delivery.id)}
                  labelled
                />
                <ResendButton delivery={delivery} />
              </div>
              {expanded.has(delivery.id) ? <DeliveryDetails delivery={delivery} /> : null}
            </div>
          }
        />
      )}
    />
  );
}

/**
 * Evento, status, tentativas, resposta, duração, quando, próxima tentativa, Reenviar; a row
 * expands into its details. Cards below 640 px.
 */
export function WebhookDeliveriesTable(props: DeliveriesTableProps) {
  const isPhone = useIsPhone();
  const { query, expanded, onToggle } = props;
  if (isPhone) return <DeliveryCards {...props} />;
  const rows = query.data?.items;
  return (
    <div className="max-h-[560px] overflow-y-auto rounded-md border [&_[data-slot=table-container]]:overflow-visible">
      <Table className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
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
            <TableHead className="hidden lg:table-cell">{text.columns.nextAttempt}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{text.columns.actions}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <StateTableBody
          columns={COLUMNS}
          rows={rows}
          isLoading={query.isPending && !rows}
          loadingText={text.loading}
          emptyText={text.empty}
          renderRow={(delivery) => {
            const open = expanded.has(delivery.id);
            return (
              <Fragment key={delivery.id}>
                <TableRow className={cn(open && 'border-b-0')}>
                  <TableCell>
                    <div className="flex items-center gap-1">
                      <DetailsToggle
                        delivery={delivery}
                        expanded={open}
                        onToggle={() => onToggle(delivery.id)}
                      />
                      <span className="grid">
                        <span className="font-medium">{eventLabel(delivery.eventType)}</span>
                        <span className="text-muted-foreground font-mono text-xs">
                          {delivery.eventType}
                        </span>
                      </span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <DeliveryStatusBadge status={delivery.status} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{delivery.attempts}</TableCell>
                  <TableCell>
                    <ResponseCode delivery={delivery} />
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums md:table-cell">
                    <Duration delivery={delivery} />
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
                    <TableCell colSpan={COLUMNS} className="bg-muted/30 whitespace-normal">
                      <DeliveryDetails delivery={delivery} />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          }}
        />
      </Table>
    </div>
  );
}
