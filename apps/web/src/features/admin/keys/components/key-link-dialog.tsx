import type { KeyListItem } from '@chaveiro/contract';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { SearchInput } from '@/components/data-table/search-input';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { useClients } from '@/hooks/use-clients';
import { useLinkKey } from '../api/link-key';

/** Link User: pick a client (searched on the server) and redeem the key for them. */
export function KeyLinkDialog({ row, onClose }: { row: KeyListItem; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const clients = useClients(q);
  const [selected, setSelected] = useState<{ id: string; username: string } | null>(null);
  const link = useLinkKey();

  const confirm = () => {
    if (!selected) return;
    link.mutate(
      { id: row.id, userId: selected.id },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  };

  const items = clients.data ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Vincular usuário</DialogTitle>
          <DialogDescription>
            A chave <span className="font-mono">{row.key}</span> será resgatada para o cliente
            escolhido.
          </DialogDescription>
        </DialogHeader>
        <SearchInput
          value={search}
          onValueChange={setSearch}
          label="Buscar cliente"
          className="sm:max-w-none"
        />
        <div
          role="listbox"
          aria-label="Clientes"
          className="max-h-56 overflow-y-auto rounded-md border p-1"
        >
          {clients.isPending ? (
            <p className="text-muted-foreground p-2 text-sm">Carregando...</p>
          ) : clients.isError ? (
            <p role="alert" className="text-destructive p-2 text-sm">
              Erro ao carregar clientes.
            </p>
          ) : items.length === 0 ? (
            <p className="text-muted-foreground p-2 text-sm">Nenhum cliente encontrado.</p>
          ) : (
            items.map((client) => {
              const isSelected = selected?.id === client.id;
              return (
                <button
                  key={client.id}
                  type="button"
                  role="option"
                  aria-selected={isSelected}
                  onClick={() => setSelected(client)}
                  className={cn(
                    'hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex w-full items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm outline-none focus-visible:ring-[3px]',
                    isSelected && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span className="truncate">{client.username}</span>
                  {isSelected ? <Check className="size-4" aria-hidden /> : null}
                </button>
              );
            })
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <PendingButton pending={link.isPending} disabled={!selected} onClick={confirm}>
            {selected ? `Vincular a ${selected.username}` : 'Vincular'}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
