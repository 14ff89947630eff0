import { useCallback, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's server-side search box, its filter and the page it shows: `search` is what the box
 * holds, `q` the trimmed text to query once typing pauses, and changing the search or the filter
 * goes back to page 1.
 */
export function usePagedSearch<Filter = undefined>(initialFilter?: Filter) {
  const [search, setSearchText] = useState('');
  const [filter, setFilterValue] = useState(initialFilter as Filter);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  const setFilter = useCallback((value: Filter) => {
    setFilterValue(value);
    setPage(1);
  }, []);
  return { search, setSearch, q, page, setPage, filter, setFilter };
}

/** What the list card and its table read from `usePagedSearch` (or `useListParams`). */
export type PagedSearch = Pick<ReturnType<typeof usePagedSearch>, 'search' | 'setSearch'> & {
  setPage: (page: number) => void;
};
