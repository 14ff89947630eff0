import { createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoaderEnvelope, LoaderPublicKey } from '@chaveiro/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNING_KEY_FILE, rotateSigningKey } from '../../platform/crypto/signing.js';
import { DAY } from '../../testing/fixtures.js';
import type { TestApp } from '../../testing/test-app.js';
import { createManualClock, createTestApp } from '../../testing/test-app.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chaveiro-loader-keys-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function appOn(env: Record<string, string>, clock = createManualClock()): Promise<TestApp> {
  const t = await createTestApp({ env, clock });
  cleanups.push(() => t.close());
  return t;
}

async function publicKeyOf(t: TestApp): Promise<LoaderPublicKey> {
  const response = await t.app.inject({ method: 'GET', url: '/api/loader/public-key' });
  expect(response.statusCode).toBe(200);
  return response.json<LoaderPublicKey>();
}

/** A refusal (no session), whose signature must verify with `pem`. */
async function signedAnswerVerifies(t: TestApp, pem: string): Promise<LoaderEnvelope<unknown>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/loader/heartbeat',
    payload: { session: 'x', nonce: randomBytes(16).toString('base64url') },
  });
  const signature = Buffer.from(String(response.headers['x-signature']), 'base64');
  expect(verify(null, response.rawPayload, createPublicKey(pem), signature)).toBe(true);
  return response.json<LoaderEnvelope<unknown>>();
}

describe('loader signing keys', () => {
  it('creates the key pair once in DATA_DIR, readable by its owner only', async () => {
    const dir = await dataDir();
    const first = await publicKeyOf(await appOn({ DATA_DIR: dir }));
    const second = await publicKeyOf(await appOn({ DATA_DIR: dir }));

    expect(second.keyId).toBe(first.keyId);
    expect((await stat(join(dir, SIGNING_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('keeps the old key id listed for the grace period after a rotation', async () => {
    const dir = await dataDir();
    const clock = createManualClock();
    const before = await publicKeyOf(await appOn({ DATA_DIR: dir }, clock));

    const rotated = rotateSigningKey({ dataDir: dir, signingKey: undefined }, clock.now());
    const t = await appOn({ DATA_DIR: dir }, clock);
    const after = await publicKeyOf(t);

    expect(rotated.retiredKeyId).toBe(before.keyId);
    expect(after.keyId).toBe(rotated.keyId);
    expect(after.keyId).not.toBe(before.keyId);
    expect(after.previous).toEqual([
      {
        keyId: before.keyId,
        publicKey: before.publicKey,
        retiredAt: new Date(clock.now()).toISOString(),
        validUntil: new Date(clock.now() + 7 * DAY).toISOString(),
      },
    ]);
    // Answers are signed with the new key only.
    expect((await signedAnswerVerifies(t, after.pem)).keyId).toBe(after.keyId);

    clock.advance(7 * DAY);
    expect((await publicKeyOf(t)).previous).toEqual([]);
  });

  it('honours LOADER_KEY_GRACE_DAYS', async () => {
    const dir = await dataDir();
    const clock = createManualClock();
    const old = rotateSigningKey({ dataDir: dir, signingKey: undefined }, clock.now());
    const t = await appOn({ DATA_DIR: dir, LOADER_KEY_GRACE_DAYS: '1' }, clock);

    clock.advance(DAY - 1);
    expect((await publicKeyOf(t)).previous.map((key) => key.keyId)).toEqual([old.retiredKeyId]);
    clock.advance(1);
    expect((await publicKeyOf(t)).previous).toEqual([]);
  });

  it('signs with LOADER_SIGNING_KEY when given, as PEM or base64 DER, and will not rotate it', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const expected = publicKey.export({ type: 'spki', format: 'pem' }).toString();

    for (const signingKey of [pem, der]) {
      const dir = await dataDir();
      const t = await appOn({ DATA_DIR: dir, LOADER_SIGNING_KEY: signingKey });
      const published = await publicKeyOf(t);
      expect(published.pem).toBe(expected);
      await signedAnswerVerifies(t, expected);
      await expect(stat(join(dir, SIGNING_KEY_FILE))).rejects.toThrow();
      expect(() => rotateSigningKey({ dataDir: dir, signingKey }, 0)).toThrow(
        /LOADER_SIGNING_KEY is set/,
      );
    }
  });
});
