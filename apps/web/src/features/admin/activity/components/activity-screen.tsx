import {
  ACTIVITY_LIMITS,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  type ActivityEntry,
  type ActivityType,
  pluralWord,
} from '@chaveiro/contract';
import { Download, Filter, X } from 'lucide-react';
import { useState } from 'react';
import { targetText } from '@/components/activity/activity-target';
import { ActivityTargetLink } from '@/components/activity/activity-target-link';
import { ActivityTypeBadge } from '@/components/activity/activity-type-badge';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { RowCard, ScrollTable } from '@/components/data-table/scroll-table';
import { SearchInput } from '@/components/data-table/search-input';
import { useListParams } from '@/components/data-table/use-list-params';
import { PendingButton } from '@/components/form/pending-button';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { UserLink } from '@/components/user-link';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';

const PAGE_SIZE = 25;
const COLUMNS = 6;
const MAX_PAGE = ACTIVITY_LIMITS.maxOffsetRows / PAGE_SIZE;
const FILTERS = { type: '', actor: '', target: '', from: '', to: '' };
/** The types in the filter, alphabetically by label (legacy last). */
const TYPE_OPTIONS: ActivityType[] = [
  ...ACTIVITY_TYPES.filter((type) => type !== 'legacy').sort((a, b) =>
    ACTIVITY_TYPE_LABELS[a].localeCompare(ACTIVITY_TYPE_LABELS[b], 'pt-BR'),
  ),
  'legacy',
];

const RANGE_ERROR = 'A data inicial deve ser anterior ou igual à data final.';

/** The date range's two ends (`De`, `Até`), each an inclusive day. */
const DATE_FILTERS = [
  { field: 'from', label: 'De' },
  { field: 'to', label: 'Até' },
] as const;

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
          <NativeSelect
            aria-label="Filtrar por tipo"
            value={filters.type}
            onChange={(event) => setFilter('type', event.target.value)}
            className="max-w-56"
          >
            <NativeSelectOption value="">Todos os tipos</NativeSelectOption>
            {TYPE_OPTIONS.map((type) => (
              <NativeSelectOption key={type} value={type}>
                {ACTIVITY_TYPE_LABELS[type]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          <ActorInput value={filters.actor} onCommit={(value) => setFilter('actor', value)} />
          {DATE_FILTERS.map(({ field, label }) => (
            <div key={field} className="grid gap-1">
              <Label htmlFor={`activity-${field}`} className="text-muted-foreground text-xs">
                {label}
              </Label>
              <Input
                id={`activity-${field}`}
                type="date"
                value={filters[field]}
                onChange={(event) => setFilter(field, event.target.value)}
                className="w-40"
                aria-invalid={rangeInvalid || undefined}
              />
            </div>
          ))}
          <PendingButton
            variant="outline"
            className="sm:ml-auto"
            pending={exportCsv.isPending}
            disabled={rangeInvalid}
            onClick={() => exportCsv.mutate(query)}
          >
            {exportCsv.isPending ? null : <Download aria-hidden />}
            Exportar CSV
          </PendingButton>
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

function When({ at, compact = false }: { at: string; compact?: boolean }) {
  const date = new Date(at);
  if (compact) {
    return (
      <time dateTime={at} className="text-muted-foreground text-xs tabular-nums">
        {formatDateTime(date)}
      </time>
    );
  }
  return (
    <time dateTime={at} className="grid">
      <span className="tabular-nums">{formatDateTime(date)}</span>
      <span className="text-muted-foreground text-xs">{formatRelative(date)}</span>
    </time>
  );
}

function Actor({ row }: { row: ActivityEntry }) {
  if (!row.actor) return <span className="text-muted-foreground">Sistema</span>;
  return <UserLink id={row.actor.id} username={row.actor.username} />;
}

function TargetCell({ row, onFilter }: { row: ActivityEntry; onFilter: () => void }) {
  if (!row.target) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <ActivityTargetLink target={row.target} />
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        onClick={onFilter}
        aria-label={`Filtrar pelo alvo ${targetText(row.target)}`}
        title="Filtrar por este alvo"
      >
        <Filter aria-hidden className="size-3.5" />
      </Button>
    </span>
  );
}

/** The author box: a username, applied on Enter or when the box loses focus. */
function ActorInput({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed (Back, a link, "Limpar"): the box follows.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    const next = text.trim();
    if (next !== value) onCommit(next);
  };
  return (
    <div className="grid gap-1">
      <Label htmlFor="activity-actor" className="text-muted-foreground text-xs">
        Autor
      </Label>
      <Input
        id="activity-actor"
        value={text}
        placeholder="Username"
        autoComplete="off"
        className="w-40"
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </div>
  );
}
