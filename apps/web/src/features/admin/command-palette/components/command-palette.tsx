import type { Product } from '@chaveiro/contract';
import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { NavItem } from '@/components/layout/nav-items';
import { Button } from '@/components/ui/button';
import { paletteTexts as t } from '../texts';

// cmdk and the results load with the first opening, not with the admin area.
const CommandPaletteDialog = lazy(async () => ({
  default: (await import('./command-palette-dialog')).CommandPaletteDialog,
}));
const ProductOperationalDialog = lazy(async () => ({
  default: (await import('@/components/product-status/product-operational-dialog'))
    .ProductOperationalDialog,
}));

function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/**
 * The admin's command palette: Ctrl+K (⌘K on a Mac) anywhere in the admin area, or
 * the header's button, opens it; it jumps to any screen of `items`, user, key or product, or
 * opens a product's "Status operacional" (which outlives the palette: it closes first).
 */
export function CommandPalette({ items }: { items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [statusOf, setStatusOf] = useState<Product | null>(null);
  const shortcut = isApple() ? '⌘K' : 'Ctrl K';

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-muted-foreground gap-2 max-sm:size-9 max-sm:px-0"
        aria-label={`${t.openLabel} (${shortcut})`}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Search aria-hidden />
        <span className="max-sm:sr-only">{t.open}</span>
        <kbd
          aria-hidden
          className="bg-muted text-foreground pointer-events-none ml-2 hidden rounded border px-1.5 font-mono text-[10px] font-medium sm:inline-block"
        >
          {shortcut}
        </kbd>
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPaletteDialog
            open={open}
            onOpenChange={setOpen}
            items={items}
            onProductStatus={(product) => {
              setOpen(false);
              setStatusOf(product);
            }}
          />
        </Suspense>
      ) : null}
      {statusOf ? (
        <Suspense fallback={null}>
          <ProductOperationalDialog
            key={statusOf.id}
            product={statusOf}
            onClose={() => setStatusOf(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
