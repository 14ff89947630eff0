import { toast } from 'sonner';
import { useResetAllHwids } from '../api/reset-all-hwids';
import { settingsTexts } from '../texts';
import { BulkActionDialog } from './bulk-action-dialog';

const t = settingsTexts.resetDialog;

export function ResetAllHwidsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reset = useResetAllHwids();

  return (
    <BulkActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.title}
      description={<p>{t.description}</p>}
      confirmLabel={t.confirm}
      pending={reset.isPending}
      onConfirm={() =>
        reset.mutate(undefined, {
          onSuccess: (response) => {
            toast.success(response.message);
            onOpenChange(false);
          },
        })
      }
    />
  );
}
