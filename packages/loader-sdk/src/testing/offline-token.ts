import { createHash } from 'node:crypto';
import type { OfflineTokenPayload } from '../offline.js';
import type { TestSigner } from './signer.js';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Signs an offline token the way the server does: Ed25519 over `chaveiro-offline-v1.<payload>`. */
export function issueOfflineToken(signer: TestSigner, payload: OfflineTokenPayload): string {
  const encoded = b64url(Buffer.from(JSON.stringify(payload), 'utf8'));
  const signature = Buffer.from(signer.sign(`chaveiro-offline-v1.${encoded}`), 'base64');
  return `v1.${encoded}.${b64url(signature)}`;
}

export const hwidDigest = (hwid: string) => createHash('sha256').update(hwid, 'utf8').digest('hex');
