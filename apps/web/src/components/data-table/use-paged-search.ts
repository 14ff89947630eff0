import { useCallback, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's server-side search box and the page it shows: `search` is what the box holds, `q`
 * the trimmed text to query once typing pauses, and changing the search goes back to page 1.
 */
export function usePagedSearch() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  return { search, setSearch, q, page, setPage };
}
