import { TIMING } from '@chaveiro/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, CLIENT_ERROR_CODES, errorMessage } from './api-client';
import { isMaintenanceError, reportMaintenance } from './maintenance';
import { clearToken } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    mutationMeta: {
      /** Set false when the screen reports the failure itself (e.g. the redeem result modal). */
      errorToast?: boolean;
    };
  }
}

/**
 * Failures that a retry cannot fix: no session, no permission, a rejected request, or
 * maintenance (the maintenance page polls until it ends and the screens load again).
 */
export function isPermanentFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === CLIENT_ERROR_CODES.notAuthenticated) return true;
  if (isMaintenanceError(error)) return true;
  // 408 and 429 are worth another try; any other 4xx answers the same way again.
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Spec §9: up to 3 retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < TIMING.queryRetries && !isPermanentFailure(error);
}

/** Spec §9: exponential backoff from 1 s, capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(TIMING.queryRetryBaseMs * 2 ** attemptIndex, TIMING.queryRetryMaxMs);
}

/** True when the server rejected the session this request carried. */
export function isSessionRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.authenticated;
}

/** Turns a failed mutation into the error toast of spec §8 (shadcn-admin's handleServerError). */
export function handleServerError(error: unknown): void {
  toast.error(errorMessage(error));
}

export interface QueryClientOptions {
  /** Runs after the token is cleared because the server answered 401. */
  onSessionRejected?: () => void;
}

/**
 * Spec §9 defaults. A 401 on a call that carried the token clears it; the guarded layouts watch
 * the token and go to /auth, so nothing here needs the router (no import cycle). A 503
 * MAINTENANCE switches the customer area to its maintenance page.
 */
export function createQueryClient({ onSessionRejected }: QueryClientOptions = {}): QueryClient {
  /** True when a whole-page state (the maintenance page) reports the failure instead of a toast. */
  const onAnyError = (error: unknown): boolean => {
    if (isMaintenanceError(error)) return reportMaintenance(errorMessage(error));
    if (!isSessionRejected(error)) return false;
    clearToken();
    onSessionRejected?.();
    return false;
  };

  return new QueryClient({
    queryCache: new QueryCache({ onError: onAnyError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const handled = onAnyError(error);
        if (!handled && mutation.meta?.errorToast !== false) handleServerError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: TIMING.queryCacheMs,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
