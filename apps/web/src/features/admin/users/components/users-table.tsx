import type { UserListItem } from '@chaveiro/contract';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { usersColumns } from './users-columns';
import { useUsersContext } from './users-provider';

interface UsersTableProps {
  rows: UserListItem[] | undefined;
  isLoading: boolean;
  /** Fades the rows while a new search or page loads (the previous rows stay visible). */
  isStale?: boolean;
  className?: string;
}

/** The user rows; the manage button opens 'Gerenciar Usuário' through the users context. */
export function UsersTable({ rows, isLoading, isStale = false, className }: UsersTableProps) {
  const { setOpen, setCurrentRow } = useUsersContext();
  const onManage = (row: UserListItem) => {
    setCurrentRow(row);
    setOpen('manage');
  };

  return (
    <div className={cn('rounded-md border', className)}>
      <Table className={cn('transition-opacity', isStale && 'opacity-60')}>
        <TableHeader className="bg-muted/50">
          <TableRow>
            {usersColumns.map((column) => (
              <TableHead key={column.id} className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {isLoading && !rows
            ? Array.from({ length: 5 }, (_, index) => (
                <TableRow key={index}>
                  {usersColumns.map((column) => (
                    <TableCell key={column.id}>
                      <Skeleton className="h-5 w-full min-w-16" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : null}
          {rows?.map((row) => (
            <TableRow key={row.id}>
              {usersColumns.map((column) => (
                <TableCell key={column.id} className={column.className}>
                  {column.cell(row, { onManage })}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows?.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={usersColumns.length}
                className="text-muted-foreground h-24 text-center"
              >
                Nenhum usuário encontrado.
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </div>
  );
}
