import type { ApiToken } from '@chaveiro/contract';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { apiTokensTexts } from '../texts';
import { shownPrefix } from './api-token-format';

const text = apiTokensTexts.revoke;

/** "Revogar" after confirmation: whoever uses the token gets 401 from then on. */
export function RevokeApiTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={text.description(token.name, shownPrefix(token.prefix).replace(/…$/, ''))}
      confirmLabel={text.confirm}
      cancelLabel={text.cancel}
      destructive
      pending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: (response) => {
            toast.success(response.message);
            onClose();
          },
        })
      }
    />
  );
}
