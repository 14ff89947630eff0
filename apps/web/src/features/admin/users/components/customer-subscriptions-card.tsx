import {
  PRODUCT_OPERATIONAL_LABELS,
  type CustomerMachine,
  type CustomerSubscription,
  type Product,
} from '@chaveiro/contract';
import { Activity, Cpu, Unlink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { formatCount, formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useReleaseCustomerMachine } from '../api/release-customer-machine';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { ProductOperationalDialog } from '@/components/product-status/product-operational-dialog';
import { ProductStatusBadge } from '@/components/product-status/product-status-badge';
import { productStatusTexts } from '@/components/product-status/texts';
import { useProducts } from '@/hooks/use-products';
import { CustomerCard } from './customer-section-card';

interface CustomerSubscriptionsCardProps {
  userId: string;
  subscriptions: CustomerSubscription[];
}

/**
 * The customer's subscriptions, each with the machines bound to it and 'Liberar' per machine,
 * and its product's operational status (from the catalogue) with the action to change it.
 */
export function CustomerSubscriptionsCard({
  userId,
  subscriptions,
}: CustomerSubscriptionsCardProps) {
  const [releasing, setReleasing] = useState<CustomerMachine | null>(null);
  const [statusOf, setStatusOf] = useState<Product | null>(null);
  const release = useReleaseCustomerMachine();
  const catalogue = useProducts({ enabled: subscriptions.length > 0 });
  const productOf = (id: string) => catalogue.data?.find((product) => product.id === id);

  return (
    <>
      <CustomerCard
        title="Assinaturas e computadores"
        description="Online é um heartbeat do loader nos últimos 90 segundos. Liberar um computador solta só ele, sem gastar créditos do cliente."
        contentClassName="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
      >
        {subscriptions.length === 0 ? (
          <p className="text-muted-foreground rounded-md border px-3 py-8 text-center text-sm">
            Nenhuma assinatura.
          </p>
        ) : (
          subscriptions.map((sub) => (
            <SubscriptionBlock
              key={sub.id}
              subscription={sub}
              product={productOf(sub.product_id)}
              onRelease={setReleasing}
              onChangeStatus={setStatusOf}
            />
          ))
        )}
      </CustomerCard>
      <ConfirmActionDialog
        open={releasing !== null}
        onOpenChange={(next) => !next && setReleasing(null)}
        title="Liberar computador?"
        description={
          <>
            O computador <strong className="font-mono break-all">{releasing?.hwid}</strong> deixa de
            estar vinculado; os demais continuam. Nenhum crédito do cliente é gasto.
          </>
        }
        confirmLabel="Liberar"
        destructive
        pending={release.isPending}
        onConfirm={() => {
          if (!releasing) return;
          release.mutate(
            { userId, machineId: releasing.id },
            {
              onSuccess: (response) => {
                toast.success(response.message);
                setReleasing(null);
              },
              onError: (error) => toast.error(error.message),
            },
          );
        }}
      />
      {statusOf ? (
        <ProductOperationalDialog
          key={statusOf.id}
          product={statusOf}
          onClose={() => setStatusOf(null)}
        />
      ) : null}
    </>
  );
}

/** Who stopped the clock, in words: the customer, the administration or the product's outage. */
function pausedLabel(subscription: CustomerSubscription, product: Product | undefined): string {
  if (subscription.paused_by === 'user') return 'Pausada';
  if (subscription.paused_by !== 'product') return 'Pausada pela administração';
  const status = product?.operational.status;
  return status && status !== 'operational'
    ? `Congelada: produto ${PRODUCT_OPERATIONAL_LABELS[status].toLowerCase()}`
    : 'Congelada pelo status do produto';
}

function SubscriptionStatusBadge({
  subscription,
  product,
}: {
  subscription: CustomerSubscription;
  product: Product | undefined;
}) {
  if (subscription.is_expired) {
    return (
      <Badge variant="outline" className="bg-muted text-muted-foreground">
        Expirada
      </Badge>
    );
  }
  if (subscription.status === 'paused') {
    return (
      <Badge
        variant="outline"
        className="border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300"
      >
        {pausedLabel(subscription, product)}
      </Badge>
    );
  }
  return (
    <Badge
      variant="outline"
      className="border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
    >
      Ativa
    </Badge>
  );
}

/** A green or grey dot with its meaning in words (the colour alone says nothing to a reader). */
function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        aria-hidden
        className={cn(
          'size-2 shrink-0 rounded-full',
          online ? 'bg-emerald-500' : 'bg-muted-foreground/40',
        )}
      />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

function SubscriptionBlock({
  subscription: sub,
  product,
  onRelease,
  onChangeStatus,
}: {
  subscription: CustomerSubscription;
  /** Its product in the catalogue; undefined while the catalogue loads. */
  product: Product | undefined;
  onRelease: (machine: CustomerMachine) => void;
  onChangeStatus: (product: Product) => void;
}) {
  const facts = [
    {
      label: sub.status === 'paused' ? 'Expira se reativada' : 'Expira em',
      value: `${formatDate(sub.expires_at)}${sub.is_expired ? '' : ` (${formatCount(sub.days_remaining)} ${sub.days_remaining === 1 ? 'dia' : 'dias'})`}`,
    },
    {
      label: 'Dispositivos',
      value: `${formatCount(sub.machines.length)} de ${formatCount(sub.max_devices)}`,
    },
    { label: 'Créditos de pausa', value: formatCount(sub.pause_credits) },
    { label: 'Créditos de reset', value: formatCount(sub.hwid_reset_credits) },
    {
      label: 'Último acesso',
      value: sub.last_seen_at ? formatRelative(sub.last_seen_at) : 'Nunca',
    },
  ];
  const releaseButton = (machine: CustomerMachine) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onRelease(machine)}
      aria-label={`Liberar o computador ${machine.hwid}`}
    >
      <Unlink aria-hidden />
      Liberar
    </Button>
  );

  return (
    <section aria-label={`Assinatura ${sub.product_name}`} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{sub.product_name}</h3>
        <SubscriptionStatusBadge subscription={sub} product={product} />
        {product ? (
          <>
            <ProductStatusBadge
              status={product.operational.status}
              note={product.operational.note}
            />
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              onClick={() => onChangeStatus(product)}
              aria-label={productStatusTexts.changeFor(sub.product_name)}
            >
              <Activity aria-hidden />
              {productStatusTexts.change}
            </Button>
          </>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className="text-muted-foreground text-xs">{fact.label}</dt>
            <dd className="tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <ScrollTable
        query={{ data: { items: sub.machines }, isPending: false, isPlaceholderData: false }}
        columns={6}
        loadingText="Carregando computadores..."
        emptyText="Nenhum computador vinculado."
        head={
          <>
            <TableHead>HWID</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Vinculado em</TableHead>
            <TableHead>Último acesso</TableHead>
            <TableHead>IP</TableHead>
            <TableHead className="text-right">Ação</TableHead>
          </>
        }
        renderRow={(machine) => (
          <TableRow key={machine.id}>
            <TableCell className="font-mono">
              <span className="inline-flex items-center gap-2">
                <Cpu className="text-muted-foreground size-4 shrink-0" aria-hidden />
                {machine.hwid}
              </span>
            </TableCell>
            <TableCell>
              <OnlineDot online={machine.online} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDateTime(machine.first_seen_at)}
            </TableCell>
            <TableCell className="whitespace-nowrap" title={formatDateTime(machine.last_seen_at)}>
              {formatRelative(machine.last_seen_at)}
            </TableCell>
            <TableCell className="font-mono">{machine.last_ip ?? '—'}</TableCell>
            <TableCell className="text-right">{releaseButton(machine)}</TableCell>
          </TableRow>
        )}
        renderCard={(machine) => (
          <RowCard
            key={machine.id}
            title={
              <>
                <span className="min-w-0 font-mono break-all">{machine.hwid}</span>
                <OnlineDot online={machine.online} />
              </>
            }
            fields={[
              { label: 'Vinculado em', value: formatDateTime(machine.first_seen_at) },
              { label: 'Último acesso', value: formatRelative(machine.last_seen_at) },
              { label: 'IP', value: <span className="font-mono">{machine.last_ip ?? '—'}</span> },
            ]}
            actions={releaseButton(machine)}
          />
        )}
      />
    </section>
  );
}
