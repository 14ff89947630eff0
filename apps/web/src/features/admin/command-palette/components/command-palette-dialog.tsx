import {
  ADMIN_SEARCH,
  PRODUCT_OPERATIONAL_LABELS,
  plural,
  labels,
  type Product,
} from '@chaveiro/contract';
import { Activity, KeyRound, Loader2, Package, User } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import type { NavItem } from '@/components/layout/nav-items';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useProducts } from '@/hooks/use-products';
import { useAdminSearch } from '../api/admin-search';
import { paletteTexts as t } from '../texts';

const SEARCH_DEBOUNCE_MS = 250;
/** "Status de <produto>…" actions listed at most. */
const STATUS_ACTIONS_MAX = 5;

/** Lowercase without accents, so "deposito" finds "Depósitos". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

interface CommandPaletteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: readonly NavItem[];
  /** "Status de <produto>…" was chosen. */
  onProductStatus: (product: Product) => void;
}

export function CommandPaletteDialog({
  open,
  onOpenChange,
  items,
  onProductStatus,
}: CommandPaletteDialogProps) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const typed = input.trim();
  const q = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searchable = q.length >= ADMIN_SEARCH.minChars;
  const search = useAdminSearch(searchable ? q : '');
  const results = searchable ? search.data : undefined;
  // The catalogue is small and cached: its products' status actions are filtered here.
  const catalogue = useProducts({ enabled: open && typed.length >= ADMIN_SEARCH.minChars });
  const statusActions =
    typed.length >= ADMIN_SEARCH.minChars
      ? (catalogue.data ?? [])
          .filter((product) => fold(t.productStatusAction(product.name)).includes(fold(typed)))
          .slice(0, STATUS_ACTIONS_MAX)
      : [];

  const screens = typed
    ? items.filter(
        (item) => fold(item.label).includes(fold(typed)) || item.to.includes(fold(typed)),
      )
    : items;
  const found =
    (results?.users.length ?? 0) +
    (results?.keys.length ?? 0) +
    (results?.products.length ?? 0) +
    statusActions.length;
  const waiting = searchable && (search.isFetching || typed !== q);

  const go = (to: string) => {
    onOpenChange(false);
    setInput('');
    void navigate(to);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setInput('');
      }}
    >
      <DialogContent className="top-[15%] translate-y-0 overflow-hidden p-0 sm:max-w-xl">
        <DialogTitle className="sr-only">{t.title}</DialogTitle>
        <DialogDescription className="sr-only">{t.description}</DialogDescription>
        {/* The server filters the results; the screens are filtered here. */}
        <Command shouldFilter={false} label={t.title} loop>
          <CommandInput
            value={input}
            onValueChange={setInput}
            placeholder={t.placeholder}
            aria-label={t.placeholder}
            className="h-12"
          />
          <CommandList className="max-h-[min(60svh,420px)]">
            <div role="status" aria-live="polite" className="sr-only">
              {waiting
                ? t.searching
                : searchable && results
                  ? plural(found, 'resultado', 'resultados')
                  : ''}
            </div>
            {screens.length > 0 ? (
              <CommandGroup heading={t.screens}>
                {screens.map(({ to, label, icon: Icon }) => (
                  <CommandItem key={to} value={`screen:${to}`} onSelect={() => go(to)}>
                    <Icon aria-hidden />
                    {label}
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            {results && results.users.length > 0 ? (
              <CommandGroup heading={t.users}>
                {results.users.map((user) => (
                  <CommandItem
                    key={user.id}
                    value={`user:${user.id}`}
                    onSelect={() => go(`/admin/users/${encodeURIComponent(user.id)}`)}
                  >
                    <User aria-hidden />
                    <span className="min-w-0 truncate">
                      <span className="font-medium">{user.username}</span>{' '}
                      <span className="text-muted-foreground">{user.email ?? labels.noEmail}</span>
                    </span>
                    <span className="text-muted-foreground ml-auto shrink-0 text-xs">
                      {t.roles[user.role]}
                      {user.status === 'banned' ? ` · ${t.userStatus.banned}` : ''}
                    </span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            {results && results.keys.length > 0 ? (
              <CommandGroup heading={t.keys}>
                {results.keys.map((key) => (
                  <CommandItem
                    key={key.id}
                    value={`key:${key.id}`}
                    onSelect={() => go(`/admin/keys?q=${encodeURIComponent(key.key)}`)}
                  >
                    <KeyRound aria-hidden />
                    <span className="min-w-0 truncate font-mono text-xs">{key.key}</span>
                    <span className="text-muted-foreground ml-auto shrink-0 text-xs">
                      {key.product} · {t.keyStatus[key.status]}
                    </span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            {results && results.products.length > 0 ? (
              <CommandGroup heading={t.products}>
                {results.products.map((product) => (
                  <CommandItem
                    key={product.id}
                    value={`product:${product.id}`}
                    onSelect={() => go('/admin/products')}
                  >
                    <Package aria-hidden />
                    <span className="min-w-0 truncate">{product.name}</span>
                    <span className="text-muted-foreground ml-auto shrink-0 text-xs">
                      {t.productStatus[product.status]}
                    </span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            {statusActions.length > 0 ? (
              <CommandGroup heading={t.actions}>
                {statusActions.map((product) => (
                  <CommandItem
                    key={product.id}
                    value={`product-status:${product.id}`}
                    onSelect={() => {
                      setInput('');
                      onProductStatus(product);
                    }}
                  >
                    <Activity aria-hidden />
                    <span className="min-w-0 truncate">{t.productStatusAction(product.name)}</span>
                    <span className="text-muted-foreground ml-auto shrink-0 text-xs">
                      {PRODUCT_OPERATIONAL_LABELS[product.operational.status]}
                    </span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ) : null}
            {typed.length > 0 && typed.length < ADMIN_SEARCH.minChars ? (
              <p className="text-muted-foreground px-4 py-3 text-sm">{t.typeMore}</p>
            ) : null}
            {waiting && found === 0 ? (
              <p className="text-muted-foreground flex items-center gap-2 px-4 py-3 text-sm">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {t.searching}
              </p>
            ) : null}
            {search.isError && searchable ? (
              <p className="text-destructive px-4 py-3 text-sm">{t.failed}</p>
            ) : null}
            {!waiting && searchable && !search.isError ? (
              <CommandEmpty>{t.noResults(q)}</CommandEmpty>
            ) : null}
          </CommandList>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
