import { LIMITS } from '@chaveiro/contract';
import { useMemo, useState } from 'react';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { SearchInput } from '@/components/data-table/search-input';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useResellers } from '../api/get-resellers';
import { resellersTexts } from '../texts';
import { CreateResellerForm } from './create-reseller-form';
import { ResellerDialogs } from './reseller-dialogs';
import { ResellersDialogsContext, type OpenResellerDialog } from './resellers-dialogs-context';
import { ResellersTable } from './resellers-table';

const PAGE_SIZE = LIMITS.pageSizeDefault;
const text = resellersTexts;

/** `/admin/resellers` (spec §2 Admin resellers): the create form and the paged reseller table. */
export function ResellersScreen() {
  const [open, setOpen] = useState<OpenResellerDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);

  return (
    <ResellersDialogsContext value={dialogs}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{text.title}</h1>
          <p className="text-muted-foreground text-sm">{text.subtitle}</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{text.create.title}</CardTitle>
            <CardDescription>{text.create.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateResellerForm />
          </CardContent>
        </Card>
        <ResellersListCard />
      </div>
      <ResellerDialogs />
    </ResellersDialogsContext>
  );
}

function ResellersListCard() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const resellers = useResellers({ q: q || undefined, page, pageSize: PAGE_SIZE });
  const data = resellers.data;

  return (
    <PagedListCard
      title={text.list.title}
      description={text.list.description}
      headerClassName="gap-3 sm:grid-cols-[1fr_auto]"
      controls={
        <SearchInput
          value={search}
          onValueChange={setSearch}
          label={text.list.search}
          className="sm:w-80 sm:max-w-none"
        />
      }
      query={resellers}
      onPageChange={setPage}
      noun={text.list.noun}
    >
      <ResellersTable
        rows={data?.items}
        isLoading={resellers.isPending}
        isStale={resellers.isPlaceholderData}
        isSearching={Boolean(q)}
      />
    </PagedListCard>
  );
}
