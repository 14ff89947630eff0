import { loaderFileMessages as t, type ClientLoader } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { PendingButton } from '@/components/form/pending-button';
import { formatBytes } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ReasonTooltip } from '../reason-tooltip';
import { useDownloadLoader } from './download-loader';

/** "Baixar loader" with the version and size beside it. */
function LoaderDownloadButton({
  subscriptionId,
  loader,
  blockedReason,
}: {
  subscriptionId: string;
  loader: ClientLoader;
  blockedReason: string | null;
}) {
  const download = useDownloadLoader();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <ReasonTooltip reason={blockedReason}>
        <PendingButton
          size="sm"
          pending={download.isPending}
          disabled={blockedReason !== null}
          onClick={() => download.mutate({ subscriptionId })}
        >
          {download.isPending ? null : <Download aria-hidden />}
          {t.download}
        </PendingButton>
      </ReasonTooltip>
      <span className="text-muted-foreground text-xs tabular-nums" data-testid="loader-meta">
        {t.downloadVersion(loader.version)} · {formatBytes(loader.size)}
      </span>
    </div>
  );
}

function Steps() {
  return (
    <ol className="text-muted-foreground grid list-decimal gap-1.5 pl-5 text-sm marker:font-medium">
      {t.guideSteps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

/**
 * The loader download and the first-run guide (download, run, the HWID, "HWID diferente"): in
 * the redeem-success modal open, on the subscription card folded under "Primeiros passos".
 * One component for both, so the two never tell the customer different things.
 */
export function LoaderGuide({
  subscriptionId,
  loader,
  blockedReason = null,
  folded = false,
  className,
}: {
  subscriptionId: string;
  loader: ClientLoader | null;
  /** Why the download is unavailable now (paused, expired), or null. */
  blockedReason?: string | null;
  /** The guide folded under its title (the card); open (the modal). */
  folded?: boolean;
  className?: string;
}) {
  return (
    <section aria-label={t.guideTitle} className={cn('grid gap-3', className)}>
      {loader ? (
        <LoaderDownloadButton
          subscriptionId={subscriptionId}
          loader={loader}
          blockedReason={blockedReason}
        />
      ) : (
        <p className="text-muted-foreground text-sm">{t.guideNoLoader}</p>
      )}
      {loader?.notes ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t.releaseNotes}</summary>
          <p className="text-muted-foreground mt-1 whitespace-pre-line">{loader.notes}</p>
        </details>
      ) : null}
      {folded ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t.guideTitle}</summary>
          <div className="mt-2">
            <Steps />
          </div>
        </details>
      ) : (
        <div className="grid gap-2 text-left">
          <h3 className="text-sm font-semibold">{t.guideTitle}</h3>
          <Steps />
        </div>
      )}
    </section>
  );
}
