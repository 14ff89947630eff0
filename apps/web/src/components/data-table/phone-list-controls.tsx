import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { SelectPageCheckbox } from './bulk-bar';
import type { RowSelection } from './use-row-selection';

interface PhoneListControlsProps {
  /** The sort in force and the orders offered (`balance:desc` → 'Maior saldo'). */
  sort: string;
  onSort: (sort: string) => void;
  sorts: { value: string; label: string }[];
  selection?: RowSelection;
}

/**
 * On a phone the table's headers are gone with the table: the page's tick box and the sort
 * travel above the cards instead.
 */
export function PhoneListControls({ sort, onSort, sorts, selection }: PhoneListControlsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {selection ? (
        <label className="flex items-center gap-2 text-sm">
          <SelectPageCheckbox selection={selection} />
          Selecionar a página
        </label>
      ) : (
        <span />
      )}
      <NativeSelect
        aria-label="Ordenar por"
        value={sort}
        onChange={(event) => onSort(event.target.value)}
      >
        {sorts.map((option) => (
          <NativeSelectOption key={option.value} value={option.value}>
            {option.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}
