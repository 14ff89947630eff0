import { LIMITS, type ResellersQuery } from '@chaveiro/contract';
import { useMemo, useState } from 'react';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { useListParams } from '@/components/data-table/use-list-params';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useResellers } from '../api/get-resellers';
import { resellersTexts } from '../texts';
import { CreateResellerForm } from './create-reseller-form';
import { ResellerDialogs } from './reseller-dialogs';
import { ResellersDialogsContext, type OpenResellerDialog } from './resellers-dialogs-context';
import { ResellersTable } from './resellers-table';
import { PageHeader } from '@/components/layout/page-header';

const PAGE_SIZE = LIMITS.pageSizeDefault;
const DEFAULT_SORT = 'created_at:desc';
const text = resellersTexts;

/** `/admin/resellers` (spec §2 Admin resellers): the create form and the paged reseller table. */
export function ResellersScreen() {
  const [open, setOpen] = useState<OpenResellerDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);

  return (
    <ResellersDialogsContext value={dialogs}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <PageHeader title={text.title} subtitle={text.subtitle} />
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
  const paged = useListParams({ sort: DEFAULT_SORT });
  const { q, page, sort } = paged;
  const resellers = useResellers({
    q: q || undefined,
    page,
    pageSize: PAGE_SIZE,
    // The default order is the server's own: left out of the request.
    sort: sort === DEFAULT_SORT ? undefined : (sort as ResellersQuery['sort']),
  });

  return (
    <PagedListCard
      title={text.list.title}
      description={text.list.description}
      headerClassName="gap-3 sm:grid-cols-[1fr_auto]"
      paged={paged}
      searchLabel={text.list.search}
      searchClassName="sm:w-80 sm:max-w-none"
      query={resellers}
      noun={text.list.noun}
    >
      <ResellersTable
        query={resellers}
        isSearching={Boolean(q)}
        sort={{ value: sort, onChange: paged.setSort }}
      />
    </PagedListCard>
  );
}
