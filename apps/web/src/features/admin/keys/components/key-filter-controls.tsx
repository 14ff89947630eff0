import { KEY_STATUSES, type KeyStatus } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { PendingButton } from '@/components/form/pending-button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useProducts } from '@/hooks/use-products';
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
  const products = useProducts();
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
      <NativeSelect
        aria-label="Filtrar por produto"
        value={productId ?? ''}
        onChange={(event) => onFilter('productId', event.target.value)}
        className="max-w-56"
      >
        <NativeSelectOption value="">Todos os produtos</NativeSelectOption>
        {(products.data ?? []).map((product) => (
          <NativeSelectOption key={product.id} value={product.id}>
            {product.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
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
