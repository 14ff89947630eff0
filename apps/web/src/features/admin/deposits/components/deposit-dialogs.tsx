import { ApproveDepositDialog } from './approve-deposit-dialog';
import { useDepositsDialogs } from './deposits-dialogs-context';
import { GatewayActionDialog } from './gateway-action-dialog';
import { RejectDepositDialog } from './reject-deposit-dialog';

/** The row dialog the context says is open. */
export function DepositDialogs() {
  const { open, setOpen } = useDepositsDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  switch (open.kind) {
    case 'approve':
      return <ApproveDepositDialog row={open.row} onClose={close} />;
    case 'reject':
      return <RejectDepositDialog row={open.row} onClose={close} />;
    default:
      return <GatewayActionDialog kind={open.kind} row={open.row} onClose={close} />;
  }
}
