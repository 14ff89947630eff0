import { bypassPauseResponseSchema } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterBypassChange } from './invalidate';

/** `PUT /api/bypass/uids/{uid}/pause`: pauses a running UID or resumes a paused one. */
export function toggleBypassUidPause(uid: string) {
  return api.put(`/bypass/uids/${encodeURIComponent(uid)}/pause`, undefined, {
    schema: bypassPauseResponseSchema,
  });
}

export function useToggleBypassUidPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBypassUidPause,
    onSuccess: () => invalidateAfterBypassChange(queryClient),
  });
}
