import { KEY_STATUSES, type KeyStatus } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { PendingButton } from '@/components/form/pending-button';
import { ProductSelect } from '@/components/product-select';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { KEY_STATUS_LABELS } from './key-labels';

/** The full key table's status and product filters and its CSV export of what they select. */
export function KeyFilterControls({
  status,
  productId,
  onFilter,
  exportPending,
  hasSelection,
  onExport,
}: {
  status: KeyStatus | undefined;
  productId: string | undefined;
  onFilter: (name: 'status' | 'productId', value: string) => void;
  /** An export is running: this one, or the selection's (whose bar shows it pending). */
  exportPending: boolean;
  hasSelection: boolean;
  onExport: () => void;
}) {
  return (
    <>
      <NativeSelect
        aria-label="Filtrar por status"
        value={status ?? ''}
        onChange={(event) => onFilter('status', event.target.value)}
      >
        <NativeSelectOption value="">Todos os status</NativeSelectOption>
        {KEY_STATUSES.map((value) => (
          <NativeSelectOption key={value} value={value}>
            {KEY_STATUS_LABELS[value]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <ProductSelect
        value={productId ?? ''}
        onChange={(value) => onFilter('productId', value)}
        className="max-w-56"
      />
      <PendingButton
        variant="outline"
        className="sm:ml-auto"
        pending={exportPending && !hasSelection}
        onClick={onExport}
      >
        {exportPending ? null : <Download aria-hidden />}
        Exportar CSV
      </PendingButton>
    </>
  );
}
