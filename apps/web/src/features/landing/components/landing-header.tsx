import { labels } from '@chaveiro/contract';
import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { buttonVariants } from '@/components/ui/button-variants';

export function LandingHeader() {
  return (
    <header className="bg-background/80 supports-[backdrop-filter]:bg-background/60 sticky top-0 z-20 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="focus-visible:ring-ring/50 mr-auto rounded-md outline-none focus-visible:ring-[3px]"
        >
          <Brand />
        </Link>
        <Link to="/auth" className={buttonVariants({ variant: 'ghost' })}>
          {labels.landing.login}
        </Link>
        <Link to="/auth" className={buttonVariants()}>
          {labels.landing.register}
        </Link>
      </div>
    </header>
  );
}
