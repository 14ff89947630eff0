import type { KeyListItem } from '@chaveiro/contract';
import { SelectableCardTitle } from '@/components/data-table/bulk-bar';
import { CardList, RowCard } from '@/components/data-table/scroll-table';
import type { RowSelection } from '@/components/data-table/use-row-selection';
import { KeyStatusBadge } from '@/components/status/key-status-badge';
import { formatDate } from '@/lib/format';
import { formatDays, KEY_STATUS_LABELS } from './key-labels';
import { KeyClient } from './key-client';
import { KeyRowActions } from './key-row-actions';

/** The key list on a phone: one card per key, its fields stacked, the actions menu beside. */
export function KeyCards({
  items,
  isLoading,
  isStale,
  isError,
  selection,
}: {
  items: KeyListItem[] | undefined;
  isLoading: boolean;
  isStale: boolean;
  isError: boolean;
  selection: RowSelection | undefined;
}) {
  return (
    <CardList
      rows={items}
      isLoading={isLoading}
      isStale={isStale}
      loadingText="Carregando..."
      emptyText={isError ? 'Erro ao carregar chaves.' : 'Nenhuma chave encontrada.'}
      renderCard={(row) => (
        <RowCard
          key={row.id}
          title={
            <SelectableCardTitle
              selection={selection}
              id={row.id}
              name={row.key}
              badge={<KeyStatusBadge status={row.status} labels={KEY_STATUS_LABELS} />}
            >
              <span className="truncate font-mono text-xs">{row.key}</span>
            </SelectableCardTitle>
          }
          fields={[
            { label: 'Produto', value: row.product },
            { label: 'Validade', value: formatDays(row.validity) },
            { label: 'Cliente', value: <KeyClient row={row} /> },
            { label: 'Criada em', value: formatDate(row.createdAt) },
          ]}
          actions={<KeyRowActions row={row} />}
        />
      )}
    />
  );
}
