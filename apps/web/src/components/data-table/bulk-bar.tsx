import { pluralWord } from '@chaveiro/contract';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { selectedCount, type RowSelection } from './use-row-selection';

const countFormat = new Intl.NumberFormat('pt-BR');

interface BulkBarProps {
  selection: RowSelection;
  /** Rows on the shown page, and matching the filters in all. */
  pageCount: number;
  total: number;
  /** `3 usuários`, `1 chave`. */
  noun: (count: number) => string;
  /** The noun is feminine (chave): 'selecionada', 'Todas as'. */
  feminine?: boolean;
  /** The actions (buttons) on the selection. */
  children: ReactNode;
}

/**
 * Shown while rows are selected: how many, the offer to extend a full page to every matching
 * row ("Selecionar todos os N resultados"), the actions and a way out.
 */
export function BulkBar({
  selection,
  pageCount,
  total,
  noun,
  feminine = false,
  children,
}: BulkBarProps) {
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  const canExtend = selection.pageSelected && !selection.allMatching && total > pageCount;
  return (
    <div
      role="region"
      aria-label="Ações em massa"
      className="bg-muted/60 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2 text-sm"
    >
      <span className="font-medium" aria-live="polite">
        {selection.allMatching
          ? `${feminine ? 'Todas as' : 'Todos os'} ${noun(count)} ${feminine ? 'selecionadas' : 'selecionados'}`
          : `${noun(count)} ${
              feminine
                ? pluralWord(count, 'selecionada', 'selecionadas')
                : pluralWord(count, 'selecionado', 'selecionados')
            }`}
      </span>
      {canExtend ? (
        <Button type="button" variant="link" className="h-auto p-0" onClick={selection.selectAll}>
          Selecionar todos os {countFormat.format(total)} resultados
        </Button>
      ) : null}
      <Button type="button" variant="link" className="h-auto p-0" onClick={selection.clear}>
        Limpar seleção
      </Button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
    </div>
  );
}

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
  className,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn('accent-primary size-4 cursor-pointer align-middle', className)}
      checked={checked}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The tick box of every row of the page. */
export function SelectPageCheckbox({ selection }: { selection: RowSelection }) {
  return (
    <Checkbox
      label="Selecionar a página"
      checked={selection.pageSelected}
      indeterminate={selection.somePageSelected}
      onChange={selection.togglePage}
    />
  );
}

/** The header cell that ticks every row of the page. */
export function SelectPageHead({ selection }: { selection: RowSelection }) {
  return (
    <TableHead className="w-10">
      <SelectPageCheckbox selection={selection} />
    </TableHead>
  );
}

/** A row's tick box, named after the row (`Selecionar joana`). */
export function SelectRowCheckbox({
  selection,
  id,
  name,
}: {
  selection: RowSelection;
  id: string;
  name: string;
}) {
  return (
    <Checkbox
      label={`Selecionar ${name}`}
      checked={selection.isSelected(id)}
      onChange={(on) => {
        if (selection.allMatching && !on) selection.clear();
        else selection.toggle(id, on);
      }}
    />
  );
}

/** The same tick box in its table cell. */
export function SelectRowCell(props: { selection: RowSelection; id: string; name: string }) {
  return (
    <TableCell className="w-10">
      <SelectRowCheckbox {...props} />
    </TableCell>
  );
}

/**
 * A phone card's title line: the row's tick box (while the list selects) before the row's name
 * (`children`), then `badge` at the right.
 */
export function SelectableCardTitle({
  selection,
  id,
  name,
  badge,
  children,
}: {
  selection: RowSelection | undefined;
  id: string;
  name: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <span className="flex min-w-0 items-center gap-2">
        {selection ? <SelectRowCheckbox selection={selection} id={id} name={name} /> : null}
        {children}
      </span>
      {badge}
    </>
  );
}
