import type { BypassApiKey } from '@chaveiro/contract';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useRevokeBypassApiKey } from '../api/revoke-bypass-api-key';
import { bypassTexts } from '../texts';

const text = bypassTexts.revokeKey;

/** Revokes an API key after confirmation; the service using it gets 401 from then on. */
export function BypassApiKeyRevokeDialog({
  apiKey,
  onClose,
}: {
  apiKey: BypassApiKey;
  onClose: () => void;
}) {
  const revoke = useRevokeBypassApiKey();
  const confirm = () => {
    revoke.mutate(apiKey.id, {
      onSuccess: (response) => {
        toast.success(response.message);
        onClose();
      },
    });
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && !revoke.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{text.title}</AlertDialogTitle>
          <AlertDialogDescription>
            {text.description(apiKey.name, apiKey.prefix)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>{text.cancel}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={revoke.isPending} onClick={confirm}>
            {text.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
