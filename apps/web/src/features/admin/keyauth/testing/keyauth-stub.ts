import {
  KEYAUTH_NOT_CONFIGURED,
  keyAuthAppMessages as messages,
  type HwidBlacklistEntry,
  type KeyAuthSettings,
  type Product,
  type ProductVariable,
} from '@chaveiro/contract';
import { products } from '@/testing/admin-fixtures';
import { jsonResponse, notStubbed, stubRoutes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { KeyAuthScreen } from '../components/keyauth-screen';

/** The product whose KeyAuth page is open. */
export const product: Product = { ...(products[0] as Product), id: 'prod-1', name: 'Valorant Pro' };
export const PUBLIC_KEY = '906780e22eddd9d1ce45731cb6bb82931f0275485daa8b895afa4cdb7712514f';
export const SECRET = 'ba7647a079482fb9c255a5fdac7c55cbc78e7359e15b7b63547a2e3bd54f0980';
export const NEW_SECRET = 'c'.repeat(64);

export const configured: KeyAuthSettings = {
  enabled: true,
  name: 'ValorantLoader',
  ownerId: 'bwZIiRx8PJ',
  secret: SECRET,
  version: '1.0',
  downloadUrl: null,
  apiUrl: 'https://painel.exemplo.com/api/1.3/',
  apiUrlLegacy: 'https://painel.exemplo.com/api/1.2/',
  publicKey: PUBLIC_KEY,
  updatedAt: '2026-11-28T12:00:00.000Z',
};

export const motd: ProductVariable = {
  name: 'motd',
  value: 'Bem-vindo!',
  updatedAt: '2026-11-28T12:00:00.000Z',
};
export const banned: HwidBlacklistEntry = {
  hwid: 'S-1-5-21-3623811015-3361044348-30300820-1013',
  reason: 'Chargeback',
  userId: null,
  username: null,
  createdAt: '2026-11-28T15:30:00.000Z',
};
export const bannedByLoader: HwidBlacklistEntry = {
  hwid: 'machine-guid-0042',
  reason: '',
  userId: 'user-joana',
  username: 'joana',
  createdAt: '2026-11-28T16:00:00.000Z',
};

export interface KeyAuthServerState {
  settings: KeyAuthSettings | null;
  variables: ProductVariable[];
  blacklist: HwidBlacklistEntry[];
}

/** The server of one product: its KeyAuth settings, variables and blacklist, as they change. */
export function stubKeyAuthApi(initial: Partial<KeyAuthServerState> = {}) {
  const state: KeyAuthServerState = { settings: null, variables: [], blacklist: [], ...initial };
  const { sent } = stubRoutes({
    'GET /api/products': [product],
    'GET /api/products/prod-1/keyauth': () =>
      state.settings ??
      jsonResponse(404, { message: messages.notConfigured, code: KEYAUTH_NOT_CONFIGURED }),
    'PUT /api/products/prod-1/keyauth': ({ body }) => {
      const input = body as Record<string, unknown>;
      if (input.name === 'Ocupado') {
        return jsonResponse(409, { message: messages.appTaken, code: 'KEYAUTH_APP_TAKEN' });
      }
      state.settings = {
        ...configured,
        enabled: input.enabled as boolean,
        name: input.name as string,
        version: input.version as string,
        downloadUrl: (input.downloadUrl as string | null | undefined) ?? null,
        ownerId: (input.ownerId as string | undefined) ?? state.settings?.ownerId ?? 'GenOwner01',
        updatedAt: new Date().toISOString(),
      };
      return { message: messages.saved, ...state.settings };
    },
    'POST /api/products/prod-1/keyauth/secret': () => {
      if (!state.settings) return notStubbed();
      state.settings = { ...state.settings, secret: NEW_SECRET, updatedAt: '2026-11-29T00:00:00Z' };
      return { message: messages.secretRotated, ...state.settings };
    },
    'GET /api/products/prod-1/variables': () => ({ items: state.variables, limit: 100 }),
    'PUT /api/products/prod-1/variables/:name': ({ params, body }) => {
      const name = params.name ?? '';
      const saved = { name, value: (body as { value: string }).value, updatedAt: motd.updatedAt };
      const existed = state.variables.some((v) => v.name === name);
      state.variables = [...state.variables.filter((v) => v.name !== name), saved];
      return jsonResponse(existed ? 200 : 201, {
        message: existed ? messages.variableSaved : messages.variableCreated,
        variable: saved,
      });
    },
    'DELETE /api/products/prod-1/variables/:name': ({ params }) => {
      state.variables = state.variables.filter((v) => v.name !== params.name);
      return { message: messages.variableDeleted };
    },
    'GET /api/products/prod-1/hwid-blacklist': () => ({
      items: state.blacklist,
      total: state.blacklist.length,
      page: 1,
      pageSize: 20,
    }),
    'POST /api/products/prod-1/hwid-blacklist': ({ body }) => {
      const { hwid, reason } = body as { hwid: string; reason: string };
      const entry = {
        hwid,
        reason,
        userId: null,
        username: null,
        createdAt: '2026-11-29T10:00:00.000Z',
      };
      state.blacklist = [entry, ...state.blacklist];
      return jsonResponse(201, { message: messages.hwidBlocked, entry });
    },
    'DELETE /api/products/prod-1/hwid-blacklist/:hwid': ({ params }) => {
      state.blacklist = state.blacklist.filter((e) => e.hwid !== params.hwid);
      return { message: messages.hwidUnblocked };
    },
  });
  return { sent, state };
}

/** The KeyAuth page as the router mounts it. */
export const keyAuthRoutes = [{ path: '/admin/products/:id/keyauth', Component: KeyAuthScreen }];
/** /admin/products/prod-1/keyauth. */
export const openPage = () => renderRoutes(keyAuthRoutes, '/admin/products/prod-1/keyauth');
export const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');
