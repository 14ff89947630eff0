import { useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { OneTimeSecretDialog } from '@/components/one-time-secret-dialog';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRollWebhookSecret } from '../api/roll-webhook-secret';
import { webhooksTexts } from '../texts';
import {
  WebhookDialogsContext,
  useWebhookDialogs,
  type OpenWebhookDialog,
} from './webhook-dialogs-context';
import { WebhookFormDialog } from './webhook-form-dialog';
import type { WebhookEndpoint } from '@chaveiro/contract';

const text = webhooksTexts;

function DeleteDialog({
  endpoint,
  onClose,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onDeleted?: (() => void) | undefined;
}) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.delete.title}
      description={<span className="break-all">{text.delete.description(endpoint.url)}</span>}
      confirmLabel={text.delete.confirm}
      cancelLabel={text.delete.cancel}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(endpoint.id, {
          onSuccess: (response) => {
            toast.success(response.message);
            onClose();
            onDeleted?.();
          },
        })
      }
    />
  );
}

function RollSecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { setOpen } = useWebhookDialogs();
  const roll = useRollWebhookSecret();
  return (
    <ConfirmActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.rollSecret.title}
      description={<span className="break-all">{text.rollSecret.description(endpoint.url)}</span>}
      confirmLabel={text.rollSecret.confirm}
      cancelLabel={text.rollSecret.cancel}
      pending={roll.isPending}
      onConfirm={() =>
        roll.mutate(endpoint.id, {
          onSuccess: (response) => {
            roll.reset();
            toast.success(response.message);
            setOpen({ kind: 'secret', title: text.secret.rolledTitle, response });
          },
        })
      }
    />
  );
}

function OpenDialog({ onDeleted }: { onDeleted?: (() => void) | undefined }) {
  const { open, setOpen } = useWebhookDialogs();
  if (!open) return null;
  const close = () => setOpen(null);
  switch (open.kind) {
    case 'create':
    case 'edit':
      return (
        <WebhookFormDialog
          endpoint={open.kind === 'edit' ? open.endpoint : undefined}
          onClose={close}
          onCreated={(response) =>
            setOpen({ kind: 'secret', title: text.secret.createdTitle, response })
          }
        />
      );
    case 'delete':
      return <DeleteDialog endpoint={open.endpoint} onClose={close} onDeleted={onDeleted} />;
    case 'roll':
      return <RollSecretDialog endpoint={open.endpoint} onClose={close} />;
    case 'secret':
      return (
        <OneTimeSecretDialog
          title={open.title}
          description={open.response.endpoint.url}
          warning={open.response.message}
          label={text.secret.label}
          secret={open.response.secret}
          copyLabel={text.secret.copy}
          closeLabel={text.secret.close}
          onClose={close}
        >
          <p className="text-muted-foreground text-sm">{text.secret.hint}</p>
        </OneTimeSecretDialog>
      );
  }
}

/** Holds which webhook dialog is open and renders it, for the list and the endpoint page. */
export function WebhookDialogsProvider({
  children,
  onDeleted,
}: {
  children: ReactNode;
  /** After an endpoint is deleted (its own page goes back to the list). */
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState<OpenWebhookDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);
  return (
    <WebhookDialogsContext value={dialogs}>
      {children}
      <OpenDialog onDeleted={onDeleted} />
    </WebhookDialogsContext>
  );
}
