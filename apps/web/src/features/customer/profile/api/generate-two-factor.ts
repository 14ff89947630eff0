import { twoFactorSetupResponseSchema } from '@chaveiro/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function generateTwoFactor() {
  return api.post('/profile/2fa/generate', undefined, { schema: twoFactorSetupResponseSchema });
}

export function useGenerateTwoFactor() {
  return useMutation({ mutationFn: generateTwoFactor });
}
