import {
  ACTIVITY_LIMITS,
  type ActivityEntry,
  type ActivityType,
  pluralWord,
} from '@chaveiro/contract';
import { X } from 'lucide-react';
import { targetText } from '@/components/activity/activity-target';
import { ActivityTypeBadge } from '@/components/activity/activity-type-badge';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { SearchInput } from '@/components/data-table/search-input';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';
import { Actor, TargetCell, When } from './activity-cells';
import { ActivityFilters, type ActivityFilterValues } from './activity-filters';

const PAGE_SIZE = 25;
const COLUMNS = 6;
const MAX_PAGE = ACTIVITY_LIMITS.maxOffsetRows / PAGE_SIZE;
const FILTERS: ActivityFilterValues = { type: '', actor: '', target: '', from: '', to: '' };
const RANGE_ERROR = 'A data inicial deve ser anterior ou igual à data final.';

/**
 * `/admin/activity`: the audit log, newest first. Each line shows when, who (linked), the typed
 * action, its sentence, what it touched (linked) and from which IP; filters by text, type,
 * author, target and São Paulo days live in the URL; the filtered lines export as CSV. Phones get
 * one card per line.
 */
export function ActivityScreen() {
  const list = useListParams({ filters: FILTERS });
  const { filters, setFilter } = list;
  const rangeInvalid = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const query = {
    q: list.q || undefined,
    type: (filters.type || undefined) as ActivityType | undefined,
    actor: filters.actor || undefined,
    target: filters.target || undefined,
    from: rangeInvalid ? undefined : filters.from || undefined,
    to: rangeInvalid ? undefined : filters.to || undefined,
  };
  // Offset pages stop at the cap (a hand-edited URL past it opens the last one).
  const page = Math.min(list.page, MAX_PAGE);
  const activity = useActivity({ ...query, page, pageSize: PAGE_SIZE });
  const exportCsv = useExportActivity();
  const rows = activity.data?.items ?? [];
  const targetShown = rows.find((row) => targetKey(row) === filters.target)?.target;
  const capped = activity.data && activity.data.total > ACTIVITY_LIMITS.maxOffsetRows;

  const filterBy = (key: 'target', row: ActivityEntry) => {
    const value = targetKey(row);
    if (value) setFilter(key, value);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Registro de atividades"
        subtitle="Quem fez o quê, em quê, de onde e quando: ações dos administradores, dinheiro, resgates, logins de IP novo e recusas do loader."
        level="h2"
      />
      <div className="grid grid-cols-1 gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <SearchInput
            value={list.search}
            onValueChange={list.setSearch}
            label="Buscar nas atividades"
            className="sm:max-w-52"
          />
          <ActivityFilters
            filters={filters}
            setFilter={setFilter}
            rangeInvalid={rangeInvalid}
            exportPending={exportCsv.isPending}
            onExport={() => exportCsv.mutate(query)}
          />
        </div>
        {rangeInvalid ? (
          <p role="alert" className="text-destructive text-sm">
            {RANGE_ERROR}
          </p>
        ) : null}
        {filters.target ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Alvo:</span>
            <span className="bg-muted rounded-md px-2 py-0.5 break-all">
              {targetShown ? targetText(targetShown) : filters.target}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setFilter('target', '')}
              aria-label="Remover o filtro de alvo"
            >
              <X aria-hidden /> Limpar
            </Button>
          </div>
        ) : null}
        {activity.isError ? <LoadErrorAlert error={activity.error} /> : null}

        <ScrollTable
          query={activity}
          columns={COLUMNS}
          loadingText="Carregando..."
          emptyText="Nenhuma atividade encontrada."
          tableClassName="min-w-[56rem]"
          head={
            <>
              <TableHead className="w-40">Quando</TableHead>
              <TableHead>Autor</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Ação</TableHead>
              <TableHead>Alvo</TableHead>
              <TableHead>IP</TableHead>
            </>
          }
          renderRow={(row) => (
            <TableRow key={row.id}>
              <TableCell>
                <When at={row.created_at} />
              </TableCell>
              <TableCell>
                <Actor row={row} />
              </TableCell>
              <TableCell>
                <ActivityTypeBadge type={row.type} />
              </TableCell>
              <TableCell className="min-w-[14rem] whitespace-normal">{row.action}</TableCell>
              <TableCell className="max-w-56 whitespace-normal">
                <TargetCell row={row} onFilter={() => filterBy('target', row)} />
              </TableCell>
              <TableCell className="font-mono text-xs">{row.ip ?? '—'}</TableCell>
            </TableRow>
          )}
          renderCard={(row) => (
            <RowCard
              key={row.id}
              title={
                <>
                  <ActivityTypeBadge type={row.type} />
                  <When at={row.created_at} compact />
                </>
              }
              fields={[
                { label: 'Ação', value: row.action },
                { label: 'Autor', value: <Actor row={row} /> },
                {
                  label: 'Alvo',
                  value: <TargetCell row={row} onFilter={() => filterBy('target', row)} />,
                },
                { label: 'IP', value: row.ip ?? '—' },
              ]}
            />
          )}
        />
        <ListPagination
          data={activity.data}
          onPageChange={list.setPage}
          noun={(total) => pluralWord(total, 'atividade', 'atividades')}
          maxPage={MAX_PAGE}
        />
        {capped ? (
          <p className="text-muted-foreground text-xs">
            As páginas vão até as {ACTIVITY_LIMITS.maxOffsetRows.toLocaleString('pt-BR')} atividades
            mais recentes do filtro; use as datas para ver as mais antigas.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function targetKey(row: ActivityEntry): string | null {
  if (!row.target) return null;
  return row.target.kind === 'other' ? row.target.id : `${row.target.kind}:${row.target.id}`;
}
