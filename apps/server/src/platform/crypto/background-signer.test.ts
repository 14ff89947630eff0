import { randomBytes } from 'node:crypto';
import sodium from 'sodium-native';
import { describe, expect, it } from 'vitest';
import { createBackgroundSigner } from './background-signer.js';

function keyPair() {
  const seed = randomBytes(32);
  const publicKey = Buffer.alloc(32);
  const secretKey = Buffer.alloc(64);
  // seed ‖ public key, the form libsodium signs with.
  sodium.crypto_sign_seed_keypair(publicKey, secretKey, seed);
  const signHere = (body: string) => {
    const signature = Buffer.alloc(sodium.crypto_sign_BYTES);
    sodium.crypto_sign_detached(signature, Buffer.from(body, 'utf8'), secretKey);
    return signature.toString('base64');
  };
  return { secretKey, signHere };
}

describe('background signer', () => {
  it('answers each of many concurrent bodies with its own signature, as signing here would', async () => {
    const { secretKey, signHere } = keyPair();
    const signer = createBackgroundSigner(secretKey, signHere);
    try {
      const bodies = Array.from({ length: 500 }, (_, n) => `{"n":${String(n)},"texto":"válido"}`);
      // Some in one event-loop turn (one batch), some spread over later turns.
      const signed = await Promise.all(
        bodies.map(async (body, n) => {
          if (n % 3 === 0) await new Promise((done) => setImmediate(done));
          return signer.sign(body);
        }),
      );
      expect(signed).toEqual(bodies.map(signHere));
    } finally {
      await signer.close();
    }
  });

  it('signs on the event loop once the worker is gone', async () => {
    const { secretKey, signHere } = keyPair();
    const signer = createBackgroundSigner(secretKey, signHere);
    const pending = signer.sign('{"before":"close"}');
    await signer.close();
    expect(await pending).toBe(signHere('{"before":"close"}'));
    expect(await signer.sign('{"after":"close"}')).toBe(signHere('{"after":"close"}'));
  });
});
