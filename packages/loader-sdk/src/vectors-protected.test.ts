import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LoaderVerificationError } from './errors.js';
import { sodiumCrypto } from './node-sodium.js';
import { checkOfflineToken, offlineStoreKey, openOfflineRecord } from './offline.js';
import { SealedOpener } from './sealed.js';
import type { TestVectorFile } from './testing/vectors.js';
import { SEALED_LARGE_PLAIN } from './testing/vectors.js';

const committed = JSON.parse(
  readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'),
) as TestVectorFile;
const sealed = committed.sealedDelivery;
const recipient = {
  publicKey: Buffer.from(sealed.recipientPublicKey, 'base64'),
  secretKey: Buffer.from(sealed.recipientSecretKey, 'base64'),
};
const trusted = [{ keyId: committed.keyId, publicKey: committed.publicKey }];

function open(
  container: Uint8Array,
  plainSize: number,
  keyPair: { publicKey: Uint8Array; secretKey: Uint8Array } = recipient,
  pieceBytes = 1000,
) {
  const opener = new SealedOpener(sodiumCrypto, keyPair, plainSize);
  for (let offset = 0; offset < container.length; offset += pieceBytes) {
    opener.push(container.subarray(offset, offset + pieceBytes));
  }
  return opener.finish();
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LoaderVerificationError);
    return (error as LoaderVerificationError).code;
  }
  return 'no error';
}

describe('sealed delivery vectors', () => {
  it('are in the protocol doc', () => {
    const doc = readFileSync(new URL('../../../docs/loader-protocol.md', import.meta.url), 'utf8');
    expect(doc).toContain(sealed.recipientSecretKey);
    expect(doc).toContain(sealed.cases[0]?.containerBase64);
    for (const vector of committed.offlineTokens.cases) expect(doc).toContain(vector.token);
    expect(doc).toContain(committed.offlineStore.fileBase64);
  });

  it('open to the plain bytes, in pieces of any size', () => {
    const [small, large] = sealed.cases;
    const smallContainer = Buffer.from(small?.containerBase64 ?? '', 'base64');
    expect(Buffer.from(open(smallContainer, small?.plainSize ?? 0, recipient, 7))).toEqual(
      Buffer.from(small?.plainBase64 ?? '', 'base64'),
    );
    const largeContainer = Buffer.from(large?.containerBase64 ?? '', 'base64');
    for (const pieceBytes of [4096, 65_553, largeContainer.length]) {
      expect(
        Buffer.from(open(largeContainer, large?.plainSize ?? 0, recipient, pieceBytes)),
      ).toEqual(Buffer.from(SEALED_LARGE_PLAIN));
    }
  });

  it('refuse a flipped byte anywhere, a short or long body, and another key pair', () => {
    const large = sealed.cases[1];
    const container = Buffer.from(large?.containerBase64 ?? '', 'base64');
    const size = large?.plainSize ?? 0;
    for (const index of [0, 7, 8, 87, 88, 111, 112, 5000, 65_664, container.length - 1]) {
      const flipped = Buffer.from(container);
      flipped[index] = (flipped[index] ?? 0) ^ 0x01;
      expect(failure(() => open(flipped, size))).toBe('DECRYPT_FAILED');
    }
    expect(failure(() => open(container.subarray(0, container.length - 1), size))).toBe(
      'DECRYPT_FAILED',
    );
    expect(failure(() => open(Buffer.concat([container, Buffer.from([0])]), size))).toBe(
      'DECRYPT_FAILED',
    );
    expect(failure(() => open(container, size, sodiumCrypto.boxKeyPair()))).toBe('DECRYPT_FAILED');
    // A size that disagrees with the signed one moves the FINAL tag: refused too.
    expect(failure(() => open(container, size - 1))).toBe('DECRYPT_FAILED');
    expect(failure(() => open(container, size + 1))).toBe('DECRYPT_FAILED');
  });
});

describe('offline token vectors', () => {
  it('are accepted or refused as the vectors say', async () => {
    const offline = committed.offlineTokens;
    for (const vector of offline.cases) {
      const outcome = await checkOfflineToken(
        vector.token,
        {
          productId: offline.productId,
          hwid: offline.hwid,
          now: Date.parse(offline.now),
          ...(vector.lastSeen !== undefined && { lastSeen: vector.lastSeen }),
        },
        trusted,
      );
      if (vector.expect === 'accept') expect(outcome.ok, vector.name).toBe(true);
      else expect(outcome, vector.name).toMatchObject({ ok: false, problem: vector.problem });
    }
  });

  it('the store file opens with the machine-bound key, and not with another machine', () => {
    const store = committed.offlineStore;
    const key = offlineStoreKey(sodiumCrypto, store.hwid, store.productId);
    expect(Buffer.from(key).toString('hex')).toBe(store.keyHex);
    const file = Buffer.from(store.fileBase64, 'base64');
    expect(openOfflineRecord(sodiumCrypto, file, key)).toEqual(JSON.parse(store.recordJson));
    const otherKey = offlineStoreKey(sodiumCrypto, 'OTHER-HWID-0002', store.productId);
    expect(openOfflineRecord(sodiumCrypto, file, otherKey)).toBeNull();
  });
});
