import { KeyDeleteDialog } from './key-delete-dialog';
import { KeyInfoDialog } from './key-info-dialog';
import { KeyLinkDialog } from './key-link-dialog';
import { KeyResetDialog } from './key-reset-dialog';
import { useKeysDialogs } from './keys-dialogs-context';

/** Renders the key dialog that is open, if any, for its row. */
export function KeyDialogs() {
  const { open, setOpen } = useKeysDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  switch (open.kind) {
    case 'view':
      return <KeyInfoDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'link':
      return <KeyLinkDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'reset':
      return <KeyResetDialog key={open.row.id} row={open.row} onClose={close} />;
    case 'delete':
      return <KeyDeleteDialog key={open.row.id} row={open.row} onClose={close} />;
  }
}
