import { adminProfileUpdateResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface AdminProfileUpdate {
  username?: string | undefined;
  avatar?: File | undefined;
}

/** Multipart (spec §7): an optional new username and an optional avatar image. */
export function updateAdminProfile({ username, avatar }: AdminProfileUpdate) {
  const form = new FormData();
  if (username !== undefined) form.append('username', username);
  if (avatar) form.append('avatar', avatar);
  return api.patch('/admin/profile', form, { schema: adminProfileUpdateResponseSchema });
}

/** A failure toasts (query client) while the dialog stays open (spec §4). */
export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProfile,
    onSuccess: async ({ username, avatar_url }) => {
      queryClient.setQueryData(queryKeys.admin.profile, { username, avatar_url });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.profile });
    },
  });
}
