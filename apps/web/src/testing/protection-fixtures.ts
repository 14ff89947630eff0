import type { Delivery, LeakTraceResult, SecurityEvent } from '@chaveiro/contract';

/** A delivered copy of "Valorant Pro" to maria_cliente, downloaded sealed. */
export function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 'del-1',
    productId: 'prod-1',
    productName: 'Valorant Pro',
    user: { id: 'user-maria', username: 'maria_cliente' },
    username: 'maria_cliente',
    subscriptionId: 'sub-1',
    machineId: 'm-1',
    hwid: 'HWID-MARIA-0001',
    ip: '203.0.113.45',
    markKind: 'trailer',
    protected: true,
    markedSha256: 'b'.repeat(64),
    createdAt: '2030-04-01T12:00:00.000Z',
    downloadedAt: '2030-04-01T12:00:05.000Z',
    downloadIp: '203.0.113.45',
    downloads: 1,
    ...overrides,
  };
}

/** A debugger maria_cliente's loader reported on "Valorant Pro", still open. */
export function securityEvent(overrides: Partial<SecurityEvent> = {}): SecurityEvent {
  return {
    id: 'sec-1',
    product: { id: 'prod-1', name: 'Valorant Pro' },
    user: { id: 'user-maria', username: 'maria_cliente' },
    username: 'maria_cliente',
    subscriptionId: 'sub-1',
    machineId: 'm-1',
    hwid: 'HWID-MARIA-0001',
    kind: 'debugger',
    detail: 'x64dbg anexado',
    action: 'end_session',
    ip: '203.0.113.45',
    createdAt: '2030-04-02T08:30:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}

export function tracedTo(
  found: Delivery,
  overrides: Partial<LeakTraceResult> = {},
): LeakTraceResult {
  return {
    verdict: 'identical',
    message: 'Cópia idêntica a uma entrega',
    delivery: found,
    sha256: found.markedSha256,
    size: 4096,
    marksFound: 1,
    ...overrides,
  };
}
