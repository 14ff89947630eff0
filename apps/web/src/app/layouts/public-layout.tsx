import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { ThemeToggle } from '@/components/theme/theme-toggle';

/** Frame of the public account pages (/auth, /verify-email, password reset, /terms). */
export function PublicLayout() {
  return (
    <div className="bg-background flex min-h-svh flex-col">
      <header className="flex h-16 items-center justify-between border-b px-4 sm:px-8">
        <Link
          to="/"
          className="focus-visible:ring-ring/50 rounded-md outline-none focus-visible:ring-[3px]"
        >
          <Brand />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 py-10 sm:py-16">
        <Outlet />
      </main>
    </div>
  );
}
