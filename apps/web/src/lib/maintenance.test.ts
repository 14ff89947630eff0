import { messages } from '@chaveiro/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  endMaintenance,
  getMaintenanceState,
  isMaintenanceError,
  reportMaintenance,
  subscribeToMaintenance,
} from './maintenance';
import { createQueryClient, shouldRetry } from './query-client';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

const maintenance = () => new ApiError(503, 'MAINTENANCE', messages.settings.maintenance, true);

let unsubscribe: (() => void) | undefined;

afterEach(() => {
  unsubscribe?.();
  unsubscribe = undefined;
  toastError.mockReset();
});

function failMutation(error: Error) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => Promise.reject(error),
  });
  return expect(mutation.execute(undefined)).rejects.toBe(error);
}

describe('maintenance state', () => {
  it('recognises only the 503 whose code is MAINTENANCE', () => {
    expect(isMaintenanceError(maintenance())).toBe(true);
    expect(isMaintenanceError(new ApiError(503, 'UNKNOWN', 'x'))).toBe(false);
    expect(isMaintenanceError(new ApiError(400, 'MAINTENANCE', 'x'))).toBe(false);
  });

  it('ignores reports while no maintenance page watches', () => {
    expect(reportMaintenance('x')).toBe(false);
    expect(getMaintenanceState().active).toBe(false);
  });

  it('turns on with the reported message, ends, and is forgotten when the page goes', () => {
    const listener = vi.fn();
    unsubscribe = subscribeToMaintenance(listener);
    expect(reportMaintenance('Manutenção programada.')).toBe(true);
    expect(getMaintenanceState()).toEqual({ active: true, message: 'Manutenção programada.' });
    expect(listener).toHaveBeenCalledTimes(1);

    endMaintenance();
    expect(getMaintenanceState().active).toBe(false);

    reportMaintenance();
    unsubscribe();
    unsubscribe = undefined;
    expect(getMaintenanceState()).toEqual({
      active: false,
      message: messages.settings.maintenance,
    });
  });
});

describe('query client during maintenance', () => {
  it('does not retry a call refused for maintenance', () => {
    expect(shouldRetry(0, maintenance())).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'UNKNOWN', 'x', true))).toBe(true);
  });

  it('lets the maintenance page report a failed mutation instead of a toast', async () => {
    unsubscribe = subscribeToMaintenance(() => undefined);
    await failMutation(maintenance());
    expect(toastError).not.toHaveBeenCalled();
    expect(getMaintenanceState().active).toBe(true);
  });

  it("toasts the server's message where no maintenance page is shown", async () => {
    await failMutation(maintenance());
    expect(toastError).toHaveBeenCalledWith(messages.settings.maintenance);
    expect(getMaintenanceState().active).toBe(false);
  });

  it('turns the page on when a query is refused for maintenance', async () => {
    unsubscribe = subscribeToMaintenance(() => undefined);
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(maintenance()) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getMaintenanceState().active).toBe(true);
  });
});
