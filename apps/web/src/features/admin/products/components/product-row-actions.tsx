import type { Product } from '@chaveiro/contract';
import { FileUp, MoreHorizontal, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUpdateProductStatus } from '../api/update-product-status';
import { useProductsDialogs } from './products-dialogs-context';

/** Row menu: edit, upload DLL, Desligar/Ativar, delete (spec §2). */
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Ações do produto ${row.name}`}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem onSelect={() => setOpen({ kind: 'edit', row })}>
          <Pencil /> Editar
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setOpen({ kind: 'dll', row })}>
          <FileUp /> Enviar DLL
        </DropdownMenuItem>
        <DropdownMenuItem disabled={status.isPending} onSelect={toggle}>
          {active ? <PowerOff /> : <Power />} {active ? 'Desligar' : 'Ativar'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => setOpen({ kind: 'delete', row })}>
          <Trash2 /> Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
