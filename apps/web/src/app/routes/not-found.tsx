import { labels } from '@chaveiro/contract';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

const t = labels.notFoundPage;

interface NotFoundViewProps {
  homePath: string;
  homeLabel: string;
  /** Plain classes: `cn` would bring tailwind-merge into the first load of `/`. */
  className: string;
}

/** 404, the spec's heading and a way back: the same view outside and inside the areas. */
function NotFoundView({ homePath, homeLabel, className }: NotFoundViewProps) {
  return (
    <div className={`flex flex-col items-center justify-center gap-4 text-center ${className}`}>
      <p className="text-primary text-7xl font-bold tracking-tight sm:text-8xl">404</p>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{labels.notFound}</h1>
      <p className="text-muted-foreground max-w-md">{t.description}</p>
      <Link to={homePath} className={`${buttonVariants()} mt-2`}>
        {homeLabel}
      </Link>
    </div>
  );
}

/** Any path outside the areas (spec §2): public, links to the landing page. */
export function NotFoundRoute() {
  return (
    <main className="bg-background min-h-svh px-4">
      <NotFoundView homePath="/" homeLabel={t.backHome} className="min-h-svh" />
    </main>
  );
}

/** An unknown path under /admin: stays in the admin layout and leads back to its dashboard. */
export function AdminNotFoundRoute() {
  return <NotFoundView homePath="/admin/dashboard" homeLabel={t.backToPanel} className="py-16" />;
}

/** An unknown path under /dashboard: stays in the customer layout. */
export function CustomerNotFoundRoute() {
  return <NotFoundView homePath="/dashboard" homeLabel={t.backToPanel} className="py-16" />;
}

/** An unknown path under /reseller/dashboard: stays in the reseller layout. */
export function ResellerNotFoundRoute() {
  return (
    <NotFoundView homePath="/reseller/dashboard" homeLabel={t.backToPanel} className="py-16" />
  );
}
