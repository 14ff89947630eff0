import { ROLE_LABELS, type UserListItem, type UserSortField, labels } from '@chaveiro/contract';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { ManageUserButton } from './manage-user-button';
import { UserStatusBadge } from './user-status-badge';
import { formatBRL, formatDate } from '@/lib/format';
import { UserLink } from '@/components/user-link';

export interface UserColumn {
  id: string;
  header: string;
  /** The server's sort field this column orders by, if sortable. */
  sortField?: UserSortField;
  /** The direction of the first click on its header. */
  firstDir?: 'asc' | 'desc';
  className?: string;
  cell: (row: UserListItem, actions: { onManage: (row: UserListItem) => void }) => ReactNode;
}

/**
 * Spec §2: user (with e-mail, linked to the customer page), created date, products (distinct
 * names), status, manage; beyond it, the role and the balance, and sorts by user, created,
 * balance and status.
 */
export const usersColumns: UserColumn[] = [
  {
    id: 'user',
    header: 'Usuário',
    sortField: 'username',
    cell: (row) => (
      <div className="min-w-0">
        <UserLink id={row.id} username={row.user} />
        <p className="text-muted-foreground text-xs">{row.email ?? labels.noEmail}</p>
      </div>
    ),
  },
  {
    id: 'role',
    header: 'Tipo',
    cell: (row) => ROLE_LABELS[row.role],
  },
  {
    id: 'createdAt',
    header: 'Criado em',
    sortField: 'created_at',
    firstDir: 'desc',
    cell: (row) => formatDate(row.createdAt),
  },
  {
    id: 'balance',
    header: 'Saldo',
    sortField: 'balance',
    firstDir: 'desc',
    className: 'tabular-nums',
    cell: (row) => formatBRL(row.balance),
  },
  {
    id: 'products',
    header: 'Produtos',
    cell: (row) =>
      row.products.length === 0 ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <div className="flex max-w-72 flex-wrap gap-1">
          {[...new Set(row.products)].map((name) => (
            <Badge key={name} variant="secondary">
              {name}
            </Badge>
          ))}
        </div>
      ),
  },
  {
    id: 'status',
    header: 'Status',
    sortField: 'status',
    cell: (row) => <UserStatusBadge status={row.status} />,
  },
  {
    id: 'actions',
    header: 'Ações',
    className: cn('text-right'),
    cell: (row, { onManage }) => <ManageUserButton row={row} onManage={onManage} />,
  },
];
