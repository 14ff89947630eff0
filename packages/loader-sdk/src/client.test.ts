import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeartbeatStatus, LoaderClient } from './client.js';
import { createLoaderClient, fetchPublicKeys } from './client.js';
import {
  LoaderNetworkError,
  LoaderRefusedError,
  LoaderStateError,
  LoaderVerificationError,
} from './errors.js';
import type { FakeLoaderServer, RawAnswer, ReceivedRequest } from './testing/fake-server.js';
import { FAKE, startFakeServer } from './testing/fake-server.js';
import { createTestSigner, OTHER_SEED } from './testing/signer.js';

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

let fake: FakeLoaderServer;
let client: LoaderClient;

beforeEach(async () => {
  fake = await startFakeServer();
  client = createLoaderClient({
    serverUrl: `${fake.url}/`,
    productId: FAKE.productId,
    trustedKeys: [fake.signer.trustedKey],
  });
});

afterEach(async () => {
  await fake.close();
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

const authWithKey = () => client.auth({ hwid: FAKE.hwid, key: FAKE.key });

/** The answer's data, changed by `change` and signed again by the trusted key as an auth answer. */
function resignedAsAuth(
  answer: RawAnswer,
  request: ReceivedRequest,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): RawAnswer {
  const { data } = JSON.parse(new TextDecoder().decode(answer.body)) as {
    data: Record<string, unknown>;
  };
  const { body, signature } = fake.signer.answer({
    request: 'POST /api/loader/auth',
    data: change(data),
    nonce: String(request.body?.nonce),
    issuedAt: new Date().toISOString(),
  });
  return {
    ...answer,
    headers: { ...answer.headers, 'x-signature': signature },
    body: new TextEncoder().encode(body),
  };
}

describe('auth', () => {
  it('sends the product, the machine, the credentials and a fresh nonce, and returns the signed data', async () => {
    const result = await authWithKey();

    expect(result).toMatchObject({
      session: 'fake-session-1',
      heartbeatSeconds: 30,
      subscription: { product: { id: FAKE.productId, name: FAKE.productName } },
      user: { username: FAKE.identifier },
      file: { name: 'aim.dll', size: fake.file?.length },
    });
    const [request] = fake.requests;
    expect(request?.path).toBe('/api/loader/auth');
    expect(request?.body).toMatchObject({
      productId: FAKE.productId,
      hwid: FAKE.hwid,
      key: FAKE.key,
    });
    expect(request?.body?.nonce).toMatch(NONCE_PATTERN);
    expect(request?.body).not.toHaveProperty('password');
  });

  it('signs in with an account', async () => {
    const result = await client.auth({
      hwid: FAKE.hwid,
      identifier: FAKE.identifier,
      password: FAKE.password,
    });
    expect(result.user.username).toBe(FAKE.identifier);
  });

  it('turns a signed refusal into LoaderRefusedError with the code, pt-BR message and status', async () => {
    const error = await caught(client.auth({ hwid: FAKE.hwid, key: 'WRONGKEY0000000000' }));

    expect(error).toBeInstanceOf(LoaderRefusedError);
    expect(error).toMatchObject({ code: 'INVALID_KEY', message: 'Chave inválida.', status: 401 });
  });

  it('uses a new nonce for every request', async () => {
    await authWithKey();
    await client.heartbeat();
    await client.heartbeat();
    const nonces = fake.requests.map((request) => request.body?.nonce);
    expect(new Set(nonces).size).toBe(3);
  });

  it.each([-1, 1.5, 2 ** 60])(
    'refuses a signed file size of %s as MALFORMED_ANSWER, not a RangeError later',
    async (size) => {
      // Signed by the trusted key: only the shape check can stop it.
      fake.tamper = (answer, request) =>
        resignedAsAuth(answer, request, (data) => ({
          ...data,
          file: { ...(data.file as Record<string, unknown>), size },
        }));
      const error = await caught(authWithKey());
      expect(error).toBeInstanceOf(LoaderVerificationError);
      expect(error).toMatchObject({ code: 'MALFORMED_ANSWER' });
    },
  );
});

describe('answers the client must not trust', () => {
  it('an answer stripped of its signature (MISSING_SIGNATURE)', async () => {
    fake.tamper = (answer) => ({ ...answer, headers: { 'content-type': 'application/json' } });
    const error = await caught(authWithKey());
    expect(error).toBeInstanceOf(LoaderVerificationError);
    expect(error).toMatchObject({ code: 'MISSING_SIGNATURE' });
  });

  it('a forged success in place of a refusal (BAD_SIGNATURE)', async () => {
    fake.tamper = (answer) => {
      const text = new TextDecoder().decode(answer.body);
      const forged = text.replace('"ok":false', '"ok":true');
      return { ...answer, status: 200, body: new TextEncoder().encode(forged) };
    };
    const error = await caught(client.auth({ hwid: FAKE.hwid, key: 'WRONGKEY0000000000' }));
    expect(error).toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  it('a replay of an earlier genuine answer (WRONG_NONCE)', async () => {
    let recorded: RawAnswer | undefined;
    fake.tamper = (answer) => {
      recorded ??= answer;
      return recorded;
    };
    await authWithKey();
    const error = await caught(authWithKey());
    expect(error).toMatchObject({ code: 'WRONG_NONCE' });
  });

  it('the answer to another call (WRONG_REQUEST)', async () => {
    await authWithKey();
    // A genuine answer with the right nonce, but for the auth path: the server answered
    // something other than the heartbeat the client sent.
    fake.tamper = (answer, request) => resignedAsAuth(answer, request, (data) => data);
    const error = await caught(client.heartbeat());
    expect(error).toMatchObject({ code: 'WRONG_REQUEST' });
  });

  it('an answer from a server whose clock is more than 5 minutes off (STALE_ANSWER)', async () => {
    await fake.close();
    fake = await startFakeServer({ clock: () => Date.now() - 6 * 60_000 });
    client = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
    });
    const error = await caught(authWithKey());
    expect(error).toMatchObject({ code: 'STALE_ANSWER' });
  });

  it('an answer signed by a server it does not know (UNTRUSTED_KEY)', async () => {
    await fake.close();
    fake = await startFakeServer({ signer: createTestSigner(OTHER_SEED) });
    client = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [createTestSigner().trustedKey],
    });
    const error = await caught(authWithKey());
    expect(error).toMatchObject({ code: 'UNTRUSTED_KEY' });
  });

  it('honours the injected clock for freshness', async () => {
    client = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      clock: () => new Date(Date.now() + 10 * 60_000),
    });
    const error = await caught(authWithKey());
    expect(error).toMatchObject({ code: 'STALE_ANSWER' });
  });
});

describe('heartbeat', () => {
  it('needs a session first', async () => {
    await expect(client.heartbeat()).rejects.toBeInstanceOf(LoaderStateError);
    expect(() => client.startHeartbeats()).toThrow(LoaderStateError);
  });

  it('keeps the renewed session token (the fake refuses an already renewed one)', async () => {
    await authWithKey();
    const first = await client.heartbeat();
    const second = await client.heartbeat();

    expect(first.session).toBe('fake-session-2');
    expect(second.session).toBe('fake-session-3');
    expect(second.expiresAt).toBe(FAKE.subscriptionExpiresAt);
    const sent = fake.requests.filter((r) => r.path === '/api/loader/heartbeat');
    expect(sent.map((r) => r.body?.session)).toEqual(['fake-session-1', 'fake-session-2']);
  });

  it('reports a server refusal such as an HWID reset', async () => {
    await authWithKey();
    fake.refuseNext('/api/loader/heartbeat', 'HWID_RESET', 'O HWID foi redefinido.', 401);
    await expect(client.heartbeat()).rejects.toMatchObject({ code: 'HWID_RESET', status: 401 });
  });

  it('carries the signed product status of a product being updated, and leaves out a malformed one', async () => {
    await authWithKey();
    const product = {
      status: 'updating',
      note: 'Previsão: 48 h',
      timeFrozen: true,
      since: '2026-11-23T09:30:00.000Z',
    };
    fake.refuseNext('/api/loader/heartbeat', 'PRODUCT_UPDATING', 'Em atualização.', 503, {
      product,
    });
    const refused = await client.heartbeat().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LoaderRefusedError);
    expect(refused).toMatchObject({ code: 'PRODUCT_UPDATING', status: 503, product });

    fake.refuseNext('/api/loader/heartbeat', 'PRODUCT_UPDATING', 'Em atualização.', 503, {
      product: { ...product, timeFrozen: 'sim' },
    });
    const malformed = await client.heartbeat().catch((error: unknown) => error);
    expect(malformed).toMatchObject({ code: 'PRODUCT_UPDATING', product: undefined });
  });
});

describe('startHeartbeats', () => {
  beforeEach(() => {
    fake.heartbeatSeconds = 0.02;
  });

  it('beats at once and then every heartbeatSeconds until stopped', async () => {
    await authWithKey();
    const statuses: HeartbeatStatus[] = [];
    const loop = client.startHeartbeats({ onStatus: (status) => statuses.push(status) });
    await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(3);
    loop.stop();
    const seen = statuses.length;
    const sent = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));

    // A beat already on the wire may still arrive, but nothing is reported or scheduled after.
    expect(statuses.length).toBe(seen);
    expect(fake.requests.length).toBeLessThanOrEqual(sent + 1);
    expect(statuses.every((status) => status.type === 'renewed')).toBe(true);
  });

  it('ends the session on a refusal', async () => {
    await authWithKey();
    fake.refuseNext(
      '/api/loader/heartbeat',
      'SUBSCRIPTION_EXPIRED',
      'Sua assinatura expirou.',
      403,
    );
    const ended = new Promise<Error>((resolve) => client.startHeartbeats({ onEnd: resolve }));
    await expect(ended).resolves.toMatchObject({ code: 'SUBSCRIPTION_EXPIRED' });
  });

  it('stops on an answer it cannot trust, such as an unsigned success', async () => {
    await authWithKey();
    fake.tamper = (answer) => ({ ...answer, headers: { 'content-type': 'application/json' } });
    const ended = new Promise<Error>((resolve) => client.startHeartbeats({ onEnd: resolve }));
    await expect(ended).resolves.toMatchObject({ code: 'MISSING_SIGNATURE' });
  });

  it('retries after a network error while the session may still be valid', async () => {
    await authWithKey();
    await fake.close();
    const statuses: HeartbeatStatus[] = [];
    const loop = client.startHeartbeats({ onStatus: (status) => statuses.push(status) });
    await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(2);
    loop.stop();
    expect(statuses[0]).toMatchObject({ type: 'retrying', error: { code: 'NETWORK_ERROR' } });
  });

  it('gives up retrying once the session has expired', async () => {
    let now = Date.now();
    client = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      clock: () => now,
    });
    await authWithKey();
    await fake.close();
    now += 16 * 60_000;
    const ended = new Promise<Error>((resolve) => client.startHeartbeats({ onEnd: resolve }));
    await expect(ended).resolves.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('download', () => {
  it('returns the bytes that match the signed sha256 and size', async () => {
    await authWithKey();
    const file = await client.download();

    expect(file.bytes).toEqual(fake.file);
    expect(file.sha256).toBe(createHash('sha256').update(file.bytes).digest('hex'));
    expect(file.name).toBe('aim.dll');
    const request = fake.requests.at(-1);
    expect(request?.authorization).toBe('Bearer fake-session-1');
    expect(request?.query.get('nonce')).toMatch(NONCE_PATTERN);
    expect(request?.query.has('session')).toBe(false);
  });

  it('rejects bytes that differ from what auth announced (FILE_MISMATCH)', async () => {
    await authWithKey();
    fake.tamper = (answer) => ({ ...answer, body: new TextEncoder().encode('patched bytes') });
    const error = await caught(client.download());
    expect(error).toBeInstanceOf(LoaderVerificationError);
    expect(error).toMatchObject({ code: 'FILE_MISMATCH' });
  });

  it('surfaces a signed refusal such as NO_FILE', async () => {
    fake.file = null;
    const auth = await authWithKey();
    expect(auth.file).toBeNull();
    await expect(client.download()).rejects.toMatchObject({ code: 'NO_FILE', status: 404 });
  });

  it('does not trust a refusal whose signature was stripped', async () => {
    fake.file = null;
    await authWithKey();
    fake.tamper = (answer) => ({ ...answer, headers: { 'content-type': 'application/json' } });
    await expect(client.download()).rejects.toMatchObject({ code: 'MISSING_SIGNATURE' });
  });
});

describe('network', () => {
  it('reports an unreachable server as NETWORK_ERROR', async () => {
    await fake.close();
    const error = await caught(authWithKey());
    expect(error).toBeInstanceOf(LoaderNetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    fake = await startFakeServer();
  });

  it('reports a slow server as TIMEOUT', async () => {
    fake.delayMs = 500;
    client = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      timeoutMs: 50,
    });
    await expect(authWithKey()).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('fetchPublicKeys', () => {
  it('returns the key the server publishes, checked against its keyId', async () => {
    await expect(fetchPublicKeys(fake.url)).resolves.toEqual([fake.signer.trustedKey]);
  });

  it('refuses a published key whose keyId does not match it', async () => {
    fake.tamper = () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode(
        JSON.stringify({ keyId: '0000000000000000', publicKey: fake.signer.publicKey }),
      ),
    });
    await expect(fetchPublicKeys(fake.url)).rejects.toMatchObject({ code: 'MALFORMED_ANSWER' });
  });

  it('is required in some form: an empty trust list is a configuration error', () => {
    expect(() =>
      createLoaderClient({ serverUrl: fake.url, productId: FAKE.productId, trustedKeys: [] }),
    ).toThrow(TypeError);
  });
});
