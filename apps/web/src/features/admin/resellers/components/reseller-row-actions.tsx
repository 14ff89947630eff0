import type { Reseller } from '@chaveiro/contract';
import { Ban, Pencil, ShieldCheck, Wallet } from 'lucide-react';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { resellersTexts } from '../texts';
import { useResellersDialogs } from './resellers-dialogs-context';

const text = resellersTexts.actions;

/** Row menu: balance, change data, and Banir or Desbanir by the reseller's status (spec §2). */
export function ResellerRowActions({ row }: { row: Reseller }) {
  const { setOpen } = useResellersDialogs();
  const banned = row.status === 'banned';
  return (
    <RowActionsMenu label={text.menu(row.username)} className="w-56">
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'balance', row })}>
        <Wallet /> {text.balance}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'edit', row })}>
        <Pencil /> {text.edit}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        variant={banned ? 'default' : 'destructive'}
        onSelect={() => setOpen({ kind: 'status', row })}
      >
        {banned ? <ShieldCheck /> : <Ban />} {banned ? text.unban : text.ban}
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
