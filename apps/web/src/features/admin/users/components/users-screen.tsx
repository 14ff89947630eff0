import {
  LIMITS,
  USER_ROLE_FILTERS,
  USER_STATUS_FILTERS,
  plural,
  pluralWord,
  type UserRoleFilter,
  type UserStatusFilter,
  type UsersBulkAction,
  type UsersQuery,
} from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { BulkActions, type BulkActionSpec } from '@/components/data-table/bulk-actions';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { useListParams } from '@/components/data-table/use-list-params';
import { useRowSelection } from '@/components/data-table/use-row-selection';
import { PendingButton } from '@/components/form/pending-button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useBulkUsers } from '../api/bulk-users';
import { useExportUsers } from '../api/export-users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUsers } from '../api/get-users';
import { CreateUserForm } from './create-user-form';
import { UserManageDialog } from './user-manage-dialog';
import { UsersProvider } from './users-provider';
import { UsersTable } from './users-table';

const PAGE_SIZE = LIMITS.pageSizeDefault;

/** /admin/users, 'Gerenciar Usuários' (spec §2): the create form and the paged user table. */
export function UsersScreen() {
  return (
    <UsersProvider>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <h1 className="text-2xl font-semibold tracking-tight">Gerenciar Usuários</h1>
        <Card>
          <CardHeader>
            <CardTitle>Criar usuário</CardTitle>
            <CardDescription>
              A conta já nasce confirmada; marque a opção para incluir uma assinatura.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CreateUserForm />
          </CardContent>
        </Card>
        <AllUsersCard />
      </div>
      <UserManageDialog />
    </UsersProvider>
  );
}

const ROLE_FILTER_LABELS: Record<UserRoleFilter, string> = {
  all: 'Todos os tipos',
  admin: 'Admins',
  reseller: 'Resellers',
  client: 'Clientes',
};
const STATUS_FILTER_LABELS: Record<UserStatusFilter, string> = {
  all: 'Todos os status',
  active: 'Ativos',
  banned: 'Banidos',
};
const BULK: Record<UsersBulkAction, BulkActionSpec> = {
  ban: {
    verb: 'Banir',
    destructive: true,
    description: 'As sessões deles terminam na hora. Admins e a sua própria conta são ignorados.',
  },
  unban: { verb: 'Desbanir', destructive: false, description: 'Eles voltam a poder entrar.' },
  delete: {
    verb: 'Excluir',
    destructive: true,
    description:
      'As contas e as assinaturas são apagadas para sempre. Admins e a sua própria conta são ignorados.',
  },
};

const usersNoun = (count: number) => plural(count, 'usuário', 'usuários');

function AllUsersCard() {
  const list = useListParams({
    filters: { role: 'all', status: 'all' },
    sort: 'created_at:desc',
  });
  const { q, page, filters, sort } = list;
  const role = (USER_ROLE_FILTERS as readonly string[]).includes(filters.role)
    ? (filters.role as UserRoleFilter)
    : 'all';
  const status = (USER_STATUS_FILTERS as readonly string[]).includes(filters.status)
    ? (filters.status as UserStatusFilter)
    : 'all';
  const query = {
    q: q || undefined,
    role,
    status,
    sort: sort as UsersQuery['sort'],
  };
  const users = useUsers({ ...query, page, pageSize: PAGE_SIZE });
  const items = users.data?.items;
  const pageIds = useMemo(() => (items ?? []).map((row) => row.id), [items]);
  const selection = useRowSelection(JSON.stringify([query, page]), pageIds);
  const total = users.data?.total ?? 0;
  const bulk = useBulkUsers();
  const exportCsv = useExportUsers();

  return (
    <PagedListCard
      title={'Usuários'}
      description={'Busque por username ou e-mail.'}
      headerClassName="gap-3 lg:grid-cols-[1fr_auto]"
      paged={list}
      searchLabel="Buscar por username ou e-mail"
      searchClassName="sm:w-72 sm:max-w-none"
      filter={{
        className: 'flex flex-wrap items-center gap-2',
        control: (
          <>
            <NativeSelect
              aria-label="Filtrar por tipo de conta"
              value={role}
              onChange={(event) => list.setFilter('role', event.target.value)}
            >
              {USER_ROLE_FILTERS.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {ROLE_FILTER_LABELS[value]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <NativeSelect
              aria-label="Filtrar por status"
              value={status}
              onChange={(event) => list.setFilter('status', event.target.value)}
            >
              {USER_STATUS_FILTERS.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {STATUS_FILTER_LABELS[value]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <PendingButton
              variant="outline"
              pending={exportCsv.isPending && !selection.selection}
              onClick={() => exportCsv.mutate(query)}
            >
              {exportCsv.isPending ? null : <Download aria-hidden />}
              Exportar CSV
            </PendingButton>
          </>
        ),
      }}
      query={users}
      noun={(n) => pluralWord(n, 'usuário', 'usuários')}
    >
      <BulkActions
        selection={selection}
        pageCount={pageIds.length}
        total={total}
        noun={usersNoun}
        actions={BULK}
        bulk={bulk}
        filter={{ q: query.q, role, status }}
        exportCsv={exportCsv}
        exportIds={(ids) => ({ ids, sort: query.sort })}
        exportView={query}
      />
      <UsersTable
        rows={items}
        isLoading={users.isPending}
        isStale={users.isPlaceholderData}
        sort={{ value: sort, onChange: list.setSort }}
        selection={selection}
      />
    </PagedListCard>
  );
}
