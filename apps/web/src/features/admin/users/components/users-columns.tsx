import type { UserListItem } from '@chaveiro/contract';
import { Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { UserStatusBadge } from './user-status-badge';
import { formatDate } from '@/lib/format';

export interface UserColumn {
  id: string;
  header: string;
  className?: string;
  cell: (row: UserListItem, actions: { onManage: (row: UserListItem) => void }) => ReactNode;
}

/** Spec §2: user (with e-mail), created date, products (distinct names), status, manage. */
export const usersColumns: UserColumn[] = [
  {
    id: 'user',
    header: 'Usuário',
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-medium">{row.user}</p>
        <p className="text-muted-foreground text-xs">{row.email}</p>
      </div>
    ),
  },
  {
    id: 'createdAt',
    header: 'Criado em',
    cell: (row) => formatDate(row.createdAt),
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
    cell: (row) => <UserStatusBadge status={row.status} />,
  },
  {
    id: 'actions',
    header: 'Ações',
    className: cn('text-right'),
    cell: (row, { onManage }) => (
      <Button
        variant="outline"
        size="sm"
        onClick={() => onManage(row)}
        aria-label={`Gerenciar ${row.user}`}
      >
        <Settings2 aria-hidden />
        Gerenciar
      </Button>
    ),
  },
];
