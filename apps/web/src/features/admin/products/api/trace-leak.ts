import { leakTraceResultSchema, type LeakTraceResult } from '@chaveiro/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { sendMultipart } from './send-multipart';

export interface TraceLeakVariables {
  /** The product whose menu opened "Rastrear vazamento". */
  productId: string;
  file: File;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * `POST /api/deliveries/trace`: the product first, then `leakedFile`, so the server knows which
 * product's menu it came from when the file arrives.
 */
export function traceLeak({
  productId,
  file,
  onProgress,
}: TraceLeakVariables): Promise<LeakTraceResult> {
  const body = new FormData();
  body.append('productId', productId);
  body.append('leakedFile', file, file.name);
  return sendMultipart('/deliveries/trace', body, leakTraceResultSchema, onProgress);
}

export function useTraceLeak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: traceLeak,
    // A traced copy writes an audit line.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activity.all }),
  });
}
