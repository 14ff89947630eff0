import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

export interface ListParamsOptions<Filters extends Record<string, string>> {
  /** Each filter's URL name and its default value (a default is left out of the URL). */
  filters?: Filters;
  /** The default sort, e.g. `created_at:desc`. */
  sort?: string;
  /** Prefixes every URL name, for a screen with more than one list (e.g. `keys.`). */
  prefix?: string;
}

type Changes = Record<string, string | number | null>;

/**
 * A list's search, page, filters and sort, held in the URL's search params so a copied link
 * reopens the same view and Back returns to the previous page of results. The search box's text
 * reaches the URL once typing pauses; a new search, filter or sort goes back to page 1.
 */
export function useListParams<Filters extends Record<string, string> = Record<never, string>>(
  options: ListParamsOptions<Filters> = {},
) {
  const { prefix = '', sort: defaultSort = '' } = options;
  // The defaults are constants of the calling screen: compared by value, so an inline object
  // does not change the callbacks on every render.
  const defaultsKey = JSON.stringify(options.filters ?? {});
  const defaults = useMemo(() => JSON.parse(defaultsKey) as Filters, [defaultsKey]);
  const [params, setParams] = useSearchParams();
  const name = useCallback((key: string) => `${prefix}${key}`, [prefix]);

  const q = (params.get(name('q')) ?? '').trim();
  const page = Math.max(1, Math.trunc(Number(params.get(name('page')))) || 1);
  const sort = params.get(name('sort')) || defaultSort;
  const filters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const [key, fallback] of Object.entries(defaults)) {
      values[key] = params.get(name(key)) ?? fallback;
    }
    return values as Filters;
  }, [params, defaults, name]);

  const update = useCallback(
    (changes: Changes, replace = false) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const fallback = key === 'sort' ? defaultSort : key === 'page' ? 1 : defaults[key];
            if (value === null || value === '' || value === fallback) next.delete(name(key));
            else next.set(name(key), String(value));
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams, name, defaults, defaultSort],
  );

  // The box holds what is typed; the URL holds the search in force. Back or a link that changes
  // the URL's search refills the box.
  const [search, setSearchText] = useState(q);
  const debounced = useDebouncedValue(search.trim());
  const written = useRef(q);
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setSearchText(q);
    }
  }, [q]);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    update({ q: debounced, page: null }, true);
  }, [debounced, update]);

  const setSearch = useCallback((value: string) => setSearchText(value), []);
  const setPage = useCallback((value: number) => update({ page: value }), [update]);
  const setFilter = useCallback(
    <Key extends keyof Filters & string>(key: Key, value: Filters[Key]) =>
      update({ [key]: value, page: null }),
    [update],
  );
  const setSort = useCallback((value: string) => update({ sort: value, page: null }), [update]);

  return { search, setSearch, q, page, setPage, filters, setFilter, sort, setSort };
}

export type ListParams<Filters extends Record<string, string> = Record<never, string>> = ReturnType<
  typeof useListParams<Filters>
>;
