import { labels } from '@chaveiro/contract';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';

/** The way back to /auth from the single-purpose account pages. */
export function BackToLoginLink({ variant = 'ghost' }: { variant?: 'ghost' | 'default' }) {
  return (
    <Link to="/auth" className={buttonVariants({ variant, className: 'w-full' })}>
      <ArrowLeft aria-hidden />
      {labels.auth.backToLogin}
    </Link>
  );
}
