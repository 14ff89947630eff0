import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeartbeatStatus } from './client.js';
import { createLoaderClient } from './client.js';
import {
  LoaderError,
  LoaderRefusedError,
  LoaderUpdateError,
  LoaderVerificationError,
} from './errors.js';
import type { NodeLoaderClient, NodeLoaderClientOptions } from './node-client.js';
import { createNodeLoaderClient } from './node-client.js';
import { sodiumCrypto } from './node-sodium.js';
import { offlineStoreKey, openOfflineRecord, sealOfflineRecord } from './offline.js';
import { SealedOpener } from './sealed.js';
import type { FakeLoaderServer } from './testing/fake-server.js';
import { FAKE, startFakeServer } from './testing/fake-server.js';
import { manualTime } from './testing/manual-time.js';
import { hwidDigest, issueOfflineToken } from './testing/offline-token.js';

let fake: FakeLoaderServer;
let dir: string;

afterEach(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

async function caught(promise: Promise<unknown>): Promise<LoaderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LoaderError);
    return error as LoaderError;
  }
  throw new Error('expected a rejection');
}

const withKey = { hwid: FAKE.hwid, key: FAKE.key };

describe('protected delivery (sealed to the session key)', () => {
  let file: Uint8Array;
  const client = (extra: Partial<NodeLoaderClientOptions> = {}) =>
    createNodeLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      offlineStorePath: false,
      ...extra,
    });

  beforeEach(async () => {
    fake = await startFakeServer();
    dir = await mkdtemp(join(tmpdir(), 'chaveiro-sdk-'));
    // Three chunks, the last partial, so chunk boundaries and tags are exercised.
    file = Uint8Array.from({ length: 2 * 65_536 + 123 }, (_, i) => (i * 7) % 256);
    fake.file = file;
    fake.protectedDelivery = true;
  });

  it('sends a fresh session key and decrypts the download to the exact file', async () => {
    const loader = client();
    const auth = await loader.auth(withKey);
    const sent = fake.requests.find((r) => r.path === '/api/loader/auth')?.body;
    expect(sent?.sessionKey).toBe(loader.sessionKey);
    expect(Buffer.from(String(sent?.sessionKey), 'base64')).toHaveLength(32);
    expect(auth.file).toMatchObject({ protected: true, size: file.length });
    expect(auth.file?.delivery).toMatch(/^[0-9a-f-]{36}$/);

    const downloaded = await loader.download();
    expect(Buffer.from(downloaded.bytes).equals(Buffer.from(file))).toBe(true);
    expect(downloaded.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const container = fake.sealedDownloads[0] ?? new Uint8Array(0);
    // Nothing of the plain file shows in what travelled.
    expect(Buffer.from(container).includes(Buffer.from(file.subarray(0, 64)))).toBe(false);
  });

  it('the download fetched with the session token but another key pair does not decrypt', async () => {
    const loader = client();
    const auth = await loader.auth(withKey);
    // Someone who stole the session token fetches the download themselves.
    const response = await fetch(`${fake.url}/api/loader/download?nonce=stolen-token-nonce-01`, {
      headers: { authorization: `Bearer ${auth.session}` },
    });
    expect(response.headers.get('content-type')).toBe('application/vnd.chaveiro.sealed');
    const stolen = new Uint8Array(await response.arrayBuffer());
    const opener = new SealedOpener(sodiumCrypto, sodiumCrypto.boxKeyPair(), file.length);
    let error: unknown;
    try {
      opener.push(stolen);
      opener.finish();
    } catch (caughtError) {
      error = caughtError;
    }
    expect(error).toBeInstanceOf(LoaderVerificationError);
    expect((error as LoaderVerificationError).code).toBe('DECRYPT_FAILED');
  });

  it('refuses a stream with one byte flipped, cut short or extended, as DECRYPT_FAILED', async () => {
    const loader = client();
    await loader.auth(withKey);
    for (const change of [
      (body: Buffer) => {
        body[70_000] = (body[70_000] ?? 0) ^ 0x01;
        return body;
      },
      (body: Buffer) => body.subarray(0, body.length - 1),
      (body: Buffer) => Buffer.concat([body, Buffer.from([0])]),
      (body: Buffer) => {
        body[0] = 0x41; // the magic
        return body;
      },
    ]) {
      fake.tamper = (answer, request) =>
        request.path === '/api/loader/download'
          ? { ...answer, body: change(Buffer.from(answer.body)) }
          : answer;
      const error = await caught(loader.download());
      expect(error.code).toBe('DECRYPT_FAILED');
    }
  });

  it('two sessions get different ciphertexts of the same file', async () => {
    const first = client();
    const second = client();
    await first.auth(withKey);
    await second.auth(withKey);
    expect(first.sessionKey).not.toBe(second.sessionKey);
    const [a, b] = [await first.download(), await second.download()];
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const [sealedA, sealedB] = fake.sealedDownloads;
    expect(Buffer.from(sealedA ?? []).equals(Buffer.from(sealedB ?? []))).toBe(false);
  });

  it('refuses a plain body where the signed answer promised a sealed one', async () => {
    const loader = client();
    await loader.auth(withKey);
    fake.tamper = (answer, request) =>
      request.path === '/api/loader/download'
        ? {
            ...answer,
            headers: { ...answer.headers, 'content-type': 'application/octet-stream' },
            body: file,
          }
        : answer;
    expect((await caught(loader.download())).code).toBe('DECRYPT_FAILED');
  });

  it('still downloads in the clear from an unprotected product, without crypto', async () => {
    fake.protectedDelivery = false;
    const plain = createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
    });
    expect(plain.sessionKey).toBeNull();
    const auth = await plain.auth(withKey);
    expect(auth.file?.protected).toBe(false);
    expect(Buffer.from((await plain.download()).bytes).equals(Buffer.from(file))).toBe(true);

    fake.protectedDelivery = true;
    await plain.auth(withKey);
    const refused = await caught(plain.download());
    expect(refused).toBeInstanceOf(LoaderRefusedError);
    expect(refused.code).toBe('SESSION_KEY_REQUIRED');
  });
});

describe('loader report and self-update', () => {
  let executable: string;
  const current = new TextEncoder().encode('MZ loader version 2.1.0\n');

  beforeEach(async () => {
    fake = await startFakeServer();
    dir = await mkdtemp(join(tmpdir(), 'chaveiro-sdk-'));
    executable = join(dir, 'loader.exe');
    await writeFile(executable, 'MZ loader version 1.0.0\n');
    fake.loader = { minVersion: '2.0', version: '2.1.0', name: 'loader.exe', bytes: current };
  });

  const client = (version: string) =>
    createNodeLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      offlineStorePath: false,
      loader: { version, executablePath: executable },
    });

  it("reports the executable's SHA-256 and version at auth", async () => {
    fake.loader = null;
    await client('1.0.0').auth(withKey);
    const sent = fake.requests.find((r) => r.path === '/api/loader/auth')?.body;
    expect(sent?.loader).toEqual({
      version: '1.0.0',
      sha256: createHash('sha256')
        .update(await readFile(executable))
        .digest('hex'),
    });
  });

  it('an outdated loader is refused with the signed current loader, and selfUpdate swaps it in', async () => {
    const loader = client('1.9.9');
    const refused = await caught(loader.auth(withKey));
    expect(refused).toBeInstanceOf(LoaderRefusedError);
    const outdated = refused as LoaderRefusedError;
    expect(outdated.code).toBe('LOADER_OUTDATED');
    expect(outdated.loader).toMatchObject({
      version: '2.1.0',
      size: current.length,
      sha256: createHash('sha256').update(current).digest('hex'),
    });

    const result = await loader.selfUpdate(outdated, { targetPath: executable });
    expect(result).toMatchObject({ version: '2.1.0', size: current.length });
    expect(Buffer.from(await readFile(executable)).equals(Buffer.from(current))).toBe(true);
    await expect(readFile(`${executable}.new`)).rejects.toThrow();
  });

  it('refuses an update that is the running executable itself, so a restart cannot loop', async () => {
    // The seller published this very loader, whose built-in version is below the minimum.
    const running = await readFile(executable);
    fake.loader = { minVersion: '2.0', version: '2.1.0', name: 'loader.exe', bytes: running };
    const loader = client('1.0.0');
    const outdated = (await caught(loader.auth(withKey))) as LoaderRefusedError;
    expect(outdated.code).toBe('LOADER_OUTDATED');

    const refused = await caught(loader.selfUpdate(outdated, { targetPath: executable }));
    expect(refused).toBeInstanceOf(LoaderUpdateError);
    expect(refused.code).toBe('UPDATE_SAME_AS_RUNNING');
    expect(fake.requests.some((r) => r.path === '/api/loader/update')).toBe(false);
    expect(Buffer.from(await readFile(executable)).equals(running)).toBe(true);
    await expect(readFile(`${executable}.new`)).rejects.toThrow();
  });

  it('keeps the old executable when the update bytes do not match the signed hash', async () => {
    const loader = client('1.0.0');
    const outdated = (await caught(loader.auth(withKey))) as LoaderRefusedError;
    fake.tamper = (answer, request) =>
      request.path === '/api/loader/update'
        ? { ...answer, body: new TextEncoder().encode('MZ loader version 2.1.1\n') }
        : answer;
    expect((await caught(loader.selfUpdate(outdated, { targetPath: executable }))).code).toBe(
      'FILE_MISMATCH',
    );
    expect(await readFile(executable, 'utf8')).toBe('MZ loader version 1.0.0\n');
  });
});

describe('security events', () => {
  beforeEach(async () => {
    fake = await startFakeServer();
    dir = await mkdtemp(join(tmpdir(), 'chaveiro-sdk-'));
  });

  const client = () =>
    createLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
    });

  it('a recorded event leaves the session running', async () => {
    const loader = client();
    await loader.auth(withKey);
    expect(await loader.reportSecurityEvent('debugger', '  IsDebuggerPresent  ')).toEqual({
      action: 'record',
    });
    const sent = fake.requests.find((r) => r.path === '/api/loader/security-event')?.body;
    expect(sent).toMatchObject({ kind: 'debugger', detail: 'IsDebuggerPresent' });
    await loader.heartbeat();
  });

  it('an event whose rule ends the session stops the heartbeat loop with SESSION_ENDED', async () => {
    fake.securityAction = 'end_session';
    fake.heartbeatSeconds = 3600;
    const loader = client();
    await loader.auth(withKey);
    const ended = new Promise<Error>((resolve) => {
      loader.startHeartbeats({ onEnd: resolve, immediate: false });
    });
    expect(await loader.reportSecurityEvent('hooked_api')).toEqual({ action: 'end_session' });
    const error = (await ended) as LoaderRefusedError;
    expect(error.code).toBe('SESSION_ENDED');
    expect(error.action).toBe('end_session');
    // What the server signs for the next heartbeat (the contract's message and status).
    expect(error.message).toBe(
      'Sua sessão foi encerrada por uma regra de segurança deste produto.',
    );
    expect(error.status).toBe(401);
    expect((await caught(loader.heartbeat())).code).toBe('NOT_AUTHENTICATED');
  });
});

describe('offline grace', () => {
  let time: ReturnType<typeof manualTime>;
  let storePath: string;

  beforeEach(async () => {
    time = manualTime();
    fake = await startFakeServer({ clock: time.clock });
    fake.offlineGraceHours = 1;
    dir = await mkdtemp(join(tmpdir(), 'chaveiro-sdk-'));
    storePath = join(dir, 'store', `${FAKE.productId}.lic`);
  });

  const client = (productId: string = FAKE.productId): NodeLoaderClient =>
    createNodeLoaderClient({
      serverUrl: fake.url,
      productId,
      trustedKeys: [fake.signer.trustedKey],
      clock: time.clock,
      timers: time.timers,
      retry: { random: () => 1, authAttempts: 1 },
      offlineStorePath: storePath,
    });

  const serverDown = () => {
    fake.outage = () => 'drop';
  };

  it('keeps the granted licence encrypted, bound to this machine', async () => {
    const auth = await client().auth(withKey);
    expect(auth.offline).toBe(false);
    expect(auth.offlineGrant?.expiresAt).toBe(new Date(time.time.now + 3_600_000).toISOString());
    const stored = await readFile(storePath);
    expect(stored.subarray(0, 8).toString('latin1')).toBe('CHVOFF1\0');
    expect(stored.includes(Buffer.from(auth.offlineGrant?.token ?? '-'))).toBe(false);
  });

  it("stores the licence's signed issuedAt as the latest time seen when this clock runs slow", async () => {
    const slow = createNodeLoaderClient({
      serverUrl: fake.url,
      productId: FAKE.productId,
      trustedKeys: [fake.signer.trustedKey],
      clock: () => time.time.now - 4 * 60_000,
      offlineStorePath: storePath,
    });
    await slow.auth(withKey);
    const key = offlineStoreKey(sodiumCrypto, FAKE.hwid, FAKE.productId);
    const record = openOfflineRecord(sodiumCrypto, await readFile(storePath), key);
    expect(record?.lastSeen).toBe(time.time.now);
  });

  it('auth falls back to the licence while the server is unreachable, until it lapses', async () => {
    const online = await client().auth(withKey);
    serverDown();
    const offline = await client().auth(withKey);
    expect(offline).toMatchObject({
      offline: true,
      session: '',
      sessionExpiresAt: online.offlineGrant?.expiresAt,
      user: { username: FAKE.identifier },
      subscription: { id: 'sub_1', product: { id: FAKE.productId } },
    });
    time.time.now += 3_600_000;
    const expired = await caught(client().auth(withKey));
    expect(expired.code).toBe('OFFLINE_EXPIRED');
  });

  it('the heartbeat loop runs offline while the licence is valid, then ends with OFFLINE_EXPIRED', async () => {
    const loader = client();
    const auth = await loader.auth(withKey);
    serverDown();
    const statuses: HeartbeatStatus[] = [];
    const ends: Error[] = [];
    loader.startHeartbeats({
      onStatus: (status) => statuses.push(status),
      onEnd: (error) => ends.push(error),
    });
    await time.runUntil(() => ends.length > 0, 400);
    const offline = statuses.filter((status) => status.type === 'offline');
    expect(offline.length).toBeGreaterThan(10);
    expect(offline[0]).toMatchObject({ expiresAt: auth.offlineGrant?.expiresAt });
    // Offline only once the session's own retries ran out (15 minutes).
    expect(statuses[0]?.type).toBe('retrying');
    expect(ends[0]?.message).toMatch(/offline/);
    expect((ends[0] as LoaderError).code).toBe('OFFLINE_EXPIRED');
    expect(time.time.now).toBeGreaterThanOrEqual(Date.parse(auth.offlineGrant?.expiresAt ?? ''));
    // Never a moment past it: the loop woke at the lapse.
    expect(time.time.now - Date.parse(auth.offlineGrant?.expiresAt ?? '')).toBeLessThan(31_000);
  });

  it('resumes online when the server answers again, and stores the renewed licence', async () => {
    await client().auth(withKey);
    serverDown();
    const loader = client();
    expect((await loader.auth(withKey)).offline).toBe(true);
    const before = await readFile(storePath);
    const statuses: HeartbeatStatus[] = [];
    const loop = loader.startHeartbeats({ onStatus: (status) => statuses.push(status) });
    await time.runUntil(() => statuses.length >= 2);
    expect(statuses.map((status) => status.type)).toEqual(['offline', 'offline']);
    fake.outage = undefined;
    await time.runUntil(() => statuses.some((status) => status.type === 'renewed'));
    loop.stop();
    expect(statuses.map((status) => status.type).slice(-2)).toEqual(['online', 'renewed']);
    expect((await loader.download()).size).toBeGreaterThan(0);
    expect((await readFile(storePath)).equals(before)).toBe(false);
  });

  async function storeToken(
    overrides: { productId?: string; hwid?: string; lastSeen?: number } = {},
  ) {
    const token = issueOfflineToken(fake.signer, {
      v: 1,
      keyId: fake.signer.keyId,
      productId: overrides.productId ?? FAKE.productId,
      subscriptionId: 'sub_1',
      hwid: hwidDigest(overrides.hwid ?? FAKE.hwid),
      username: FAKE.identifier,
      issuedAt: new Date(time.time.now).toISOString(),
      expiresAt: new Date(time.time.now + 3_600_000).toISOString(),
    });
    // Encrypted with THIS machine's key, so only the token's own claims can refuse it.
    const key = offlineStoreKey(sodiumCrypto, FAKE.hwid, FAKE.productId);
    const record = { token, lastSeen: overrides.lastSeen ?? time.time.now };
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'store'), { recursive: true });
    await writeFile(storePath, sealOfflineRecord(sodiumCrypto, record, key));
  }

  it('refuses a licence for another HWID or product, and a clock turned back', async () => {
    serverDown();
    await storeToken();
    expect((await client().auth(withKey)).offline).toBe(true);
    await storeToken({ hwid: 'another-machine-0002' });
    expect((await caught(client().auth(withKey))).code).toBe('NETWORK_ERROR');
    await storeToken({ productId: 'prod_other' });
    expect((await caught(client().auth(withKey))).code).toBe('NETWORK_ERROR');
    await storeToken({ lastSeen: time.time.now + 60 * 60_000 });
    expect((await caught(client().auth(withKey))).code).toBe('NETWORK_ERROR');
    // The store of another machine does not even open here.
    await storeToken();
    expect((await caught(client().auth({ ...withKey, hwid: 'another-machine-0002' }))).code).toBe(
      'NETWORK_ERROR',
    );
  });

  it('a refusal that revokes the licence removes it (a ban takes effect at the next contact)', async () => {
    await client().auth(withKey);
    fake.refuseNext('/api/loader/auth', 'ACCOUNT_BANNED', 'Conta banida.', 403);
    expect((await caught(client().auth(withKey))).code).toBe('ACCOUNT_BANNED');
    await expect(readFile(storePath)).rejects.toThrow();
    serverDown();
    expect((await caught(client().auth(withKey))).code).toBe('NETWORK_ERROR');
  });
});
