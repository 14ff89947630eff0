import type { KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sodium from 'sodium-native';
import { createBackgroundSigner } from './background-signer.js';
import { createFileOnce, ensurePrivateDir, restrictToOwner } from '../web/private-files.js';
import { watchEventLoopLoad } from '../jobs/event-loop-load.js';

/**
 * The Ed25519 key pair that signs every loader answer (docs/loader-protocol.md): created on
 * first start in DATA_DIR unless LOADER_SIGNING_KEY gives it; rotation retires the old key,
 * whose public half stays published for a grace period.
 */

export const SIGNING_KEY_FILE = 'loader-signing-key.pem';
export const RETIRED_KEYS_DIR = join('loader-keys', 'retired');
const RETIRED_AT = 'Retired-At: ';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PublishedKey {
  keyId: string;
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  /** SPKI PEM. */
  pem: string;
}

export interface RetiredKey extends PublishedKey {
  retiredAt: number;
}

export interface Signer {
  readonly current: PublishedKey;
  /** Base64 Ed25519 signature of the UTF-8 bytes of `body`. */
  sign(body: string): string;
  /**
   * `sign` where it answers soonest: here while the event loop has time to spare, on a worker
   * thread (background-signer.ts) once the loop is busy, where the ~40 µs it frees per answer
   * outweigh the hand-off's wake-up latency.
   */
  signAnswer(body: string): string | Promise<string>;
  /** Stops the worker thread. */
  close(): Promise<void>;
  /** Retired keys still inside their grace period at `now`, newest first. */
  previous(now: number): (RetiredKey & { validUntil: number })[];
}

export interface SignerOptions {
  dataDir: string;
  /** LOADER_SIGNING_KEY, when the key comes from the environment. */
  signingKey: string | undefined;
  graceDays: number;
}

/** A PKCS#8 Ed25519 private key given as PEM (literal `\n` allowed) or as base64 DER. */
export function parseSigningKey(text: string): KeyObject {
  const value = text.trim();
  let key: KeyObject;
  try {
    key = value.includes('-----BEGIN')
      ? createPrivateKey(value.replace(/\\n/g, '\n'))
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('must be a PKCS#8 private key, as PEM or base64 DER');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 key');
  return key;
}

/** Loads (creating on first start) the current key and the retired ones. */
export function loadSigner(options: SignerOptions): Signer {
  const privateKey = options.signingKey
    ? parseSigningKey(options.signingKey)
    : readOrCreateKeyFile(options.dataDir);
  const current = publish(createPublicKey(privateKey));
  const secretKey = sodiumSecretKey(privateKey);
  const retired = readRetiredKeys(options.dataDir).filter((key) => key.keyId !== current.keyId);
  const graceMs = options.graceDays * DAY_MS;
  const sign = (body: string) => {
    const signature = Buffer.allocUnsafe(sodium.crypto_sign_BYTES);
    sodium.crypto_sign_detached(signature, Buffer.from(body, 'utf8'), secretKey);
    return signature.toString('base64');
  };
  const background = createBackgroundSigner(secretKey, sign);
  const load = watchEventLoopLoad();
  return {
    current,
    sign,
    signAnswer: (body) => (load.busy() ? background.sign(body) : sign(body)),
    close: () => {
      load.stop();
      return background.close();
    },
    previous: (now) =>
      retired
        .map((key) => ({ ...key, validUntil: key.retiredAt + graceMs }))
        .filter((key) => key.validUntil > now)
        .sort((a, b) => b.retiredAt - a.retiredAt),
  };
}

/**
 * Makes a new current key and keeps the old one's public half under loader-keys/retired with
 * its retirement time. A running server signs with the new key from its next start.
 */
export function rotateSigningKey(
  options: Pick<SignerOptions, 'dataDir' | 'signingKey'>,
  now: number,
): { retiredKeyId: string; keyId: string } {
  if (options.signingKey) {
    throw new Error(
      'LOADER_SIGNING_KEY is set: the key lives in the environment, so replace it there instead',
    );
  }
  const old = publish(createPublicKey(readOrCreateKeyFile(options.dataDir)));
  const retiredDir = join(options.dataDir, RETIRED_KEYS_DIR);
  ensurePrivateDir(retiredDir);
  writeFileSync(
    join(retiredDir, `${old.keyId}.pem`),
    `${RETIRED_AT}${new Date(now).toISOString()}\n${old.pem}`,
  );
  const { privateKey } = generateKeyPairSync('ed25519');
  const file = join(options.dataDir, SIGNING_KEY_FILE);
  // Written aside and renamed over the old file, so a reader never sees half a key.
  const temporary = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(temporary, privateKeyPem(privateKey), { mode: 0o600 });
  restrictToOwner(temporary);
  renameSync(temporary, file);
  return { retiredKeyId: old.keyId, keyId: publish(createPublicKey(privateKey)).keyId };
}

/** keyId = the first 16 hex characters of the SHA-256 of the raw public key. */
function publish(publicKey: KeyObject): PublishedKey {
  const { x } = publicKey.export({ format: 'jwk' });
  const raw = Buffer.from(x ?? '', 'base64url');
  return {
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
    publicKey: raw.toString('base64'),
    pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * libsodium's form of the key (seed ‖ public key). Its Ed25519 signatures are the same bytes as
 * OpenSSL's (RFC 8032 is deterministic) at half the cost: ~33 µs against ~65 µs here, paid by
 * every loader answer.
 */
function sodiumSecretKey(privateKey: KeyObject): Buffer {
  const { d, x } = privateKey.export({ format: 'jwk' });
  return Buffer.concat([Buffer.from(d ?? '', 'base64url'), Buffer.from(x ?? '', 'base64url')]);
}

function privateKeyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function readOrCreateKeyFile(dataDir: string): KeyObject {
  const file = join(dataDir, SIGNING_KEY_FILE);
  ensurePrivateDir(dataDir);
  // Two processes starting together keep one key, and neither reads it half-written.
  if (!existsSync(file))
    createFileOnce(file, privateKeyPem(generateKeyPairSync('ed25519').privateKey));
  restrictToOwner(file);
  try {
    return parseSigningKey(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

function readRetiredKeys(dataDir: string): RetiredKey[] {
  const dir = join(dataDir, RETIRED_KEYS_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.pem'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const header = text.split('\n', 1)[0] ?? '';
    const retiredAt = header.startsWith(RETIRED_AT)
      ? Date.parse(header.slice(RETIRED_AT.length))
      : Number.NaN;
    if (Number.isNaN(retiredAt)) {
      throw new Error(`${join(dir, name)}: first line must be "${RETIRED_AT}<ISO time>"`);
    }
    return { ...publish(createPublicKey(text)), retiredAt };
  });
}
