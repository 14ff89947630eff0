import { useMutation } from '@tanstack/react-query';
import { downloadWithToken } from '@/components/download/save-blob';
import type { UsersListQuery } from './get-users';

export type UsersExportSelection = Pick<UsersListQuery, 'q' | 'role' | 'status' | 'sort'> & {
  /** The selected rows (at most one page); absent: every user matching the filters. */
  ids?: string[];
};

/** CSV of the selected users or of the filtered list, saved as `usuarios.csv`. */
export function exportUsers({ ids, ...filters }: UsersExportSelection) {
  return downloadWithToken('/users/export.csv', 'usuarios.csv', {
    ...filters,
    ids: ids?.join(','),
  });
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
