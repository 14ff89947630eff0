import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePagedSearch } from './use-paged-search';

describe('usePagedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queries the trimmed text once typing pauses, from page 1', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);

    act(() => result.current.setSearch('  ana '));

    expect(result.current.search).toBe('  ana ');
    expect(result.current.page).toBe(1);
    expect(result.current.q).toBe('');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current.q).toBe('ana');
  });

  it('keeps the page while the search stays the same', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setSearch('ana'));
    act(() => {
      vi.advanceTimersByTime(300);
    });

    act(() => result.current.setPage(2));

    expect(result.current.page).toBe(2);
    expect(result.current.q).toBe('ana');
  });
});
