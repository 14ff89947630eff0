import { LIMITS, pluralWord } from '@chaveiro/contract';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
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

function AllUsersCard() {
  const paged = usePagedSearch();
  const { q, page } = paged;
  const users = useUsers({ q: q || undefined, page, pageSize: PAGE_SIZE });

  return (
    <PagedListCard
      title={'Usuários'}
      description={'Busque por username ou e-mail.'}
      headerClassName="gap-3 sm:grid-cols-[1fr_auto]"
      paged={paged}
      searchLabel="Buscar por username ou e-mail"
      searchClassName="sm:w-80 sm:max-w-none"
      query={users}
      noun={(total) => pluralWord(total, 'usuário', 'usuários')}
    >
      <UsersTable
        rows={users.data?.items}
        isLoading={users.isPending}
        isStale={users.isPlaceholderData}
      />
    </PagedListCard>
  );
}
