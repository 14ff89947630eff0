import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityType } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { PendingButton } from '@/components/form/pending-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';

/** The types in the filter, alphabetically by label (legacy last). */
const TYPE_OPTIONS: ActivityType[] = [
  ...ACTIVITY_TYPES.filter((type) => type !== 'legacy').sort((a, b) =>
    ACTIVITY_TYPE_LABELS[a].localeCompare(ACTIVITY_TYPE_LABELS[b], 'pt-BR'),
  ),
  'legacy',
];

/** The date range's two ends (`De`, `Até`), each an inclusive day. */
const DATE_FILTERS = [
  { field: 'from', label: 'De' },
  { field: 'to', label: 'Até' },
] as const;

export type ActivityFilterValues = {
  type: string;
  actor: string;
  target: string;
  from: string;
  to: string;
};

/**
 * The log's filters beside its search box: type, author, the São Paulo day range, and the CSV
 * export of what they select (refused while the range is inverted).
 */
export function ActivityFilters({
  filters,
  setFilter,
  rangeInvalid,
  exportPending,
  onExport,
}: {
  filters: ActivityFilterValues;
  setFilter: (name: keyof ActivityFilterValues, value: string) => void;
  rangeInvalid: boolean;
  exportPending: boolean;
  onExport: () => void;
}) {
  return (
    <>
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
        pending={exportPending}
        disabled={rangeInvalid}
        onClick={onExport}
      >
        {exportPending ? null : <Download aria-hidden />}
        Exportar CSV
      </PendingButton>
    </>
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
