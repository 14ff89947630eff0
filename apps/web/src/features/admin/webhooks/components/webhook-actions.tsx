import type { WebhookEndpoint } from '@chaveiro/contract';
import { KeyRound, List, Pencil, Send, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RowActionsMenu } from '@/components/data-table/row-actions-menu';
import { Switch } from '@/components/ui/switch';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useUpdateWebhook } from '../api/update-webhook';
import { webhooksTexts } from '../texts';
import { useSendTest } from './use-send-test';
import { useWebhookDialogs } from './webhook-dialogs-context';

const text = webhooksTexts;

/** The enabled switch: a disabled endpoint receives nothing until switched back on. */
export function WebhookEnabledSwitch({ endpoint, id }: { endpoint: WebhookEndpoint; id?: string }) {
  const update = useUpdateWebhook();
  const checked = update.isPending
    ? (update.variables.body.enabled ?? endpoint.enabled)
    : endpoint.enabled;
  return (
    <Switch
      id={id}
      checked={checked}
      disabled={update.isPending}
      aria-label={id ? undefined : text.list.enable(endpoint.url)}
      onCheckedChange={(enabled) =>
        update.mutate(
          { id: endpoint.id, body: { enabled } },
          { onSuccess: (response) => toast.success(response.message) },
        )
      }
    />
  );
}

/** An endpoint's "…" menu in the list: deliveries, edit, test, new secret, delete. */
export function WebhookActionsMenu({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { setOpen } = useWebhookDialogs();
  const test = useSendTest();
  return (
    <RowActionsMenu label={text.list.actionsOf(endpoint.url)} className="w-52">
      <DropdownMenuItem asChild>
        <Link to={`/admin/webhooks/${encodeURIComponent(endpoint.id)}`}>
          <List aria-hidden />
          {text.list.deliveries}
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'edit', endpoint })}>
        <Pencil aria-hidden />
        {text.actions.edit}
      </DropdownMenuItem>
      <DropdownMenuItem disabled={test.pending} onSelect={() => test.send(endpoint)}>
        <Send aria-hidden />
        {text.actions.test}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => setOpen({ kind: 'roll', endpoint })}>
        <KeyRound aria-hidden />
        {text.actions.rollSecret}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        variant="destructive"
        onSelect={() => setOpen({ kind: 'delete', endpoint })}
      >
        <Trash2 aria-hidden />
        {text.actions.delete}
      </DropdownMenuItem>
    </RowActionsMenu>
  );
}
