import { pluralWord } from '@chaveiro/contract';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { SearchInput } from '@/components/data-table/search-input';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { usePagedSearch } from '@/components/data-table/use-paged-search';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useActivity } from '../api/get-activity';
import { formatDateTime, formatRelative } from '@/lib/format';
import { PageHeader } from '@/components/layout/page-header';

const PAGE_SIZE = 25;

/** `/admin/activity`: the whole activity log, newest first, searchable and paged. */
export function ActivityScreen() {
  const { search, setSearch, q, page, setPage } = usePagedSearch();
  const activity = useActivity({ q, page, pageSize: PAGE_SIZE });
  const rows = activity.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Registro de atividades"
        subtitle="Tudo o que os administradores fizeram, do mais recente ao mais antigo."
        level="h2"
      />
      <div className="grid grid-cols-1 gap-3">
        <SearchInput value={search} onValueChange={setSearch} label="Buscar nas atividades" />
        <div className="rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Ação</TableHead>
                <TableHead className="w-48">Quando</TableHead>
              </TableRow>
            </TableHeader>
            <StateTableBody
              columns={2}
              rows={rows}
              isLoading={activity.isPending}
              isError={activity.isError}
              loadingText="Carregando..."
              errorText="Erro ao carregar as atividades."
              emptyText="Nenhuma atividade encontrada."
              renderRow={(row) => {
                const at = new Date(row.created_at);
                return (
                  <TableRow key={row.id}>
                    <TableCell className="min-w-[12rem] whitespace-normal">{row.action}</TableCell>
                    <TableCell>
                      <time dateTime={row.created_at} className="grid">
                        <span className="tabular-nums">{formatDateTime(at)}</span>
                        <span className="text-muted-foreground text-xs">{formatRelative(at)}</span>
                      </time>
                    </TableCell>
                  </TableRow>
                );
              }}
            />
          </Table>
        </div>
        <ListPagination
          data={activity.data}
          onPageChange={setPage}
          noun={(total) => pluralWord(total, 'atividade', 'atividades')}
        />
      </div>
    </div>
  );
}
