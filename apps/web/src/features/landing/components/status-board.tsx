import { buttonVariants } from '@/components/ui/button-variants';
import { useMediaQuery } from '@/hooks/use-media-query';
import { STATUS_BAR_DAYS, STATUS_HISTORY_DAYS, STATUS_TEXT } from '../status-content';
import { todayOf } from '../status-history';
import { usePublicStatus } from '../use-public-status';
import { StatusBanner } from './status-banner';
import { StatusProduct } from './status-product';

/** Cards the skeleton draws: the height most catalogues fill, so little moves when data comes. */
const SKELETON_PRODUCTS = 3;
// Still shapes: a pulse on each would keep the main thread updating layers every frame, which
// Lighthouse counts as blocking time while the page loads.
const SHAPE = 'bg-muted-foreground/15 rounded-md';

/** What the prerendered page shows until the data comes: the shapes of the banner and cards. */
function StatusSkeleton() {
  return (
    <div role="status">
      <noscript>
        <p className="mb-4">{STATUS_TEXT.needsJavaScript}</p>
      </noscript>
      <span className="sr-only">{STATUS_TEXT.loading}</span>
      <div aria-hidden>
        <div className="flex min-h-20 items-start gap-3 rounded-xl border p-5">
          <div className={`size-5 shrink-0 rounded-full ${SHAPE}`} />
          <div className="flex-1">
            <div className={`h-6 w-56 max-w-full ${SHAPE}`} />
            <div className={`mt-1 h-4 w-32 ${SHAPE}`} />
          </div>
        </div>
        <div className={`mt-10 h-7 w-24 ${SHAPE}`} />
        <div className="mt-4 space-y-4">
          {Array.from({ length: SKELETON_PRODUCTS }, (_, index) => (
            <div key={index} className="bg-card rounded-xl border p-5">
              <div className="flex items-center justify-between gap-4">
                <div className={`h-6 w-40 ${SHAPE}`} />
                <div className={`h-5 w-24 ${SHAPE}`} />
              </div>
              <div className={`mt-1 h-4 w-44 ${SHAPE}`} />
              <div className={`mt-4 h-8 ${SHAPE}`} />
              <div className={`mt-2 h-4 ${SHAPE}`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The part of /status that runs: the products' status from `GET /api/status`, asked for once the
 * page has hydrated and then every 30 s. The prerendered HTML carries its skeleton.
 */
export function StatusBoard() {
  const { state, retry } = usePublicStatus();
  const phone = useMediaQuery(STATUS_BAR_DAYS[0].query);
  const narrow = useMediaQuery(STATUS_BAR_DAYS[1].query);
  const barDays = phone
    ? STATUS_BAR_DAYS[0].days
    : narrow
      ? STATUS_BAR_DAYS[1].days
      : STATUS_HISTORY_DAYS;
  if (state.kind === 'loading') return <StatusSkeleton />;
  if (state.kind === 'error') {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-500/30 bg-red-500/10 p-5 text-red-800 dark:text-red-300"
      >
        <p>{STATUS_TEXT.loadFailed}</p>
        <button
          type="button"
          onClick={retry}
          className={`${buttonVariants({ variant: 'outline' })} mt-4`}
        >
          {STATUS_TEXT.retry}
        </button>
      </div>
    );
  }
  const { status, stale } = state;
  const today = todayOf(status);
  return (
    <div>
      <StatusBanner status={status} stale={stale} />
      {status.products.length > 0 ? (
        <section aria-labelledby="status-products" className="mt-10">
          <h2 id="status-products" className="text-xl font-semibold tracking-tight">
            {STATUS_TEXT.productsLabel}
          </h2>
          <ul className="mt-4 space-y-4">
            {status.products.map((product) => (
              <StatusProduct key={product.id} product={product} today={today} days={barDays} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
