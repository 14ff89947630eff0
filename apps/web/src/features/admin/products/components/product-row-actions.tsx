import { loaderFileMessages, type Product } from '@chaveiro/contract';
import { FileUp, MonitorDown, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useUpdateProductStatus } from '../api/update-product-status';
import { useProductsDialogs } from './products-dialogs-context';

/** Row menu: edit, upload DLL, the loader file, Desligar/Ativar, delete (spec §2). */
export function ProductRowActions({ row }: { row: Product }) {
  const { setOpen } = useProductsDialogs();
  const status = useUpdateProductStatus();
  const active = row.status === 'active';

  const toggle = () => {
    status.mutate(
      { id: row.id, status: active ? 'disabled' : 'active' },
      { onSuccess: (response) => toast.success(response.message) },
    );
  };

  return (
    <RowActionsMenu label={`Ações do produto ${row.name}`}>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'edit', row })}>
        <Pencil /> Editar
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'dll', row })}>
        <FileUp /> Enviar DLL
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'loader', row })}>
        <MonitorDown /> {loaderFileMessages.menuItem}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={status.isPending} onSelect={toggle}>
        {active ? <PowerOff /> : <Power />} {active ? 'Desligar' : 'Ativar'}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={() => setOpen({ kind: 'delete', row })}>
        <Trash2 /> Excluir
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
