import { messages, publicSettingsSchema } from '@chaveiro/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from './api-client';
import { queryKeys } from './query-keys';

/** The `code` of the 503 every non-admin call gets while maintenance mode is on. */
export const MAINTENANCE_CODE = 'MAINTENANCE';

/** How often the maintenance page asks whether maintenance is over. */
export const MAINTENANCE_POLL_MS = 15_000;

export function isMaintenanceError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.code === MAINTENANCE_CODE;
}

/** Server status and maintenance mode; open to anyone, so it works without a session. */
export function getPublicSettings(signal?: AbortSignal) {
  return api.get('/settings/public', { public: true, schema: publicSettingsSchema, signal });
}

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.publicSettings,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });
}

export interface MaintenanceState {
  active: boolean;
  /** The server's words; the contract's copy until a 503 brings its own. */
  message: string;
}

const INACTIVE: MaintenanceState = { active: false, message: messages.settings.maintenance };

let state = INACTIVE;
const listeners = new Set<() => void>();

function setState(next: MaintenanceState): void {
  if (next.active === state.active && next.message === state.message) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getMaintenanceState(): MaintenanceState {
  return state;
}

/**
 * Watching is what the maintenance gate does while it is on screen. The state only means
 * something to a watcher: when the last one leaves it is forgotten, so a later visit starts
 * from the server's answer instead of an old report.
 */
export function subscribeToMaintenance(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) state = INACTIVE;
  };
}

/**
 * A call failed with 503 MAINTENANCE, or the public settings say it is on. Returns true when a maintenance page takes over (a gate
 * is watching), so the caller need not report the failure itself; elsewhere (the login and
 * register forms) the screen shows the server's message as its own error.
 */
export function reportMaintenance(message?: string): boolean {
  if (listeners.size === 0) return false;
  setState({ active: true, message: message ?? state.message });
  return true;
}

/** The server says maintenance is over (or never began). */
export function endMaintenance(): void {
  setState({ ...state, active: false });
}
