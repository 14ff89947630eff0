import { ROLE_LABELS, type UserListItem, labels } from '@chaveiro/contract';
import {
  SelectableCardTitle,
  SelectPageHead,
  SelectRowCell,
} from '@/components/data-table/bulk-bar';
import { PhoneListControls } from '@/components/data-table/phone-list-controls';
import { CardList, RowCard } from '@/components/data-table/scroll-table';
import { SortableHead } from '@/components/data-table/sortable-head';
import type { RowSelection } from '@/components/data-table/use-row-selection';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { useIsPhone } from '@/hooks/use-media-query';
import { formatBRL, formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ManageUserButton } from './manage-user-button';
import { usersColumns } from './users-columns';
import { useUsersContext } from './users-provider';
import { UserStatusBadge } from './user-status-badge';

const EMPTY = 'Nenhum usuário encontrado.';
const PHONE_SORTS = [
  { value: 'created_at:desc', label: 'Mais recentes' },
  { value: 'created_at:asc', label: 'Mais antigos' },
  { value: 'username:asc', label: 'Usuário (A–Z)' },
  { value: 'username:desc', label: 'Usuário (Z–A)' },
  { value: 'balance:desc', label: 'Maior saldo' },
  { value: 'balance:asc', label: 'Menor saldo' },
  { value: 'status:asc', label: 'Ativos primeiro' },
  { value: 'status:desc', label: 'Banidos primeiro' },
];

interface UsersTableProps {
  rows: UserListItem[] | undefined;
  isLoading: boolean;
  /** Fades the rows while a new search or page loads (the previous rows stay visible). */
  isStale?: boolean;
  className?: string;
  /** The sort in force and its setter: the sortable headers show and change it. */
  sort?: { value: string; onChange: (sort: string) => void };
  /** Ticks rows for the bulk actions (the full screen; not the dashboard's card). */
  selection?: RowSelection;
}

/**
 * The user rows; the manage button opens 'Gerenciar Usuário' through the users context. Below
 * 640 px each user is a card with its status and the manage button in view.
 */
export function UsersTable({
  rows,
  isLoading,
  isStale = false,
  className,
  sort,
  selection,
}: UsersTableProps) {
  const { setOpen, setCurrentRow } = useUsersContext();
  const isPhone = useIsPhone();
  const onManage = (row: UserListItem) => {
    setCurrentRow(row);
    setOpen('manage');
  };

  if (isPhone) {
    return (
      <>
        {sort ? (
          <PhoneListControls
            sort={sort.value}
            onSort={sort.onChange}
            sorts={PHONE_SORTS}
            selection={selection}
          />
        ) : null}
        <CardList
          rows={rows}
          isLoading={isLoading && !rows}
          isStale={isStale}
          loadingText="Carregando..."
          emptyText={EMPTY}
          renderCard={(row) => (
            <RowCard
              key={row.id}
              title={
                <SelectableCardTitle
                  selection={selection}
                  id={row.id}
                  name={row.user}
                  badge={<UserStatusBadge status={row.status} />}
                >
                  <UserLink id={row.id} username={row.user} className="truncate" />
                </SelectableCardTitle>
              }
              fields={[
                { label: 'E-mail', value: row.email ?? labels.noEmail },
                { label: 'Tipo', value: ROLE_LABELS[row.role] },
                { label: 'Saldo', value: formatBRL(row.balance) },
                { label: 'Criado em', value: formatDate(row.createdAt) },
                {
                  label: 'Produtos',
                  value: row.products.length ? [...new Set(row.products)].join(', ') : '—',
                },
              ]}
              actions={<ManageUserButton row={row} onManage={onManage} />}
            />
          )}
        />
      </>
    );
  }

  const columnCount = usersColumns.length + (selection ? 1 : 0);
  return (
    <div className={cn('rounded-md border', className)}>
      <Table className={cn('transition-opacity', isStale && 'opacity-60')}>
        <TableHeader className="bg-muted/50">
          <TableRow>
            {selection ? <SelectPageHead selection={selection} /> : null}
            {usersColumns.map((column) =>
              sort && column.sortField ? (
                <SortableHead
                  key={column.id}
                  label={column.header}
                  field={column.sortField}
                  firstDir={column.firstDir}
                  sort={sort.value}
                  onSort={sort.onChange}
                  className={column.className}
                />
              ) : (
                <TableHead key={column.id} className={column.className}>
                  {column.header}
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {isLoading && !rows
            ? Array.from({ length: 5 }, (_, index) => (
                <TableRow key={index}>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    <TableCell key={cell}>
                      <Skeleton className="h-5 w-full min-w-16" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows?.map((row) => (
            <TableRow
              key={row.id}
              data-state={selection?.isSelected(row.id) ? 'selected' : undefined}
            >
              {selection ? (
                <SelectRowCell selection={selection} id={row.id} name={row.user} />
              ) : null}
              {usersColumns.map((column) => (
                <TableCell key={column.id} className={column.className}>
                  {column.cell(row, { onManage })}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columnCount} className="text-muted-foreground h-24 text-center">
                {EMPTY}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </div>
  );
}
