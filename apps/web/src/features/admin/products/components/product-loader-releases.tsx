import { protectionMessages as t, type LoaderRelease } from '@chaveiro/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTimeAt } from '@/lib/format';
import { useLoaderReleases, useRemoveLoaderRelease } from '../api/loader-releases';
import { InlineConfirm } from './inline-confirm';
import { formatBytes } from './product-format';

/** Enough of a SHA-256 to tell versions apart at a glance; the whole hash is on hover. */
const SHORT_HASH_CHARS = 12;

/**
 * "Versões publicadas" in "Arquivo do loader": every loader uploaded with a version, whose hashes
 * the server accepts as the official loader, newest first; one can be withdrawn.
 */
export function ProductLoaderReleases({ productId }: { productId: string }) {
  const releases = useLoaderReleases(productId);
  const headingId = `loader-releases-${productId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-medium">
          {t.releasesTitle}
        </h3>
        <p className="text-muted-foreground text-xs">{t.releasesHint}</p>
      </div>
      {releases.isError ? (
        <LoadErrorAlert error={releases.error} />
      ) : !releases.data ? (
        <Skeleton className="h-14" />
      ) : releases.data.items.length === 0 ? (
        <p className="text-muted-foreground rounded-md border px-3 py-4 text-center text-sm">
          {t.releasesEmpty}
        </p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto">
          {releases.data.items.map((release) => (
            <ReleaseItem key={release.id} productId={productId} release={release} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReleaseItem({ productId, release }: { productId: string; release: LoaderRelease }) {
  const remove = useRemoveLoaderRelease();
  const [confirming, setConfirming] = useState(false);
  const removeRelease = () => remove.mutate({ id: productId, releaseId: release.id });

  return (
    <li className="grid gap-2 rounded-md border px-3 py-2 text-sm" data-testid="loader-release">
      <div className="flex items-center justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {t.releaseVersion(release.version)}
            {release.current ? <Badge variant="secondary">{t.releaseCurrent}</Badge> : null}
          </p>
          <p className="text-muted-foreground text-xs">
            <span className="font-mono" title={release.sha256}>
              {release.sha256.slice(0, SHORT_HASH_CHARS)}
            </span>{' '}
            · {formatBytes(release.size)} ·{' '}
            {t.releaseUploadedAt(formatDateTimeAt(release.uploadedAt))}
          </p>
        </div>
        {confirming ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            aria-label={t.releaseRemoveOf(release.version)}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">{t.releaseRemove}</span>
          </Button>
        )}
      </div>
      {confirming ? (
        <InlineConfirm
          message={t.releaseRemoveConfirm(release.version)}
          confirmLabel={t.releaseRemove}
          cancelLabel={t.cancel}
          pending={remove.isPending}
          onConfirm={removeRelease}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
