import { messages, type BypassApiKey, type BypassUidItem } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { BypassScreen } from '../components/bypass-screen';

export const running: BypassUidItem = {
  uid: 'PLAYER_ONE',
  nickname: 'Zé',
  region: 'BR',
  remaining_hours: 24,
  paused: false,
  active: true,
};
export const paused: BypassUidItem = {
  uid: 'PAUSED_UID',
  nickname: null,
  region: 'EU',
  remaining_hours: 5.5,
  paused: true,
  active: false,
};
export const activeKey: BypassApiKey = {
  id: 'key-1',
  name: 'Servidor do jogo',
  prefix: 'chv_ab12cd34',
  created_at: '2026-01-10T12:00:00.000Z',
  revoked_at: null,
};
export const revokedKey: BypassApiKey = {
  id: 'key-2',
  name: 'Antiga',
  prefix: 'chv_zz99yy88',
  created_at: '2025-12-01T12:00:00.000Z',
  revoked_at: '2026-01-01T12:00:00.000Z',
};
export const NEW_KEY = `chv_${'A'.repeat(43)}`;

const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
export const ok = (message: string) => jsonResponse(200, { message });

/** The bypass API over `uids`; `overrides` answers first when it returns a response. */
function apiWith(uids: BypassUidItem[], overrides: Override) {
  return (request: SentRequest): Response => {
    const custom = overrides(request);
    if (custom) return custom;
    const { method, url } = request;
    if (method === 'GET' && url.startsWith('/api/bypass/uids'))
      return jsonResponse(200, page(uids));
    if (method === 'GET' && url.startsWith('/api/bypass/api-keys'))
      return jsonResponse(200, page([activeKey, revokedKey]));
    if (method === 'POST' && url === '/api/bypass/uids')
      return jsonResponse(201, { message: messages.success.uidCreated });
    if (method === 'PUT' && url === '/api/bypass/uids/PLAYER_ONE')
      return ok(messages.success.uidUpdated);
    if (method === 'PUT' && url === '/api/bypass/uids/PLAYER_ONE/pause')
      return jsonResponse(200, { message: messages.success.pauseToggled, paused: true });
    if (method === 'DELETE' && url === '/api/bypass/uids/PLAYER_ONE')
      return ok(messages.success.uidDeleted);
    if (method === 'POST' && url === '/api/bypass/api-keys')
      return jsonResponse(201, {
        ...activeKey,
        id: 'key-3',
        name: 'Bot do Discord',
        prefix: NEW_KEY.slice(0, 12),
        message: messages.bypass.apiKeyCreated,
        key: NEW_KEY,
      });
    if (method === 'DELETE' && url === '/api/bypass/api-keys/key-1')
      return ok(messages.bypass.apiKeyRevoked);
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  };
}

const routes = [{ path: '/admin/bypass', Component: BypassScreen }];

export type Override = (request: SentRequest) => Response | undefined;

/** /admin/bypass over `uids`, its requests recorded. */
export function renderScreen(
  uids: BypassUidItem[] = [running, paused],
  overrides: Override = () => undefined,
) {
  const sent = stubApi(apiWith(uids, overrides));
  renderRoutes(routes, '/admin/bypass');
  return sent;
}

export const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

/** The table row of `uid`. */
export async function rowOf(uid: string) {
  const cell = await screen.findByText(uid, { selector: 'td' });
  return cell.closest('tr') as HTMLElement;
}
