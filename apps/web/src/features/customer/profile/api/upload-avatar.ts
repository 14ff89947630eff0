import { profileSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Multipart field `avatar`; the server checks PNG/JPEG by content and 2 MB. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api.post('/profile/avatar/upload', form, { schema: profileSchema });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.client.profile, profile),
  });
}
