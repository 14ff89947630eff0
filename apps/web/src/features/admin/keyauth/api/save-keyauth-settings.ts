import {
  keyAuthSavedResponseSchema,
  type KeyAuthSavedResponse,
  type KeyAuthSettingsBody,
} from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keyAuthSettingsQueryOptions } from './get-keyauth-settings';

/** `PUT /api/products/:id/keyauth`: the switch, name, version, link (and a kept ID/secret). */
export function saveKeyAuthSettings({
  productId,
  body,
}: {
  productId: string;
  body: KeyAuthSettingsBody;
}) {
  return api.put(`/products/${encodeURIComponent(productId)}/keyauth`, body, {
    schema: keyAuthSavedResponseSchema,
  });
}

/** Stores the settings a save or a secret rotation answered: the page shows them at once. */
export function useStoreKeyAuthSettings(productId: string) {
  const queryClient = useQueryClient();
  return ({ message: _message, ...settings }: KeyAuthSavedResponse) =>
    queryClient.setQueryData(keyAuthSettingsQueryOptions(productId).queryKey, settings);
}

export function useSaveKeyAuthSettings(productId: string) {
  const store = useStoreKeyAuthSettings(productId);
  return useMutation({ mutationFn: saveKeyAuthSettings, onSuccess: store });
}
