import { ResellerBalanceDialog } from './reseller-balance-dialog';
import { ResellerEditDialog } from './reseller-edit-dialog';
import { ResellerStatusDialog } from './reseller-status-dialog';
import { useResellersDialogs } from './resellers-dialogs-context';

/** Renders the reseller dialog that is open, if any; each starts fresh for its row. */
export function ResellerDialogs() {
  const { open, setOpen } = useResellersDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  switch (open.kind) {
    case 'balance':
      return <ResellerBalanceDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'edit':
      return <ResellerEditDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'status':
      return <ResellerStatusDialog key={open.row.id} row={open.row} onClose={close} />;
  }
}
