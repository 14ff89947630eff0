import type { KeyListItem } from '@chaveiro/contract';
import { Ban, CalendarClock, Info, Link2, ShieldCheck, Trash2 } from 'lucide-react';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useUpdateKey } from '../api/update-key';
import { isUnused } from './key-labels';
import { useKeysDialogs } from './keys-dialogs-context';

/** The key menu: View Info, Link User, Reset Duration, Ban/Unban and Delete Key (spec §2). */
export function KeyRowActions({ row }: { row: KeyListItem }) {
  const { setOpen } = useKeysDialogs();
  const update = useUpdateKey();
  const unused = isUnused(row.status);
  const banned = row.status === 'banned';

  const toggleBan = () => {
    update.mutate({ id: row.id, body: { status: banned ? 'active' : 'banned' } });
  };

  return (
    <RowActionsMenu label={`Ações da chave ${row.key}`}>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'view', row })}>
        <Info /> View Info
      </DropdownMenuItem>
      <DropdownMenuItem
        disabled={row.status !== 'active'}
        onSelect={() => setOpen({ kind: 'link', row })}
      >
        <Link2 /> Link User
      </DropdownMenuItem>
      <DropdownMenuItem disabled={!unused} onSelect={() => setOpen({ kind: 'reset', row })}>
        <CalendarClock /> Reset Duration
      </DropdownMenuItem>
      <DropdownMenuItem disabled={!unused || update.isPending} onSelect={toggleBan}>
        {banned ? <ShieldCheck /> : <Ban />} {banned ? 'Desbanir' : 'Banir'}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={() => setOpen({ kind: 'delete', row })}>
        <Trash2 /> Delete Key
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
