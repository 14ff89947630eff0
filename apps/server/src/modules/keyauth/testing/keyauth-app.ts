import { createHash, createPublicKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** A KeyAuth app as a seller pastes it into a loader. */
export interface KeyAuthAppCredentials {
  productId: string;
  name: string;
  ownerId: string;
  secret: string;
  version: string;
}

/** Switches the compatibility on for a product (the console's screen writes the same row). */
export async function insertKeyAuthApp(
  db: Kysely<Database>,
  productId: string,
  input: { version?: string; downloadUrl?: string | null; now?: number } = {},
): Promise<KeyAuthAppCredentials> {
  const app = {
    productId,
    name: `App ${randomBytes(3).toString('hex')}`,
    // KeyAuth's ownerid: 10 characters.
    ownerId: randomBytes(5).toString('hex'),
    secret: randomBytes(32).toString('hex'),
    version: input.version ?? '1.0',
  };
  const now = input.now ?? Date.now();
  await db
    .insertInto('keyauth_apps')
    .values({
      product_id: productId,
      enabled: 1,
      name: app.name,
      owner_id: app.ownerId,
      secret: app.secret,
      version: app.version,
      download_url:
        input.downloadUrl === undefined ? 'https://example.com/novo.exe' : input.downloadUrl,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return app;
}

/** A product's file stored as the upload does, for `file`. */
export async function insertProductFile(
  db: Kysely<Database>,
  productId: string,
  bytes: Buffer,
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insertInto('files')
    .values({ sha256, mime: 'application/octet-stream', size: bytes.length, bytes, created_at: 0 })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
  await db
    .updateTable('products')
    .set({ file_sha256: sha256, file_name: 'loader.dll', file_size: bytes.length })
    .where('id', '=', productId)
    .execute();
  return sha256;
}

/**
 * The public key from the raw 32 bytes alone, as a seller pins it in a KeyAuth loader (hex):
 * the fixed DER prefix of an Ed25519 SubjectPublicKeyInfo, then the key.
 */
export function publicKeyFromHex(hex: string): KeyObject {
  expect32(hex);
  return createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

function expect32(hex: string): void {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`not a raw Ed25519 key in hex: ${hex}`);
}
