import { ConfirmDepositDialog } from './confirm-deposit-dialog';
import { useDepositsDialogs } from './deposits-dialogs-context';
import { RejectDepositDialog } from './reject-deposit-dialog';

/** The row dialog the context says is open. */
export function DepositDialogs() {
  const { open, setOpen } = useDepositsDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  return open.kind === 'reject' ? (
    <RejectDepositDialog row={open.row} onClose={close} />
  ) : (
    <ConfirmDepositDialog kind={open.kind} row={open.row} onClose={close} />
  );
}
