import { messageResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

/** `PUT /api/bypass/uids/{uid}`: renames the UID; its time and pause state stay. */
export function updateBypassUid({ uid, newUid }: { uid: string; newUid: string }) {
  return api.put(
    `/bypass/uids/${encodeURIComponent(uid)}`,
    { newUid },
    { schema: messageResponseSchema },
  );
}

export function useUpdateBypassUid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBypassUid,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
