import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server's own rule for LOADER_OUTDATED; test code only, the SDK stays contract-free.
import { compareLoaderVersions } from '@chaveiro/contract';
import { hwidDigest, issueOfflineToken } from './offline-token.js';
import { sealContainer } from './sealed.js';
import type { TestSigner } from './signer.js';
import { createTestSigner } from './signer.js';

/** What the fake accepts: one product, one redeemed key, one account. */
export const FAKE = {
  productId: 'prod_aim',
  productName: 'Aim Pro',
  key: 'ABCDEFGHJK23456789',
  identifier: 'ana',
  password: 'segredo-forte',
  hwid: 'test-machine-0001',
  subscriptionExpiresAt: '2026-12-23T12:00:00.000Z',
} as const;

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

export interface FakeLoaderServer {
  url: string;
  signer: TestSigner;
  requests: ReceivedRequest[];
  /** The product file; null when the product has none. */
  file: Uint8Array | null;
  heartbeatSeconds: number;
  /** Milliseconds to wait before answering. */
  delayMs: number;
  /** "Entrega protegida": a session without `sessionKey` may not download. Default false. */
  protectedDelivery: boolean;
  /** Offline grace granted with each auth (and renewed heartbeats); 0 = none, the default. */
  offlineGraceHours: number;
  /** The product's published loader and minimum version (LOADER_OUTDATED); null: no check. */
  loader: { minVersion: string; version: string; name: string; bytes: Uint8Array | null } | null;
  /** What the product's rule does with a reported security event. Default `record`. */
  securityAction: string;
  /** Every sealed container served, as sent. */
  sealedDownloads: Uint8Array[];
  /** Refuse the next call to `path` with this code (and `extra` fields in its data). */
  refuseNext(
    path: string,
    code: string,
    message: string,
    status: number,
    extra?: Record<string, unknown>,
  ): void;
  /** Rewrites answers on their way out, like a proxy in the middle. */
  tamper: ((answer: RawAnswer, request: ReceivedRequest) => RawAnswer) | undefined;
  /** Every answer sent, as sent (after `tamper`). */
  answers: RawAnswer[];
  /**
   * A load balancer whose node went down: for a request it returns something for, the server
   * never sees the request (no nonce or session is consumed) and the client gets that answer,
   * its connection dropped (`'drop'`), or no answer at all (`'hang'`).
   */
  outage: ((request: ReceivedRequest) => RawAnswer | 'drop' | 'hang' | undefined) | undefined;
  close(): Promise<void>;
}

/**
 * A small stand-in for the Chaveiro loader API that signs like the real one. It is what the SDK
 * talks to in these tests, not what they test; the real server has its own tests.
 */
export async function startFakeServer(
  options: { signer?: TestSigner; clock?: () => number } = {},
): Promise<FakeLoaderServer> {
  const signer = options.signer ?? createTestSigner();
  const clock = options.clock ?? Date.now;
  const sessions = new Map<string, { sessionKey: Uint8Array | null; hwid: string }>();
  const updateTokens = new Set<string>();
  const seenNonces = new Set<string>();
  const refusals = new Map<
    string,
    { code: string; message: string; status: number; extra?: Record<string, unknown> }
  >();
  let sessionCounter = 0;

  const newSession = (session: { sessionKey: Uint8Array | null; hwid: string }) => {
    const token = `fake-session-${String(++sessionCounter)}`;
    sessions.set(token, session);
    return token;
  };
  const offlineGrant = (hwid: string) => {
    if (fake.offlineGraceHours <= 0) return null;
    const issuedAt = clock();
    const expiresAt = new Date(
      Math.min(
        issuedAt + fake.offlineGraceHours * 3_600_000,
        Date.parse(FAKE.subscriptionExpiresAt),
      ),
    ).toISOString();
    const token = issueOfflineToken(signer, {
      v: 1,
      keyId: signer.keyId,
      productId: FAKE.productId,
      subscriptionId: 'sub_1',
      hwid: hwidDigest(hwid),
      username: FAKE.identifier,
      issuedAt: new Date(issuedAt).toISOString(),
      expiresAt,
    });
    return { token, expiresAt };
  };
  const inFifteenMinutes = () => new Date(clock() + 15 * 60_000).toISOString();

  const fake: FakeLoaderServer = {
    url: '',
    signer,
    requests: [],
    file: new TextEncoder().encode('fake product file bytes\n'),
    heartbeatSeconds: 30,
    delayMs: 0,
    protectedDelivery: false,
    offlineGraceHours: 0,
    loader: null,
    securityAction: 'record',
    sealedDownloads: [],
    tamper: undefined,
    answers: [],
    outage: undefined,
    refuseNext(path, code, message, status, extra) {
      refusals.set(path, { code, message, status, ...(extra && { extra }) });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  function signed(request: ReceivedRequest, status: number, data: Record<string, unknown>) {
    const nonce = typeof request.body?.nonce === 'string' ? request.body.nonce : null;
    const { body, signature } = signer.answer({
      request: `${request.method} ${request.path}`,
      data,
      nonce: request.query.get('nonce') ?? nonce,
      issuedAt: new Date(clock()).toISOString(),
    });
    return {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-signature': signature },
      body: new TextEncoder().encode(body),
    };
  }

  function refusal(request: ReceivedRequest, code: string, message: string, status: number) {
    return signed(request, status, { ok: false, code, message });
  }

  /** LOADER_OUTDATED's data when the reported loader is older than the minimum, else null. */
  function loaderOutdated(report: unknown): Record<string, unknown> | null {
    const loader = fake.loader;
    if (!loader) return null;
    const version =
      typeof report === 'object' && report !== null
        ? (report as { version?: unknown }).version
        : undefined;
    if (typeof version === 'string' && compareLoaderVersions(version, loader.minVersion) >= 0) {
      return null;
    }
    let update: { token: string; expiresAt: string } | null = null;
    if (loader.bytes) {
      const token = `u1.fake-update-${String(updateTokens.size + 1)}`;
      updateTokens.add(token);
      update = { token, expiresAt: new Date(clock() + 10 * 60_000).toISOString() };
    }
    const bytes = loader.bytes ?? new Uint8Array(0);
    return {
      ok: false,
      code: 'LOADER_OUTDATED',
      message: `Este loader está desatualizado. Atualize para a versão ${loader.version}.`,
      loader: {
        version: loader.version,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        name: loader.name,
        update,
      },
    };
  }

  function route(request: ReceivedRequest): RawAnswer {
    const forced = refusals.get(request.path);
    if (forced) {
      refusals.delete(request.path);
      const { code, message, status, extra } = forced;
      return signed(request, status, { ok: false, code, message, ...extra });
    }
    const nonce = request.query.get('nonce') ?? request.body?.nonce;
    if (typeof nonce === 'string') {
      if (seenNonces.has(nonce)) {
        return refusal(request, 'NONCE_REUSED', 'Requisição repetida recusada.', 409);
      }
      seenNonces.add(nonce);
    }
    const body = request.body ?? {};

    if (request.method === 'GET' && request.path === '/api/loader/public-key') {
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(
          JSON.stringify({ keyId: signer.keyId, publicKey: signer.publicKey, previous: [] }),
        ),
      };
    }
    if (request.method === 'POST' && request.path === '/api/loader/auth') {
      if (body.productId !== FAKE.productId) {
        return refusal(request, 'PRODUCT_NOT_FOUND', 'Produto não encontrado.', 404);
      }
      const byKey = body.key === FAKE.key;
      const byAccount = body.identifier === FAKE.identifier && body.password === FAKE.password;
      if (body.identifier !== undefined && !byAccount) {
        return refusal(request, 'INVALID_CREDENTIALS', 'Usuário ou senha incorretos.', 401);
      }
      if (!byKey && !byAccount) return refusal(request, 'INVALID_KEY', 'Chave inválida.', 401);
      let sessionKey: Uint8Array | null = null;
      if (body.sessionKey !== undefined) {
        const raw =
          typeof body.sessionKey === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(body.sessionKey)
            ? Buffer.from(body.sessionKey, 'base64')
            : null;
        if (raw?.length !== 32)
          return refusal(request, 'INVALID_REQUEST', 'sessionKey inválida.', 400);
        sessionKey = raw;
      }
      const outdated = loaderOutdated(body.loader);
      if (outdated) return signed(request, 403, outdated);
      const file = fake.file;
      const hwid = typeof body.hwid === 'string' ? body.hwid : '';
      return signed(request, 200, {
        ok: true,
        session: newSession({ sessionKey, hwid }),
        sessionExpiresAt: inFifteenMinutes(),
        heartbeatSeconds: fake.heartbeatSeconds,
        subscription: {
          id: 'sub_1',
          product: { id: FAKE.productId, name: FAKE.productName },
          expiresAt: FAKE.subscriptionExpiresAt,
        },
        user: { username: FAKE.identifier },
        file: file && {
          sha256: createHash('sha256').update(file).digest('hex'),
          size: file.length,
          name: 'aim.dll',
          delivery: randomUUID(),
          protected: sessionKey !== null,
        },
        offline: offlineGrant(hwid),
      });
    }
    if (request.method === 'POST' && request.path === '/api/loader/heartbeat') {
      const session = typeof body.session === 'string' ? sessions.get(body.session) : undefined;
      if (!session || typeof body.session !== 'string') {
        return refusal(request, 'SESSION_INVALID', 'Sessão do loader inválida ou expirada.', 401);
      }
      sessions.delete(body.session);
      const grant = offlineGrant(session.hwid);
      return signed(request, 200, {
        ok: true,
        session: newSession(session),
        sessionExpiresAt: inFifteenMinutes(),
        expiresAt: FAKE.subscriptionExpiresAt,
        ...(grant && { offline: grant }),
      });
    }
    if (request.method === 'POST' && request.path === '/api/loader/security-event') {
      if (typeof body.session !== 'string' || !sessions.has(body.session)) {
        return refusal(request, 'SESSION_INVALID', 'Sessão do loader inválida ou expirada.', 401);
      }
      if (!['debugger', 'hooked_api', 'self_check_failed'].includes(String(body.kind))) {
        return refusal(request, 'INVALID_REQUEST', 'Tipo de evento inválido.', 400);
      }
      if (fake.securityAction !== 'record') sessions.delete(body.session);
      return signed(request, 200, { ok: true, action: fake.securityAction });
    }
    if (request.method === 'GET' && request.path === '/api/loader/update') {
      const token = request.query.get('token') ?? '';
      if (!updateTokens.has(token)) {
        return refusal(
          request,
          'SESSION_INVALID',
          'Link de atualização inválido ou expirado.',
          401,
        );
      }
      const bytes = fake.loader?.bytes;
      if (!bytes) return refusal(request, 'NO_FILE', 'O loader mudou; autentique-se de novo.', 404);
      return {
        status: 200,
        headers: {
          'content-type': 'application/octet-stream',
          'x-file-sha256': createHash('sha256').update(bytes).digest('hex'),
          'x-file-size': String(bytes.length),
          'x-loader-version': fake.loader?.version ?? '',
        },
        body: bytes,
      };
    }
    if (request.method === 'GET' && request.path === '/api/loader/download') {
      const session =
        request.authorization?.replace(/^Bearer /, '') ?? request.query.get('session') ?? '';
      const opened = sessions.get(session);
      if (!opened) {
        return refusal(request, 'SESSION_INVALID', 'Sessão do loader inválida ou expirada.', 401);
      }
      if (!fake.file)
        return refusal(request, 'NO_FILE', 'Este produto ainda não tem arquivo.', 404);
      if (opened.sessionKey) {
        const container = sealContainer(fake.file, opened.sessionKey);
        fake.sealedDownloads.push(container);
        return {
          status: 200,
          headers: {
            'content-type': 'application/vnd.chaveiro.sealed',
            'x-file-sha256': createHash('sha256').update(fake.file).digest('hex'),
            'x-file-size': String(fake.file.length),
          },
          body: container,
        };
      }
      if (fake.protectedDelivery) {
        return refusal(
          request,
          'SESSION_KEY_REQUIRED',
          'Atualize o loader: este produto exige entrega protegida.',
          403,
        );
      }
      return {
        status: 200,
        headers: {
          'content-type': 'application/octet-stream',
          'x-file-sha256': createHash('sha256').update(fake.file).digest('hex'),
          'x-file-size': String(fake.file.length),
        },
        body: fake.file,
      };
    }
    return refusal(request, 'INVALID_REQUEST', 'Requisição inválida.', 404);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: Record<string, unknown> | null = null;
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as never) : null;
    } catch {
      body = null;
    }
    const request: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    };
    fake.requests.push(request);
    const lost = fake.outage?.(request);
    if (lost === 'drop') {
      res.destroy();
      return;
    }
    if (lost === 'hang') return;
    let answer = lost ?? route(request);
    if (fake.tamper) answer = fake.tamper(answer, request);
    fake.answers.push(answer);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return fake;
}
