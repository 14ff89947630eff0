import { useSyncExternalStore } from 'react';
import { getToken, subscribeToToken } from '@/lib/session';

/** The stored token, re-read whenever it changes in this tab or another one. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, () => null);
}
