import type { ClientItem } from '@chaveiro/contract';
import { Check } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import type { FieldControlProps } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useClients } from '@/hooks/use-clients';
import { resellersTexts } from '../texts';

const text = resellersTexts.clients;

interface ClientPickerProps {
  control: FieldControlProps;
  value: ClientItem | null;
  onChange: (client: ClientItem) => void;
}

/**
 * A search-as-you-type combobox over the client users: there may be thousands, so the server
 * filters by the start of the username and answers at most 50. Arrow keys move through the
 * options and Enter picks one; a click picks too.
 */
export function ClientPicker({ control, value, onChange }: ClientPickerProps) {
  const listId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(search.trim());
  const clients = useClients(q);
  const items = clients.data ?? [];
  const optionId = (index: number) => `${listId}-option-${String(index)}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter' && items[active]) {
      // Picking an option must not submit the surrounding form.
      event.preventDefault();
      onChange(items[active]);
    }
  };

  return (
    <div className="grid gap-2">
      <Input
        {...control}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={items[active] ? optionId(active) : undefined}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        placeholder={text.search}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={text.listLabel}
        className={cn(
          'max-h-48 overflow-y-auto rounded-md border p-1 transition-opacity',
          clients.isPlaceholderData && 'opacity-60',
        )}
      >
        {clients.isPending ? (
          <p className="text-muted-foreground p-2 text-sm">{text.loading}</p>
        ) : clients.isError ? (
          <p role="alert" className="text-destructive p-2 text-sm">
            {text.error}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground p-2 text-sm">{text.empty}</p>
        ) : (
          items.map((client, index) => {
            const selected = value?.id === client.id;
            return (
              <div
                key={client.id}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                onClick={() => onChange(client)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                  selected && 'font-medium',
                )}
              >
                <span className="truncate">{client.username}</span>
                {selected ? <Check className="size-4 shrink-0" aria-hidden /> : null}
              </div>
            );
          })
        )}
      </div>
      <p className="text-sm font-medium" aria-live="polite">
        {value ? text.selected(value.username) : null}
      </p>
    </div>
  );
}
