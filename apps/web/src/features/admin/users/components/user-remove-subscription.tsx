import type { UserListItem, UserSubscription } from '@chaveiro/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserSubscriptions } from '../api/get-user-subscriptions';
import { useRemoveUserSubscription } from '../api/remove-user-subscription';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { subscriptionLabel } from './subscription-label';

/** The user's subscriptions (list scrolls at about 12 rem), each removable after a confirmation. */
export function UserRemoveSubscription({
  user,
  onDone,
}: {
  user: UserListItem;
  onDone: (message: string) => void;
}) {
  const subscriptions = useUserSubscriptions(user.id);
  const mutation = useRemoveUserSubscription();
  const [target, setTarget] = useState<UserSubscription | null>(null);

  if (subscriptions.isPending) return <Skeleton className="h-24 w-full" />;
  if (subscriptions.isError) return <LoadErrorAlert error={subscriptions.error} />;
  if (subscriptions.data.length === 0) {
    return <p className="text-muted-foreground text-sm">Este usuário não tem assinaturas.</p>;
  }

  return (
    <>
      <ul className="max-h-48 divide-y overflow-y-auto rounded-md border" aria-label="Assinaturas">
        {subscriptions.data.map((subscription) => (
          <li key={subscription.id} className="flex items-center justify-between gap-3 p-2 pl-3">
            <span className="min-w-0 text-sm">{subscriptionLabel(subscription)}</span>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive shrink-0"
              onClick={() => setTarget(subscription)}
              aria-label={`Remover ${subscription.name}`}
            >
              <Trash2 aria-hidden />
              Remover
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="Remover assinatura?"
        description={
          <>
            A assinatura <strong>{target?.name}</strong> de <strong>{user.user}</strong> será
            removida. Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Remover"
        destructive
        pending={mutation.isPending}
        onConfirm={() => {
          if (!target) return;
          mutation.mutate(target.id, {
            onSuccess: (response) => {
              setTarget(null);
              onDone(response.message);
            },
          });
        }}
      />
    </>
  );
}
