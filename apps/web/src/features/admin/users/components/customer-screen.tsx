import type { CustomerOverview, UserListItem } from '@chaveiro/contract';
import { messages } from '@chaveiro/contract';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ActivityTimeline } from '@/components/activity/activity-timeline';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useCustomerOverview } from '../api/get-customer-overview';
import { BackLink, CustomerHeader } from './customer-header';
import { CustomerProfileCard } from './customer-profile-card';
import { CustomerDeliveriesCard } from './customer-deliveries-card';
import { CustomerDepositsCard } from './customer-deposits-card';
import { CustomerLedgerCard } from './customer-ledger-card';
import { CustomerOrdersCard } from './customer-orders-card';
import { CustomerRedeemedKeysCard } from './customer-redeemed-keys-card';
import { CustomerSecurityEventsCard } from './customer-security-events-card';
import { CustomerTicketsCard } from './customer-tickets-card';
import { CustomerSubscriptionsCard } from './customer-subscriptions-card';
import type { ManageConfirm, ManageSubView } from './manage-actions';
import { UserManageDialogFor } from './user-manage-dialog';
import { CustomerCard } from './customer-section-card';

/** `/admin/users/:id`: one customer with their machines, money, keys, tickets and history. */
export function CustomerScreen() {
  const { id = '' } = useParams();
  const overview = useCustomerOverview(id);

  if (overview.isPending) return <CustomerSkeleton />;
  if (overview.isError) {
    const notFound =
      overview.error instanceof ApiError && [400, 404].includes(overview.error.status);
    return (
      <div className="grid gap-4">
        <BackLink />
        {notFound ? (
          <p role="alert" className="text-muted-foreground rounded-md border px-3 py-8 text-center">
            {messages.admin.userNotFound}
          </p>
        ) : (
          <LoadErrorAlert error={overview.error} />
        )}
      </div>
    );
  }
  // Keyed by id: another customer's page starts with its dialog closed.
  return <CustomerPage key={id} overview={overview.data} />;
}

/** The row 'Gerenciar Usuário' works on, from the page's data. */
function manageRow({ profile, subscriptions }: CustomerOverview): UserListItem {
  const hwids = subscriptions.flatMap((sub) => sub.machines.map((machine) => machine.hwid));
  return {
    id: profile.id,
    user: profile.username,
    email: profile.email,
    createdAt: profile.created_at,
    status: profile.status,
    role: profile.role,
    hwid: hwids.length > 0 ? [...new Set(hwids)].join(', ') : null,
    products: subscriptions.map((sub) => sub.product_name),
    balance: profile.balance,
  };
}

function CustomerPage({ overview }: { overview: CustomerOverview }) {
  const navigate = useNavigate();
  const [action, setAction] = useState<ManageSubView | ManageConfirm | null>(null);
  const userId = overview.profile.id;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CustomerHeader profile={overview.profile} onAction={setAction} />
      <CustomerProfileCard profile={overview.profile} />
      <CustomerSubscriptionsCard userId={userId} subscriptions={overview.subscriptions} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-2">
        <CustomerLedgerCard userId={userId} />
        <CustomerDepositsCard userId={userId} />
        <CustomerOrdersCard userId={userId} />
        <CustomerRedeemedKeysCard userId={userId} />
        <CustomerTicketsCard userId={userId} />
        <CustomerSecurityEventsCard userId={userId} />
        <CustomerDeliveriesCard userId={userId} />
      </div>
      <CustomerCard
        title="Histórico"
        description="Tudo o que foi feito por este cliente ou nesta conta, do mais recente ao mais antigo."
      >
        <ActivityTimeline userId={userId} />
      </CustomerCard>
      <UserManageDialogFor
        user={manageRow(overview)}
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        initial={action ?? undefined}
        onDeleted={() => void navigate('/admin/users', { replace: true })}
      />
    </div>
  );
}

function CustomerSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Carregando cliente">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40" />
      <Skeleton className="h-72" />
    </div>
  );
}
