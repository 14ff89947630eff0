import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';

export interface SectionShellProps {
  /** Sidebar width, e.g. `w-64`; `contentOffsetClassName` must match it (`lg:pl-64`). */
  sidebarClassName: string;
  contentOffsetClassName: string;
  /**
   * The one content width of the area (e.g. `max-w-7xl`): every screen of it starts at the same
   * place, so moving between screens does not shift the page sideways.
   */
  contentWidthClassName: string;
  brand: ReactNode;
  /** Heading of the mobile drawer. */
  drawerTitle: ReactNode;
  /** The sidebar body; `onNavigate` closes the mobile drawer after a link is followed. */
  renderSidebar: (onNavigate?: () => void) => ReactNode;
  title?: string;
  headerActions?: ReactNode;
  children: ReactNode;
}

/**
 * Radix would focus the first button in the drawer, which in the admin area is logout (and opens
 * its tooltip); start on the current page's link instead.
 */
function focusCurrentPage(event: Event) {
  event.preventDefault();
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  (content.querySelector<HTMLElement>('[aria-current="page"]') ?? content).focus();
}

/**
 * The frame of a signed-in section: a fixed sidebar on large screens, a slide-in drawer on small
 * ones, and a sticky header with the page title and actions.
 */
export function SectionShell({
  sidebarClassName,
  contentOffsetClassName,
  contentWidthClassName,
  brand,
  drawerTitle,
  renderSidebar,
  title,
  headerActions,
  children,
}: SectionShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="bg-background min-h-svh">
      <aside
        className={cn(
          'bg-sidebar text-sidebar-foreground fixed inset-y-0 left-0 z-30 hidden flex-col border-r lg:flex print:hidden',
          sidebarClassName,
        )}
      >
        <div className="flex h-16 shrink-0 items-center border-b px-5">{brand}</div>
        {renderSidebar()}
      </aside>

      {/* Printed (a receipt), the page is its content alone: no sidebar, header or offsets. */}
      <div className={cn('flex min-h-svh flex-col', contentOffsetClassName, 'print:pl-0')}>
        <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-20 flex h-16 items-center gap-2 border-b px-4 backdrop-blur lg:px-8 print:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-ml-2 lg:hidden"
                aria-label="Abrir menu"
              >
                <Menu />
              </Button>
            </SheetTrigger>
            <SheetContent
              side="left"
              className="bg-sidebar text-sidebar-foreground w-72 gap-0 p-0"
              aria-describedby={undefined}
              onOpenAutoFocus={focusCurrentPage}
            >
              <SheetHeader className="h-16 justify-center border-b px-5 py-0">
                <SheetTitle>{drawerTitle}</SheetTitle>
              </SheetHeader>
              {renderSidebar(() => setDrawerOpen(false))}
            </SheetContent>
          </Sheet>
          {title ? (
            <p className="truncate text-base font-semibold tracking-tight">{title}</p>
          ) : null}
          <div className="ml-auto flex items-center gap-1">{headerActions}</div>
        </header>
        <main className="flex-1 px-4 py-6 lg:px-8 print:p-0">
          <div className={cn('mx-auto w-full', contentWidthClassName)}>{children}</div>
        </main>
      </div>
    </div>
  );
}
