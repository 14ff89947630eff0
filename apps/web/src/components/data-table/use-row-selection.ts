import { useCallback, useState } from 'react';

/** What a bulk action acts on: the rows ticked, or every row matching the list's filters. */
export type Selection = { kind: 'ids'; ids: string[] } | { kind: 'all' };

/**
 * The rows ticked on the shown page of a list, or "all matching" its filters. `viewKey` names
 * the view (filters, sort, page): when it changes the selection empties, so an action never
 * falls on rows the admin no longer sees.
 */
export function useRowSelection(viewKey: string, pageIds: readonly string[]) {
  const [state, setState] = useState<{ key: string; ids: Set<string>; all: boolean }>({
    key: viewKey,
    ids: new Set(),
    all: false,
  });
  const current =
    state.key === viewKey ? state : { key: viewKey, ids: new Set<string>(), all: false };
  // Only the ids still on the page count (a row may leave after an action).
  const ids = pageIds.filter((id) => current.ids.has(id));
  const pageSelected = pageIds.length > 0 && ids.length === pageIds.length;

  const toggle = useCallback(
    (id: string, on: boolean) =>
      setState((previous) => {
        const base = previous.key === viewKey ? previous.ids : new Set<string>();
        const next = new Set(base);
        if (on) next.add(id);
        else next.delete(id);
        return { key: viewKey, ids: next, all: false };
      }),
    [viewKey],
  );
  const togglePage = useCallback(
    (on: boolean) => setState({ key: viewKey, ids: on ? new Set(pageIds) : new Set(), all: false }),
    [viewKey, pageIds],
  );
  const selectAll = useCallback(
    () => setState({ key: viewKey, ids: new Set(pageIds), all: true }),
    [viewKey, pageIds],
  );
  const clear = useCallback(
    () => setState({ key: viewKey, ids: new Set(), all: false }),
    [viewKey],
  );

  const selection: Selection | null = current.all
    ? { kind: 'all' }
    : ids.length > 0
      ? { kind: 'ids', ids }
      : null;
  return {
    selection,
    isSelected: (id: string) => current.all || current.ids.has(id),
    pageSelected: current.all || pageSelected,
    somePageSelected: ids.length > 0 && !pageSelected,
    allMatching: current.all,
    toggle,
    togglePage,
    selectAll,
    clear,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** How many rows a selection holds: the ticked ones, or the list's total. */
export function selectedCount(selection: RowSelection, total: number): number {
  if (selection.allMatching) return total;
  return selection.selection?.kind === 'ids' ? selection.selection.ids.length : 0;
}
