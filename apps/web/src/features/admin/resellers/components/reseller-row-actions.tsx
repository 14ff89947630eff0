import type { Reseller } from '@chaveiro/contract';
import { Ban, MoreHorizontal, Pencil, ShieldCheck, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { resellersTexts } from '../texts';
import { useResellersDialogs } from './resellers-dialogs-context';

const text = resellersTexts.actions;

/** Row menu: balance, change data, and Banir or Desbanir by the reseller's status (spec §2). */
export function ResellerRowActions({ row }: { row: Reseller }) {
  const { setOpen } = useResellersDialogs();
  const banned = row.status === 'banned';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={text.menu(row.username)}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
