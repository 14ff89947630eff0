import { labels } from '@chaveiro/contract';
import { LogOut, Wrench } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PendingButton } from '@/components/form/pending-button';
import { Brand } from '@/components/layout/brand';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { Button } from '@/components/ui/button';
import { MAINTENANCE_POLL_MS } from '@/lib/maintenance';
import { maintenanceTexts as t } from './texts';

interface MaintenancePageProps {
  message: string;
  checking: boolean;
  onCheckNow: () => void;
  onLogout: () => void;
}

/** The whole page a client or reseller sees while maintenance mode is on. */
export function MaintenancePage({ message, checking, onCheckNow, onLogout }: MaintenancePageProps) {
  const heading = useRef<HTMLHeadingElement>(null);

  // The screen the visitor was on vanished: tell assistive technology where they are now.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="bg-background text-foreground flex min-h-svh flex-col">
      <header className="flex h-16 shrink-0 items-center justify-between gap-2 border-b px-4 lg:px-8">
        <Brand />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Button variant="ghost" onClick={onLogout}>
            <LogOut aria-hidden />
            {labels.customerNav.logout}
          </Button>
        </div>
      </header>

      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <section
          aria-labelledby="maintenance-title"
          className="flex w-full max-w-lg flex-col items-center text-center"
        >
          <div className="bg-primary/10 text-primary ring-primary/20 mb-8 flex size-20 items-center justify-center rounded-2xl ring-1">
            <Wrench className="size-9" aria-hidden />
          </div>
          <h1
            id="maintenance-title"
            ref={heading}
            tabIndex={-1}
            className="text-3xl font-semibold tracking-tight text-balance outline-none sm:text-4xl"
          >
            {t.title}
          </h1>
          <p className="mt-4 text-lg text-pretty">{message}</p>
          <p className="text-muted-foreground mt-2 text-pretty">{t.reassurance}</p>

          <div className="bg-muted/50 text-muted-foreground mt-8 flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left text-sm">
            <span className="relative mt-1.5 flex size-2 shrink-0" aria-hidden>
              <span className="bg-primary/60 absolute inline-flex size-full animate-ping rounded-full motion-reduce:animate-none" />
              <span className="bg-primary relative inline-flex size-2 rounded-full" />
            </span>
            <p className="text-pretty">{t.comesBack(MAINTENANCE_POLL_MS / 1000)}</p>
          </div>

          <PendingButton variant="outline" className="mt-6" pending={checking} onClick={onCheckNow}>
            {t.checkNow}
          </PendingButton>
        </section>
      </main>
    </div>
  );
}
