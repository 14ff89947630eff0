import {
  updateSettingResponseSchema,
  type Settings,
  type UpdateSettingBody,
} from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAllData } from './refresh-all-data';
import { queryKeys } from '@/lib/query-keys';

/** One setting at a time (spec §7: key, value); the answer carries every setting. */
export function updateSetting(body: UpdateSettingBody) {
  return api.patch('/settings', body, { schema: updateSettingResponseSchema });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: ({ message: _message, ...settings }) => {
      queryClient.setQueryData<Settings>(queryKeys.settings, settings);
      return refreshAllData(queryClient);
    },
  });
}
