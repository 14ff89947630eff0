import {
  PROTECTION_LIMITS,
  protectionMessages as t,
  type Delivery,
  type LeakTraceResult,
  type LeakVerdict,
  type Product,
} from '@chaveiro/contract';
import { ExternalLink, FileSearch, ShieldQuestion, ShieldX, UserSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PendingButton } from '@/components/form/pending-button';
import { DeliveryProtectionBadge } from '@/components/protection/protection-badges';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { UserLink } from '@/components/user-link';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useTraceLeak } from '../api/trace-leak';
import { PickedFile, UploadProgress } from './file-picker';
import { ProductDeliveriesTable } from './product-deliveries-table';
import { formatBytes } from './product-format';
import { useFilePicker } from './use-file-picker';

/**
 * A verdict's accent and icon: a named delivery stands out, an altered mark warns. Only the border
 * is tinted, so the muted text keeps its contrast.
 */
const VERDICT_LOOKS: Record<LeakVerdict, { tone: string; icon: ReactNode }> = {
  identical: {
    tone: 'border-l-primary',
    icon: <UserSearch className="text-primary size-5" aria-hidden />,
  },
  mark_intact: {
    tone: 'border-l-primary',
    icon: <UserSearch className="text-primary size-5" aria-hidden />,
  },
  altered: {
    tone: 'border-l-amber-500',
    icon: <ShieldX className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />,
  },
  unmarked: {
    tone: 'border-l-muted-foreground/40',
    icon: <ShieldQuestion className="text-muted-foreground size-5" aria-hidden />,
  },
};

/**
 * "Rastrear vazamento" (product menu): upload a leaked copy and see which delivery it came from
 * (customer, machine, IP, times) or why it names nobody; below, every delivery of the product.
 */
export function ProductLeakTraceDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const trace = useTraceLeak();
  const picker = useFilePicker(PROTECTION_LIMITS.leakedFileMaxBytes, () => trace.reset());
  const { file, tooLarge } = picker;

  const send = () => {
    if (!file || tooLarge) return;
    picker.setProgress(0);
    trace.mutate({ productId: row.id, file, onProgress: picker.setProgress });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !trace.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.leakTitle(row.name)}</DialogTitle>
          <DialogDescription>{t.leakDescription}</DialogDescription>
        </DialogHeader>

        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Label htmlFor="leaked-file">{t.leakFileLabel}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...picker.inputProps}
              id="leaked-file"
              disabled={trace.isPending}
              aria-invalid={tooLarge}
              aria-describedby={file ? 'leaked-file-info' : undefined}
            />
            <PendingButton
              type="submit"
              pending={trace.isPending}
              disabled={!file || tooLarge}
              className="sm:w-auto"
            >
              {trace.isPending ? null : <FileSearch aria-hidden />}
              {trace.isPending ? t.leakTracing : t.leakSubmit}
            </PendingButton>
          </div>
          <PickedFile
            id="leaked-file-info"
            file={file}
            tooLarge={tooLarge}
            tooLargeMessage={t.leakFileTooLarge}
          />
          {trace.isPending ? (
            <UploadProgress progress={picker.progress} label={t.leakTracing} withPercent={false} />
          ) : null}
        </form>

        {trace.data ? <LeakTraceResultCard result={trace.data} productId={row.id} /> : null}

        <ProductDeliveries productId={row.id} />

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={trace.isPending}>
            {t.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The verdict: who the copy was delivered to, or why it names nobody. */
export function LeakTraceResultCard({
  result,
  productId,
}: {
  result: LeakTraceResult;
  productId: string;
}) {
  const look = VERDICT_LOOKS[result.verdict];
  const { delivery } = result;
  return (
    <section
      aria-label={result.message}
      className={cn('grid gap-3 rounded-lg border border-l-4 p-4', look.tone)}
      data-testid="leak-trace-result"
      data-verdict={result.verdict}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0">{look.icon}</span>
        <div className="grid min-w-0 gap-1">
          <p role="status" className="font-medium">
            {result.message}
          </p>
          <p className="text-muted-foreground text-sm">{t.leakVerdictHints[result.verdict]}</p>
          {delivery && delivery.productId !== productId ? (
            <p className="text-sm font-medium text-amber-700 dark:text-amber-300">
              {t.leakOtherProduct(delivery.productName)}
            </p>
          ) : null}
        </div>
      </div>
      {delivery ? <DeliveryFacts delivery={delivery} /> : null}
      <p className="text-muted-foreground text-xs">
        {t.leakFileHash}: <span className="font-mono break-all">{result.sha256}</span> ·{' '}
        {t.leakFileSummary(formatBytes(result.size), result.marksFound)}
      </p>
    </section>
  );
}

function DeliveryFacts({ delivery }: { delivery: Delivery }) {
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t.leakCustomer,
      value: (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <UserLink id={delivery.user?.id} username={delivery.username} />
          {delivery.user ? (
            <Link
              to={`/admin/users/${encodeURIComponent(delivery.user.id)}`}
              className="text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline"
            >
              {t.leakOpenCustomer}
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          ) : (
            <span className="text-muted-foreground text-xs">({t.accountDeleted})</span>
          )}
        </span>
      ),
    },
    {
      label: t.leakMachine,
      value: <span className="font-mono text-sm break-all">{delivery.hwid}</span>,
    },
    { label: t.leakIp, value: <span className="font-mono text-sm">{delivery.ip}</span> },
    { label: t.leakTime, value: formatDateTime(delivery.createdAt) },
    {
      label: t.leakDownloaded,
      value: delivery.downloadedAt
        ? `${formatDateTime(delivery.downloadedAt)}${delivery.downloadIp ? ` · ${delivery.downloadIp}` : ''} · ${t.leakDownloads(delivery.downloads)}`
        : t.deliveryNotDownloaded,
    },
    { label: t.leakProtection, value: <DeliveryProtectionBadge delivery={delivery} /> },
    { label: t.leakMarkKind, value: t.markKinds[delivery.markKind] },
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-md border p-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd className="min-w-0 break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every delivery of the product, searchable and paged, under the tracer. */
function ProductDeliveries({ productId }: { productId: string }) {
  return (
    <section aria-labelledby="product-deliveries-title" className="grid gap-3">
      <div className="grid gap-0.5">
        <h3 id="product-deliveries-title" className="font-medium">
          {t.deliveriesTitle}
        </h3>
        <p className="text-muted-foreground text-sm">{t.deliveriesDescription}</p>
      </div>
      <ProductDeliveriesTable productId={productId} />
    </section>
  );
}
