import { ApproveDepositDialog } from './approve-deposit-dialog';
import { useDepositsDialogs } from './deposits-dialogs-context';
import { RejectDepositDialog } from './reject-deposit-dialog';

/** The row dialog the context says is open. */
export function DepositDialogs() {
  const { open, setOpen } = useDepositsDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  return open.kind === 'approve' ? (
    <ApproveDepositDialog row={open.row} onClose={close} />
  ) : (
    <RejectDepositDialog row={open.row} onClose={close} />
  );
}
