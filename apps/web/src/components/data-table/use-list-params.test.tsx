import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from './use-list-params';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({
      list: useListParams({ filters: { status: 'all', role: 'all' }, sort: 'created_at:desc' }),
      location: useLocation(),
    }),
    { wrapper },
  );
}

describe('useListParams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reopens the view a copied link describes', () => {
    const { result } = renderAt('/admin/users?q=ana&page=3&status=banned&sort=balance:asc');
    expect(result.current.list).toMatchObject({
      search: 'ana',
      q: 'ana',
      page: 3,
      filters: { status: 'banned', role: 'all' },
      sort: 'balance:asc',
    });
  });

  it('reads garbage pages as page 1 and missing values as their defaults', () => {
    const { result } = renderAt('/admin/users?page=-4x');
    expect(result.current.list).toMatchObject({
      q: '',
      page: 1,
      filters: { status: 'all', role: 'all' },
      sort: 'created_at:desc',
    });
  });

  it('writes filters and sort to the URL, back on page 1, leaving defaults out', () => {
    const { result } = renderAt('/admin/users?page=5');
    act(() => result.current.list.setFilter('role', 'reseller'));
    expect(result.current.location.search).toBe('?role=reseller');
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setSort('username:asc'));
    expect(result.current.location.search).toBe('?role=reseller&sort=username%3Aasc');
    act(() => result.current.list.setFilter('role', 'all'));
    act(() => result.current.list.setSort('created_at:desc'));
    expect(result.current.location.search).toBe('');
  });

  it('puts the trimmed search in the URL once typing pauses, from page 1', () => {
    const { result } = renderAt('/admin/users?page=2');
    act(() => result.current.list.setSearch('  maria '));
    expect(result.current.list.search).toBe('  maria ');
    expect(result.current.list.q).toBe('');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current.list.q).toBe('maria');
    expect(result.current.list.page).toBe(1);
    expect(result.current.location.search).toBe('?q=maria');
  });
});
