import { KEY_STATUSES, type KeyStatus, type ResellerKey } from '@chaveiro/contract';
import { Copy, CopyCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { SearchInput } from '@/components/data-table/search-input';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useExportResellerKeys } from '../api/export-reseller-keys';
import { useResellerKeys } from '../api/get-reseller-keys';
import type { ResellerKeysFilters } from '../api/get-reseller-keys';
import { copyKeys } from '../lib/copy-keys';
import { KEY_STATUS_LABELS, texts } from '../texts';
import { KeyStatusBadge } from '@/components/status/key-status-badge';
import { formatDateTime } from '@/lib/format';

const t = texts.keys;
const PAGE_SIZE = 20;
const COLUMNS = 7;

/** On phones the other columns are hidden; the key cell shows what they say, in two lines. */
function KeyCell({ row }: { row: ResellerKey }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <span className="font-mono text-xs sm:text-sm">{row.key}</span>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={texts.copy.key(row.key)}
          title={texts.copy.key(row.key)}
          onClick={() => void copyKeys([row.key])}
        >
          <Copy className="size-3.5" aria-hidden />
        </Button>
      </div>
      <div className="text-muted-foreground flex flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-normal sm:hidden">
        <KeyStatusBadge status={row.status} labels={KEY_STATUS_LABELS} />
        <span>
          {row.product} · {texts.days(row.days)}
        </span>
        {row.redeemedBy && row.redeemedAt ? (
          <span className="basis-full">
            {t.redeemedByAt(row.redeemedBy, formatDateTime(row.redeemedAt))}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Columns beyond the key show from the small breakpoint up. */
const WIDE = 'hidden sm:table-cell';

/** The reseller's own keys: search, status filter, pages, copy and the CSV of the filter. */
export function ResellerKeysTable() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<KeyStatus | ''>('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const filters: ResellerKeysFilters = {
    q: q || undefined,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const keys = useResellerKeys(filters);
  const exportCsv = useExportResellerKeys();
  const rows = keys.data?.items ?? [];
  const availableKeys = rows.filter((row) => row.status === 'active').map((row) => row.key);

  const changeFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchInput value={search} onValueChange={changeFilter(setSearch)} label={t.search} />
          <NativeSelect
            aria-label={t.statusFilter}
            value={status}
            onChange={(event) => changeFilter(setStatus)(event.target.value as KeyStatus | '')}
          >
            <NativeSelectOption value="">{t.allStatuses}</NativeSelectOption>
            {KEY_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {KEY_STATUS_LABELS[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
            <Button
              variant="outline"
              disabled={availableKeys.length === 0}
              title={t.copyAvailableHint}
              onClick={() => void copyKeys(availableKeys, texts.copy.copiedAvailable)}
            >
              <CopyCheck aria-hidden />
              {t.copyAvailable}
            </Button>
            <PendingButton
              variant="outline"
              pending={exportCsv.isPending}
              onClick={() => exportCsv.mutate({ q: filters.q, status: filters.status })}
            >
              {exportCsv.isPending ? null : <Download aria-hidden />}
              {t.exportCsv}
            </PendingButton>
          </div>
        </div>

        <div className="rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t.key}</TableHead>
                <TableHead className={WIDE}>{t.product}</TableHead>
                <TableHead className={WIDE}>{t.validity}</TableHead>
                <TableHead className={WIDE}>{t.status}</TableHead>
                <TableHead className={WIDE}>{t.redeemedBy}</TableHead>
                <TableHead className={WIDE}>{t.redeemedAt}</TableHead>
                <TableHead className={WIDE}>{t.boughtAt}</TableHead>
              </TableRow>
            </TableHeader>
            <StateTableBody
              columns={COLUMNS}
              rows={rows}
              isLoading={keys.isPending}
              isError={keys.isError}
              loadingText={t.loading}
              errorText={t.error}
              emptyText={
                <>
                  {t.empty}
                  {q || status ? null : <span className="mt-1 block text-xs">{t.emptyHint}</span>}
                </>
              }
              renderRow={(row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <KeyCell row={row} />
                  </TableCell>
                  <TableCell className={WIDE}>{row.product}</TableCell>
                  <TableCell className={WIDE}>{texts.days(row.days)}</TableCell>
                  <TableCell className={WIDE}>
                    <KeyStatusBadge status={row.status} labels={KEY_STATUS_LABELS} />
                  </TableCell>
                  <TableCell className={cn(WIDE, !row.redeemedBy && 'text-muted-foreground')}>
                    {row.redeemedBy ?? t.nobody}
                  </TableCell>
                  <TableCell
                    className={cn(WIDE, 'tabular-nums', !row.redeemedAt && 'text-muted-foreground')}
                  >
                    {row.redeemedAt ? formatDateTime(row.redeemedAt) : t.nobody}
                  </TableCell>
                  <TableCell className={cn(WIDE, 'text-muted-foreground tabular-nums')}>
                    {formatDateTime(row.createdAt)}
                  </TableCell>
                </TableRow>
              )}
            />
          </Table>
        </div>

        <ListPagination data={keys.data} onPageChange={setPage} noun={t.noun} />
      </CardContent>
    </Card>
  );
}
