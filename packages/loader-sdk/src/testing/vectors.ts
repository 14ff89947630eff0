import { createHash } from 'node:crypto';
import { offlineStoreKey, sealOfflineRecord } from '../offline.js';
import type { OfflineTokenPayload } from '../offline.js';
import { sodiumCrypto } from '../node-sodium.js';
import { SEALED_CHUNK_BYTES } from '../sealed.js';
import { hwidDigest, issueOfflineToken } from './offline-token.js';
import { openContainer, sealContainer, seededBoxKeyPair } from './sealed.js';
import type { TestSigner } from './signer.js';
import { createTestSigner, TEST_SEED } from './signer.js';

export interface TestVector {
  name: string;
  description: string;
  httpStatus: number;
  /** What the client called and the nonce it sent: the answer must echo both. */
  request: string;
  nonce: string;
  issuedAt: string;
  /** The exact body: its UTF-8 bytes are what the signature covers. */
  body: string;
  bodyBase64: string;
  signature: string;
}

export interface TestVectorFile {
  description: string;
  algorithm: 'Ed25519';
  seedHex: string;
  publicKey: string;
  keyId: string;
  maxClockSkewSeconds: number;
  vectors: TestVector[];
  sealedDelivery: SealedDeliveryVectors;
  offlineTokens: OfflineTokenVectors;
  offlineStore: OfflineStoreVector;
}

export interface SealedVector {
  name: string;
  description: string;
  plainSize: number;
  plainSha256: string;
  /** The plain bytes (small case), or a rule that makes them (large case). */
  plainBase64?: string;
  plainRule?: string;
  containerBase64: string;
}

export interface SealedDeliveryVectors {
  description: string;
  chunkBytes: number;
  recipientSeedHex: string;
  /** crypto_box_seed_keypair(recipientSeed): the loader's session key pair. */
  recipientPublicKey: string;
  recipientSecretKey: string;
  cases: SealedVector[];
}

export interface OfflineTokenCase {
  name: string;
  description: string;
  token: string;
  /** Latest time the client had seen (epoch ms), when the case needs one. */
  lastSeen?: number;
  expect: 'accept' | 'refuse';
  /** Why it is refused (`checkOfflineToken`'s problem). */
  problem?: string;
}

export interface OfflineTokenVectors {
  description: string;
  /** What the client checks against: its product, its HWID (the string), its clock. */
  productId: string;
  hwid: string;
  hwidSha256: string;
  now: string;
  cases: OfflineTokenCase[];
}

export interface OfflineStoreVector {
  description: string;
  hwid: string;
  productId: string;
  keyHex: string;
  nonceHex: string;
  /** The exact JSON inside the secretbox. */
  recordJson: string;
  fileBase64: string;
}

/** An example product file, so the auth vector names a real SHA-256. */
export const VECTOR_FILE_BYTES = new TextEncoder().encode('Chaveiro loader test file\n');

const cases = [
  {
    name: 'auth-success',
    description: 'An accepted auth: a session and the file to download.',
    httpStatus: 200,
    request: 'POST /api/loader/auth',
    nonce: 'vector-nonce-auth-0001',
    issuedAt: '2026-11-23T12:00:00.000Z',
    data: {
      ok: true,
      session: 'example-opaque-session-token-1',
      sessionExpiresAt: '2026-11-23T12:15:00.000Z',
      heartbeatSeconds: 30,
      subscription: {
        id: 'sub_example',
        product: { id: 'prod_example', name: 'Aim Pro' },
        expiresAt: '2026-12-23T12:00:00.000Z',
      },
      user: { username: 'ana' },
      file: {
        sha256: createHash('sha256').update(VECTOR_FILE_BYTES).digest('hex'),
        size: VECTOR_FILE_BYTES.length,
        name: 'aim.dll',
      },
    },
  },
  {
    name: 'auth-refused-hwid-mismatch',
    description: 'A refused auth; its pt-BR message is non-ASCII UTF-8.',
    httpStatus: 403,
    request: 'POST /api/loader/auth',
    nonce: 'vector-nonce-auth-0002',
    issuedAt: '2026-11-23T12:01:00.000Z',
    data: {
      ok: false,
      code: 'HWID_MISMATCH',
      message:
        'HWID diferente: este computador não está vinculado à sua assinatura e não há vaga livre. Redefina o HWID no painel.',
    },
  },
  {
    name: 'heartbeat-success',
    description:
      'An accepted heartbeat past half the session lifetime, with the renewed session token.',
    httpStatus: 200,
    request: 'POST /api/loader/heartbeat',
    nonce: 'vector-nonce-beat-0003',
    issuedAt: '2026-11-23T12:08:00.000Z',
    data: {
      ok: true,
      session: 'example-opaque-session-token-2',
      sessionExpiresAt: '2026-11-23T12:23:00.000Z',
      expiresAt: '2026-12-23T12:00:00.000Z',
    },
  },
  {
    name: 'auth-refused-account-login-required',
    description:
      'A redeemed key sent alone from a machine not yet bound: the account must sign in to bind it.',
    httpStatus: 403,
    request: 'POST /api/loader/auth',
    nonce: 'vector-nonce-auth-0004',
    issuedAt: '2026-11-23T12:09:00.000Z',
    data: {
      ok: false,
      code: 'ACCOUNT_LOGIN_REQUIRED',
      message:
        'Esta chave já foi resgatada em uma conta: a chave sozinha não vincula um computador novo. Entre com o usuário e a senha da conta.',
    },
  },
] as const;

/** Bytes 0x40…0x5f: the seed of the loader's X25519 key pair in the sealed vectors. Public. */
export const RECIPIENT_SEED = Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i);
export const SEALED_SMALL_PLAIN = new TextEncoder().encode('Chaveiro sealed test file\n');
/** Two chunks, the second partial: byte i is i mod 251. */
export const SEALED_LARGE_PLAIN = Uint8Array.from(
  { length: SEALED_CHUNK_BYTES + 1000 },
  (_, i) => i % 251,
);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A sealed container is random (fresh key, fresh stream header), so the committed one is kept
 * while it still opens to the expected bytes; only a broken or missing one is sealed anew.
 */
function sealedCase(
  base: Omit<SealedVector, 'containerBase64' | 'plainSize' | 'plainSha256'>,
  plain: Uint8Array,
  keyPair: { publicKey: Uint8Array; secretKey: Uint8Array },
  previous: SealedVector | undefined,
): SealedVector {
  let container: Buffer | undefined = previous && Buffer.from(previous.containerBase64, 'base64');
  const opened = container && openContainer(container, keyPair, plain.length);
  if (!opened?.equals(plain)) container = sealContainer(plain, keyPair.publicKey);
  return {
    name: base.name,
    description: base.description,
    plainSize: plain.length,
    plainSha256: sha256(plain),
    ...(base.plainBase64 !== undefined && { plainBase64: base.plainBase64 }),
    ...(base.plainRule !== undefined && { plainRule: base.plainRule }),
    containerBase64: (container as Buffer).toString('base64'),
  };
}

function buildSealed(previous: TestVectorFile | undefined): SealedDeliveryVectors {
  const keyPair = seededBoxKeyPair(RECIPIENT_SEED);
  const before = (name: string) => previous?.sealedDelivery.cases.find((c) => c.name === name);
  return {
    description:
      'CHVSEAL1 containers sealed to the key pair of the public seed 0x40..0x5f. Each must open to the plain bytes; flipping any byte, cutting the body short or appending a byte must fail (DECRYPT_FAILED), and so must opening with another key pair.',
    chunkBytes: SEALED_CHUNK_BYTES,
    recipientSeedHex: Buffer.from(RECIPIENT_SEED).toString('hex'),
    recipientPublicKey: Buffer.from(keyPair.publicKey).toString('base64'),
    recipientSecretKey: Buffer.from(keyPair.secretKey).toString('base64'),
    cases: [
      sealedCase(
        {
          name: 'sealed-one-chunk',
          description: 'A small file: one chunk, tagged FINAL.',
          plainBase64: Buffer.from(SEALED_SMALL_PLAIN).toString('base64'),
        },
        SEALED_SMALL_PLAIN,
        keyPair,
        before('sealed-one-chunk'),
      ),
      sealedCase(
        {
          name: 'sealed-two-chunks',
          description: 'A full 65 536-byte chunk tagged MESSAGE, then 1 000 bytes tagged FINAL.',
          plainRule: 'byte i = i mod 251, for i in 0..66535',
        },
        SEALED_LARGE_PLAIN,
        keyPair,
        before('sealed-two-chunks'),
      ),
    ],
  };
}

const OFFLINE_HWID = 'VECTOR-HWID-0001';
const OFFLINE_PRODUCT = 'prod_example';
const OFFLINE_NOW = '2026-11-24T12:00:00.000Z';

function buildOffline(signer: TestSigner): OfflineTokenVectors {
  const payload: OfflineTokenPayload = {
    v: 1,
    keyId: signer.keyId,
    productId: OFFLINE_PRODUCT,
    subscriptionId: 'sub_example',
    hwid: hwidDigest(OFFLINE_HWID),
    username: 'ana',
    issuedAt: '2026-11-23T12:00:00.000Z',
    expiresAt: '2026-11-26T12:00:00.000Z',
  };
  const valid = issueOfflineToken(signer, payload);
  const [head, body, signature = ''] = valid.split('.');
  const flipped = Buffer.from(signature, 'base64url');
  flipped[10] = (flipped[10] ?? 0) ^ 0x01;
  return {
    description:
      'Offline tokens signed by the test key. Check each with the product, HWID and now below (and lastSeen when given).',
    productId: OFFLINE_PRODUCT,
    hwid: OFFLINE_HWID,
    hwidSha256: hwidDigest(OFFLINE_HWID),
    now: OFFLINE_NOW,
    cases: [
      {
        name: 'offline-valid',
        description: 'Issued for this product and machine, 72 hours of grace.',
        token: valid,
        expect: 'accept',
      },
      {
        name: 'offline-wrong-product',
        description: 'Signed for another product.',
        token: issueOfflineToken(signer, { ...payload, productId: 'prod_other' }),
        expect: 'refuse',
        problem: 'wrong_product',
      },
      {
        name: 'offline-wrong-hwid',
        description: 'Signed for another machine.',
        token: issueOfflineToken(signer, { ...payload, hwid: hwidDigest('OTHER-HWID-0002') }),
        expect: 'refuse',
        problem: 'wrong_hwid',
      },
      {
        name: 'offline-expired',
        description: 'Lapsed 12 hours before now.',
        token: issueOfflineToken(signer, { ...payload, expiresAt: '2026-11-24T00:00:00.000Z' }),
        expect: 'refuse',
        problem: 'expired',
      },
      {
        name: 'offline-bad-signature',
        description: 'The valid token with one bit of its signature flipped.',
        token: `${head ?? ''}.${body ?? ''}.${flipped.toString('base64url')}`,
        expect: 'refuse',
        problem: 'bad_signature',
      },
      {
        name: 'offline-clock-rolled-back',
        description: 'The valid token, but the client had already seen a time 1 hour after now.',
        token: valid,
        lastSeen: Date.parse(OFFLINE_NOW) + 3_600_000,
        expect: 'refuse',
        problem: 'clock_rolled_back',
      },
    ],
  };
}

function buildStore(token: string): OfflineStoreVector {
  const key = offlineStoreKey(sodiumCrypto, OFFLINE_HWID, OFFLINE_PRODUCT);
  const nonce = Uint8Array.from({ length: 24 }, (_, i) => 0x60 + i);
  const record = { token, lastSeen: Date.parse(OFFLINE_NOW) };
  return {
    description:
      'The offline store file for the valid token: key = BLAKE2b-256("chaveiro-offline-store-v1" || hwid || 0x00 || productId), file = "CHVOFF1\\0" || nonce || crypto_secretbox_easy(recordJson).',
    hwid: OFFLINE_HWID,
    productId: OFFLINE_PRODUCT,
    keyHex: Buffer.from(key).toString('hex'),
    nonceHex: Buffer.from(nonce).toString('hex'),
    recordJson: JSON.stringify(record),
    fileBase64: Buffer.from(sealOfflineRecord(sodiumCrypto, record, key, nonce)).toString('base64'),
  };
}

/**
 * Deterministic but for the sealed containers, which are kept from `previous` (the committed
 * file) while they still open: Ed25519 signatures depend only on the key and the bytes.
 */
export function buildTestVectors(previous?: TestVectorFile): TestVectorFile {
  const signer = createTestSigner(TEST_SEED);
  const offlineTokens = buildOffline(signer);
  return {
    description:
      'Chaveiro loader protocol v1 test vectors (docs/loader-protocol.md). The key comes from a public seed: never use it for anything real. Verify each body with now = issuedAt.',
    algorithm: 'Ed25519',
    seedHex: Buffer.from(TEST_SEED).toString('hex'),
    publicKey: signer.publicKey,
    keyId: signer.keyId,
    maxClockSkewSeconds: 300,
    vectors: cases.map(({ data, ...vector }) => {
      const { body, signature } = signer.answer({
        request: vector.request,
        data,
        nonce: vector.nonce,
        issuedAt: vector.issuedAt,
      });
      return {
        ...vector,
        body,
        bodyBase64: Buffer.from(body, 'utf8').toString('base64'),
        signature,
      };
    }),
    sealedDelivery: buildSealed(previous),
    offlineTokens,
    offlineStore: buildStore(offlineTokens.cases[0]?.token ?? ''),
  };
}

/** The "## Test vectors" section of docs/loader-protocol.md, between its markers. */
export function renderDocSection(file: TestVectorFile): string {
  const lines = [
    VECTORS_START,
    '',
    'Generated by `npm run test-vectors -w packages/loader-sdk` (the same data as',
    '`packages/loader-sdk/test-vectors.json`; a test fails when they drift). The key comes from a',
    'public seed, bytes `0x00` to `0x1f`: never use it for anything real.',
    '',
    `- Public key (base64 of the raw 32 bytes): \`${file.publicKey}\``,
    `- keyId: \`${file.keyId}\``,
    `- Seed (hex): \`${file.seedHex}\``,
    '',
    'Verified with `now` = `issuedAt`, the expected `request` and the `nonce` shown, each answer',
    'is accepted. A client must reject it after flipping any byte of the body or of the',
    'signature, when expecting another nonce or request, without the signature, when the key is',
    'not trusted, or with `now` more than 5 minutes away from `issuedAt`.',
  ];
  for (const vector of file.vectors) {
    lines.push(
      '',
      `### \`${vector.name}\``,
      '',
      `${vector.description} Request \`${vector.request}\`, nonce \`${vector.nonce}\`, HTTP ${String(vector.httpStatus)}.`,
      '',
      'Body (exact bytes, UTF-8, no trailing newline):',
      '',
      '```text',
      vector.body,
      '```',
      '',
      '`X-Signature`:',
      '',
      '```text',
      vector.signature,
      '```',
    );
  }
  const sealed = file.sealedDelivery;
  lines.push(
    '',
    '### Sealed delivery',
    '',
    'CHVSEAL1 containers (see "Sealed container") sealed to the session key pair that',
    '`crypto_box_seed_keypair` makes from the public seed below. Each opens to its plain bytes;',
    'flipping any byte, cutting the body short, appending a byte, or opening with another key',
    'pair must fail with `DECRYPT_FAILED`. The containers are random (a fresh key and stream',
    'header each time): the generator keeps the committed ones while they still open.',
    '',
    `- Recipient seed (hex): \`${sealed.recipientSeedHex}\``,
    `- Recipient public key (the \`sessionKey\`): \`${sealed.recipientPublicKey}\``,
    `- Recipient secret key: \`${sealed.recipientSecretKey}\``,
  );
  for (const vector of sealed.cases) {
    lines.push(
      '',
      `#### \`${vector.name}\``,
      '',
      `${vector.description} Plain size ${String(vector.plainSize)} bytes, SHA-256 \`${vector.plainSha256}\`.`,
    );
    if (vector.plainBase64 !== undefined) {
      lines.push('', `Plain bytes (base64): \`${vector.plainBase64}\``);
    }
    if (vector.plainRule !== undefined) lines.push('', `Plain bytes: ${vector.plainRule}.`);
    const containerBytes = Buffer.from(vector.containerBase64, 'base64').length;
    if (containerBytes <= 1024) {
      lines.push('', 'Container (base64):', '', '```text', vector.containerBase64, '```');
    } else {
      lines.push(
        '',
        `Container: ${String(containerBytes)} bytes, in \`test-vectors.json\` (\`containerBase64\`).`,
      );
    }
  }
  const offline = file.offlineTokens;
  lines.push(
    '',
    '### Offline tokens',
    '',
    `Signed by the key above. Check each for product \`${offline.productId}\`, HWID`,
    `\`${offline.hwid}\` (SHA-256 \`${offline.hwidSha256}\`) and now = \`${offline.now}\`.`,
  );
  for (const vector of offline.cases) {
    const verdict =
      vector.expect === 'accept' ? 'accepted' : `refused (${vector.problem ?? 'refused'})`;
    const seen =
      vector.lastSeen === undefined
        ? ''
        : ` Last seen: \`${new Date(vector.lastSeen).toISOString()}\`.`;
    lines.push(
      '',
      `#### \`${vector.name}\``,
      '',
      `${vector.description}${seen} Expected: ${verdict}.`,
      '',
      '```text',
      vector.token,
      '```',
    );
  }
  const store = file.offlineStore;
  lines.push(
    '',
    '### Offline store',
    '',
    `The store file holding \`offline-valid\` for HWID \`${store.hwid}\` and product`,
    `\`${store.productId}\`, with a fixed nonce (a real store draws it at random).`,
    '',
    `- Key (hex): \`${store.keyHex}\``,
    `- Nonce (hex): \`${store.nonceHex}\``,
    '',
    'Record (the exact JSON inside the box):',
    '',
    '```json',
    store.recordJson,
    '```',
    '',
    'File (base64):',
    '',
    '```text',
    store.fileBase64,
    '```',
  );
  lines.push('', VECTORS_END);
  return lines.join('\n');
}

export const VECTORS_START = '<!-- test-vectors:start -->';
export const VECTORS_END = '<!-- test-vectors:end -->';

/** The doc with its vectors section replaced (or appended under "## Test vectors"). */
export function updateDoc(doc: string, section: string): string {
  const start = doc.indexOf(VECTORS_START);
  const end = doc.indexOf(VECTORS_END);
  if (start !== -1 && end > start) {
    return doc.slice(0, start) + section + doc.slice(end + VECTORS_END.length);
  }
  const heading = doc.indexOf('\n## Test vectors\n');
  if (heading === -1) return `${doc.trimEnd()}\n\n## Test vectors\n\n${section}\n`;
  const afterHeading = heading + '\n## Test vectors\n'.length;
  return `${doc.slice(0, afterHeading)}\n${section}\n`;
}
