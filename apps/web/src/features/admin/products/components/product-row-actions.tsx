import {
  keyAuthAppMessages,
  loaderFileMessages,
  loaderIntegrationMessages,
  protectionMessages,
  type Product,
} from '@chaveiro/contract';
import {
  Activity,
  Code,
  FileSearch,
  FileUp,
  History,
  MonitorDown,
  Pencil,
  Plug,
  Power,
  PowerOff,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { productStatusTexts } from '@/components/product-status/texts';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useUpdateProductStatus } from '../api/update-product-status';
import { useProductsDialogs } from './products-dialogs-context';

/**
 * Row menu: edit, upload DLL, the loader file, KeyAuth compatibility, the native
 * loader integration, its protection and leak tracing, Desligar/Ativar, the operational status and its history, delete (spec §2).
 */
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
    <RowActionsMenu label={`Ações do produto ${row.name}`} className="w-56">
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'edit', row })}>
        <Pencil /> Editar
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'dll', row })}>
        <FileUp /> Enviar DLL
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'loader', row })}>
        <MonitorDown /> {loaderFileMessages.menuItem}
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={`/admin/products/${encodeURIComponent(row.id)}/keyauth`}>
          <Plug /> {keyAuthAppMessages.menuItem}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'integration', row })}>
        <Code /> {loaderIntegrationMessages.menuItem}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'protection', row })}>
        <ShieldCheck /> {protectionMessages.menuItem}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'leak', row })}>
        <FileSearch /> {protectionMessages.leakMenuItem}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={status.isPending} onSelect={toggle}>
        {active ? <PowerOff /> : <Power />} {active ? 'Desligar' : 'Ativar'}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'operational', row })}>
        <Activity /> {productStatusTexts.menuItem}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'history', row })}>
        <History /> {productStatusTexts.historyMenuItem}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={() => setOpen({ kind: 'delete', row })}>
        <Trash2 /> Excluir
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
