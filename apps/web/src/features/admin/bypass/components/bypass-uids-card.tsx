import { LIMITS, type BypassUidItem } from '@chaveiro/contract';
import { useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { SearchInput } from '@/components/data-table/search-input';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useBypassUids } from '../api/get-bypass-uids';
import { bypassTexts } from '../texts';
import { BypassUidDeleteDialog } from './bypass-uid-delete-dialog';
import { BypassUidEditDialog } from './bypass-uid-edit-dialog';
import { BypassUidsTable } from './bypass-uids-table';

const text = bypassTexts.list;
const PAGE_SIZE = LIMITS.pageSizeDefault;

type UidDialog = { kind: 'edit' | 'delete'; row: BypassUidItem };

/** The whitelisted UIDs: search by UID or nickname, pages, and the edit and delete dialogs. */
export function BypassUidsCard() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const [dialog, setDialog] = useState<UidDialog | null>(null);
  const uids = useBypassUids({ q: q || undefined, page, pageSize: PAGE_SIZE });
  const close = () => setDialog(null);

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-3 sm:grid-cols-[1fr_auto]">
        <div className="grid gap-1.5">
          <CardTitle>{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <SearchInput
          value={search}
          onValueChange={setSearch}
          label={text.search}
          className="sm:w-72 sm:max-w-none"
        />
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)]">
        {uids.isError && !uids.data ? (
          <LoadErrorAlert error={uids.error} />
        ) : (
          <>
            <BypassUidsTable
              snapshot={uids.data}
              isLoading={uids.isPending}
              isStale={uids.isPlaceholderData}
              searching={q !== ''}
              onEdit={(row) => setDialog({ kind: 'edit', row })}
              onDelete={(row) => setDialog({ kind: 'delete', row })}
            />
            <ListPagination data={uids.data} onPageChange={setPage} noun={text.noun} />
          </>
        )}
      </CardContent>
      {dialog?.kind === 'edit' ? (
        <BypassUidEditDialog key={dialog.row.uid} row={dialog.row} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <BypassUidDeleteDialog key={dialog.row.uid} row={dialog.row} onClose={close} />
      ) : null}
    </Card>
  );
}
