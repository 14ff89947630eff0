import type { WebhookEndpoint } from '@chaveiro/contract';
import { Link } from 'react-router';
import { RowCard, ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { webhooksTexts } from '../texts';
import { WebhookActionsMenu, WebhookEnabledSwitch } from './webhook-actions';
import { DiscordBadge, WebhookEventsBadges } from './webhook-events-badges';
import { WebhookLastDelivery } from './webhook-last-delivery';

const text = webhooksTexts.list;
const COLUMNS = 5;
const EVENTS_SHOWN = 3;

/** The URL, linking to the endpoint's page with its delivery log. */
function EndpointLink({ endpoint, className }: { endpoint: WebhookEndpoint; className?: string }) {
  return (
    <Link
      to={`/admin/webhooks/${encodeURIComponent(endpoint.id)}`}
      className={cn('font-mono text-xs font-medium break-all hover:underline', className)}
      aria-label={text.deliveriesOf(endpoint.url)}
    >
      {endpoint.url}
    </Link>
  );
}

function Description({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.description ? (
    <p className="text-muted-foreground text-sm break-words whitespace-normal">
      {endpoint.description}
    </p>
  ) : null;
}

/** URL and description, events, Ativo, última entrega, ações; cards on a phone. */
export function WebhooksTable({ query }: { query: ListQuery<WebhookEndpoint> }) {
  return (
    <ScrollTable
      query={query}
      columns={COLUMNS}
      loadingText={text.loading}
      emptyText={text.empty}
      tableClassName="table-fixed"
      head={
        <>
          <TableHead className="w-[40%]">{text.columns.url}</TableHead>
          <TableHead className="w-[28%]">{text.columns.events}</TableHead>
          <TableHead className="w-20">{text.columns.enabled}</TableHead>
          <TableHead className="w-40">{text.columns.lastDelivery}</TableHead>
          <TableHead className="w-14 text-right">
            <span className="sr-only">{text.columns.actions}</span>
          </TableHead>
        </>
      }
      renderRow={(endpoint) => (
        <TableRow key={endpoint.id}>
          <TableCell className="align-top whitespace-normal">
            <div className="grid gap-1">
              <EndpointLink endpoint={endpoint} />
              <Description endpoint={endpoint} />
              {endpoint.format === 'discord' ? (
                <span>
                  <DiscordBadge />
                </span>
              ) : null}
            </div>
          </TableCell>
          <TableCell className="align-top whitespace-normal">
            <WebhookEventsBadges endpoint={endpoint} limit={EVENTS_SHOWN} />
          </TableCell>
          <TableCell className="align-top">
            <WebhookEnabledSwitch endpoint={endpoint} />
          </TableCell>
          <TableCell className="align-top whitespace-normal">
            <WebhookLastDelivery endpoint={endpoint} />
          </TableCell>
          <TableCell className="text-right align-top">
            <WebhookActionsMenu endpoint={endpoint} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(endpoint) => (
        <RowCard
          key={endpoint.id}
          title={
            <>
              <EndpointLink endpoint={endpoint} className="min-w-0 flex-1" />
              <WebhookActionsMenu endpoint={endpoint} />
            </>
          }
          fields={[
            ...(endpoint.description
              ? [{ label: text.columns.description, value: endpoint.description }]
              : []),
            {
              label: text.columns.events,
              value: <WebhookEventsBadges endpoint={endpoint} limit={EVENTS_SHOWN} />,
            },
            {
              label: text.columns.lastDelivery,
              value: <WebhookLastDelivery endpoint={endpoint} />,
            },
            {
              label: text.columns.enabled,
              value: (
                <span className="inline-flex items-center gap-2">
                  <WebhookEnabledSwitch endpoint={endpoint} />
                  {endpoint.format === 'discord' ? <DiscordBadge /> : null}
                </span>
              ),
            },
          ]}
        />
      )}
    />
  );
}
