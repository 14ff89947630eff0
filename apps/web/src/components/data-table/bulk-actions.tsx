import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { PendingButton } from '@/components/form/pending-button';
import { Button } from '@/components/ui/button';
import { BulkBar } from './bulk-bar';
import { selectedCount, type RowSelection } from './use-row-selection';

export interface BulkActionSpec {
  /** The button and the confirmation: `Banir` (`Banir 3 usuários?`). */
  verb: string;
  /** What the confirmation says will happen. */
  description: string;
  /** The confirm button is red. */
  destructive: boolean;
}

/** The body of a bulk request: the ticked rows, or every row matching the list's filters. */
export type BulkBody<A, F> = { action: A; ids: string[] } | { action: A; filter: F };

interface BulkActionsProps<A extends string, F, E> {
  selection: RowSelection;
  /** Rows on the shown page, and matching the filters in all. */
  pageCount: number;
  total: number;
  /** `3 usuários`, `1 chave`. */
  noun: (count: number) => string;
  /** The noun is feminine (chave). */
  feminine?: boolean;
  /** The actions, in button order; `delete`'s button is red. */
  actions: Record<A, BulkActionSpec>;
  /** The list's bulk mutation. */
  bulk: {
    mutate(
      body: BulkBody<A, F>,
      options: { onSuccess: (result: { message: string }) => void },
    ): void;
    isPending: boolean;
  };
  /** The list's filters, sent when every matching row is selected. */
  filter: F;
  /** The list's CSV export: of the ticked rows (`exportIds`) or of the whole view (`exportView`). */
  exportCsv: { mutate(input: E): void; isPending: boolean };
  exportIds: (ids: string[]) => E;
  exportView: E;
}

/**
 * The bulk actions of a list: the bar over the selection with a button per action and the CSV
 * export of the selection, and the confirmation stating how many rows the action touches. On
 * success it toasts the server's message and empties the selection.
 */
export function BulkActions<A extends string, F, E>({
  selection,
  pageCount,
  total,
  noun,
  feminine = false,
  actions,
  bulk,
  filter,
  exportCsv,
  exportIds,
  exportView,
}: BulkActionsProps<A, F, E>) {
  const [pending, setPending] = useState<A | null>(null);
  const count = selectedCount(selection, total);

  const runBulk = () => {
    const chosen = selection.selection;
    if (!pending || !chosen) return;
    bulk.mutate(
      chosen.kind === 'all' ? { action: pending, filter } : { action: pending, ids: chosen.ids },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          selection.clear();
          setPending(null);
        },
      },
    );
  };
  const exportSelection = () => {
    const chosen = selection.selection;
    exportCsv.mutate(chosen?.kind === 'ids' ? exportIds(chosen.ids) : exportView);
  };

  return (
    <>
      <BulkBar
        selection={selection}
        pageCount={pageCount}
        total={total}
        noun={noun}
        feminine={feminine}
      >
        {(Object.keys(actions) as A[]).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'delete' ? 'destructive' : 'outline'}
            onClick={() => setPending(action)}
          >
            {actions[action].verb}
          </Button>
        ))}
        <PendingButton
          size="sm"
          variant="outline"
          pending={exportCsv.isPending && selection.selection !== null}
          onClick={exportSelection}
        >
          Exportar CSV
        </PendingButton>
      </BulkBar>
      <ConfirmActionDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? `${actions[pending].verb} ${noun(count)}?` : ''}
        description={pending ? actions[pending].description : ''}
        confirmLabel={pending ? actions[pending].verb : ''}
        destructive={pending ? actions[pending].destructive : false}
        pending={bulk.isPending}
        onConfirm={runBulk}
      />
    </>
  );
}
