import { useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchInput } from '@/components/data-table/search-input';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUsers } from '../api/get-users';
import { UserManageDialog } from './user-manage-dialog';
import { UsersProvider } from './users-provider';
import { UsersTable } from './users-table';
import { formatCount } from '@/lib/format';

/** The dashboard's user table: server-side search in a 400 px scroll area (spec §2). */
export function DashboardUsersCard({ refetchInterval }: { refetchInterval: number }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const users = useUsers({ q: q || undefined, page: 1, pageSize: 50 }, refetchInterval);

  return (
    <UsersProvider>
      <Card className="min-w-0">
        <CardHeader className="gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1.5">
            <CardTitle>Usuários</CardTitle>
            <CardDescription>
              {users.data
                ? `${formatCount(users.data.total)} no total`
                : 'Busque por username ou e-mail.'}
            </CardDescription>
          </div>
          <SearchInput
            value={search}
            onValueChange={setSearch}
            label="Buscar por username ou e-mail"
            className="sm:w-80 sm:max-w-none"
          />
        </CardHeader>
        <CardContent className="min-w-0">
          {users.isError && !users.data ? (
            <LoadErrorAlert error={users.error} />
          ) : (
            <UsersTable
              rows={users.data?.items}
              isLoading={users.isPending}
              isStale={users.isPlaceholderData}
              className="max-h-[400px] overflow-y-auto"
            />
          )}
        </CardContent>
      </Card>
      <UserManageDialog />
    </UsersProvider>
  );
}
