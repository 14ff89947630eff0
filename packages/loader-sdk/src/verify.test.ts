import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LoaderVerificationError } from './errors.js';
import { createTestSigner, OTHER_SEED } from './testing/signer.js';
import type { TestVector, TestVectorFile } from './testing/vectors.js';
import { buildTestVectors } from './testing/vectors.js';
import type { TrustedKey } from './verify.js';
import { keyIdOf, verifyAnswer } from './verify.js';

const committed = JSON.parse(
  readFileSync(new URL('../test-vectors.json', import.meta.url), 'utf8'),
) as TestVectorFile;
const doc = readFileSync(new URL('../../../docs/loader-protocol.md', import.meta.url), 'utf8');

const trusted: TrustedKey[] = [{ keyId: committed.keyId, publicKey: committed.publicKey }];
const [authSuccess, refusal, heartbeat] = committed.vectors as [TestVector, TestVector, TestVector];

const bytesOf = (vector: TestVector) => new TextEncoder().encode(vector.body);
const expectedOf = (vector: TestVector, shiftMs = 0) => ({
  request: vector.request,
  nonce: vector.nonce,
  now: Date.parse(vector.issuedAt) + shiftMs,
});

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoaderVerificationError);
  return (error as LoaderVerificationError).code;
}

function flipBit(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('test vectors', () => {
  it('are the ones the fixed seed produces, in the JSON file and in the protocol doc', async () => {
    expect(committed).toEqual(buildTestVectors(committed));
    const raw = Buffer.from(committed.publicKey, 'base64');
    expect(await keyIdOf(raw)).toBe(committed.keyId);
    expect(doc).toContain(committed.publicKey);
    for (const vector of committed.vectors) {
      expect(doc).toContain(vector.body);
      expect(doc).toContain(vector.signature);
      expect(Buffer.from(vector.bodyBase64, 'base64').toString('utf8')).toBe(vector.body);
    }
  });

  it('verify and return the signed envelope, refusals included', async () => {
    for (const vector of committed.vectors) {
      const envelope = await verifyAnswer(
        bytesOf(vector),
        vector.signature,
        expectedOf(vector),
        trusted,
      );
      expect(envelope).toEqual(JSON.parse(vector.body));
    }
    const refused = await verifyAnswer(
      bytesOf(refusal),
      refusal.signature,
      expectedOf(refusal),
      trusted,
    );
    expect(refused.data).toMatchObject({ ok: false, code: 'HWID_MISMATCH' });
  });

  it('accept an ArrayBuffer body and issuedAt up to 5 minutes either side of the clock', async () => {
    const body = bytesOf(heartbeat);
    const arrayBuffer = body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
    for (const shift of [-300_000, 300_000]) {
      await expect(
        verifyAnswer(arrayBuffer, heartbeat.signature, expectedOf(heartbeat, shift), trusted),
      ).resolves.toMatchObject({ keyId: committed.keyId });
    }
  });
});

describe('verifyAnswer rejects', () => {
  it('a body with any byte flipped (BAD_SIGNATURE)', async () => {
    const bytes = bytesOf(authSuccess);
    for (const index of [0, 10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const tampered = bytes.slice();
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      expect(
        await rejection(
          verifyAnswer(tampered, authSuccess.signature, expectedOf(authSuccess), trusted),
        ),
      ).toBe('BAD_SIGNATURE');
    }
  });

  it('a flipped signature bit, a truncated or non-base64 signature (BAD_SIGNATURE)', async () => {
    const signatures = [
      flipBit(authSuccess.signature, 0),
      flipBit(authSuccess.signature, 63),
      authSuccess.signature.slice(0, 40),
      `${authSuccess.signature.slice(0, -4)}!!!!`,
      heartbeat.signature,
    ];
    for (const signature of signatures) {
      expect(
        await rejection(
          verifyAnswer(bytesOf(authSuccess), signature, expectedOf(authSuccess), trusted),
        ),
      ).toBe('BAD_SIGNATURE');
    }
  });

  it('a missing or empty signature header (MISSING_SIGNATURE)', async () => {
    for (const header of [null, undefined, '', '  ']) {
      expect(
        await rejection(
          verifyAnswer(bytesOf(authSuccess), header, expectedOf(authSuccess), trusted),
        ),
      ).toBe('MISSING_SIGNATURE');
    }
  });

  it('an answer signed by a key the client does not trust (UNTRUSTED_KEY)', async () => {
    const stranger = createTestSigner(OTHER_SEED);
    const forged = stranger.answer({
      request: authSuccess.request,
      data: (JSON.parse(authSuccess.body) as { data: Record<string, unknown> }).data,
      nonce: authSuccess.nonce,
      issuedAt: authSuccess.issuedAt,
    });
    const body = new TextEncoder().encode(forged.body);
    expect(
      await rejection(verifyAnswer(body, forged.signature, expectedOf(authSuccess), trusted)),
    ).toBe('UNTRUSTED_KEY');
    // Nor does a genuine answer verify when its key is not among the trusted ones.
    expect(
      await rejection(
        verifyAnswer(bytesOf(authSuccess), authSuccess.signature, expectedOf(authSuccess), [
          stranger.trustedKey,
        ]),
      ),
    ).toBe('UNTRUSTED_KEY');
  });

  it('an answer claiming the trusted keyId but signed by another key (BAD_SIGNATURE)', async () => {
    const stranger = createTestSigner(OTHER_SEED);
    const forged = stranger.answer(
      {
        request: heartbeat.request,
        data: { ok: true },
        nonce: heartbeat.nonce,
        issuedAt: heartbeat.issuedAt,
      },
      committed.keyId,
    );
    expect(
      await rejection(
        verifyAnswer(
          new TextEncoder().encode(forged.body),
          forged.signature,
          expectedOf(heartbeat),
          trusted,
        ),
      ),
    ).toBe('BAD_SIGNATURE');
  });

  it('an answer to another request (WRONG_REQUEST)', async () => {
    // The heartbeat vector answered POST /api/loader/heartbeat, not the auth the client made.
    const expected = { ...expectedOf(heartbeat), request: 'POST /api/loader/auth' };
    expect(
      await rejection(verifyAnswer(bytesOf(heartbeat), heartbeat.signature, expected, trusted)),
    ).toBe('WRONG_REQUEST');
    const withQuery = { ...expectedOf(heartbeat), request: 'POST /api/loader/heartbeat?x=1' };
    expect(
      await rejection(verifyAnswer(bytesOf(heartbeat), heartbeat.signature, withQuery, trusted)),
    ).toBe('WRONG_REQUEST');
  });

  it('an answer that echoes another nonce (WRONG_NONCE)', async () => {
    const expected = { ...expectedOf(authSuccess), nonce: 'a-different-nonce-0001' };
    expect(
      await rejection(verifyAnswer(bytesOf(authSuccess), authSuccess.signature, expected, trusted)),
    ).toBe('WRONG_NONCE');
  });

  it('a replayed earlier answer: right signature, fresh clock, but an older nonce (WRONG_NONCE)', async () => {
    // The client's second auth sent nonce …0002; an attacker replays the success to …0001.
    const expected = { ...expectedOf(authSuccess, 60_000), nonce: refusal.nonce };
    expect(
      await rejection(verifyAnswer(bytesOf(authSuccess), authSuccess.signature, expected, trusted)),
    ).toBe('WRONG_NONCE');
  });

  it('an answer issued more than 5 minutes before or after the clock (STALE_ANSWER)', async () => {
    for (const shift of [300_001, -300_001, 24 * 3_600_000]) {
      expect(
        await rejection(
          verifyAnswer(
            bytesOf(authSuccess),
            authSuccess.signature,
            expectedOf(authSuccess, shift),
            trusted,
          ),
        ),
      ).toBe('STALE_ANSWER');
    }
  });

  it('a signed body that is not an envelope (MALFORMED_ANSWER)', async () => {
    const signer = createTestSigner();
    const body = JSON.stringify({ request: heartbeat.request, nonce: heartbeat.nonce });
    expect(
      await rejection(
        verifyAnswer(new TextEncoder().encode(body), signer.sign(body), expectedOf(heartbeat), [
          signer.trustedKey,
        ]),
      ),
    ).toBe('MALFORMED_ANSWER');
  });
});

describe('trusted keys', () => {
  it('must name the keyId derived from their public key', async () => {
    const wrong = [{ keyId: '0000000000000000', publicKey: committed.publicKey }];
    await expect(
      verifyAnswer(bytesOf(authSuccess), authSuccess.signature, expectedOf(authSuccess), wrong),
    ).rejects.toThrow(TypeError);
  });
});
