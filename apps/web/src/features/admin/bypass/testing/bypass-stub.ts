import { messages, type BypassApiKey, type BypassUidItem } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
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

/** The bypass API over `uids`. */
const apiWith = (uids: BypassUidItem[]): Routes => ({
  'GET /api/bypass/uids': page(uids),
  'GET /api/bypass/api-keys': page([activeKey, revokedKey]),
  'POST /api/bypass/uids': () => jsonResponse(201, { message: messages.success.uidCreated }),
  'PUT /api/bypass/uids/PLAYER_ONE': { message: messages.success.uidUpdated },
  'PUT /api/bypass/uids/PLAYER_ONE/pause': {
    message: messages.success.pauseToggled,
    paused: true,
  },
  'DELETE /api/bypass/uids/PLAYER_ONE': { message: messages.success.uidDeleted },
  'POST /api/bypass/api-keys': () =>
    jsonResponse(201, {
      ...activeKey,
      id: 'key-3',
      name: 'Bot do Discord',
      prefix: NEW_KEY.slice(0, 12),
      message: messages.bypass.apiKeyCreated,
      key: NEW_KEY,
    }),
  'DELETE /api/bypass/api-keys/key-1': { message: messages.bypass.apiKeyRevoked },
});

const routes = [{ path: '/admin/bypass', Component: BypassScreen }];

/** /admin/bypass over `uids`, `overrides` replacing or adding routes, its requests recorded. */
export function renderScreen(uids: BypassUidItem[] = [running, paused], overrides: Routes = {}) {
  const { sent } = stubRoutes({ ...apiWith(uids), ...overrides });
  renderRoutes(routes, '/admin/bypass');
  return sent;
}

export const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

/** The table row of `uid`. */
export async function rowOf(uid: string) {
  const cell = await screen.findByText(uid, { selector: 'td' });
  return cell.closest('tr') as HTMLElement;
}
