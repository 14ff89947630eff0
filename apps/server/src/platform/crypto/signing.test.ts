import { sign } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_KEY_FILE, loadSigner, parseSigningKey } from './signing.js';

describe('loader answer signer', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-signing-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('signs the exact bytes as OpenSSL does (Ed25519 is deterministic)', async () => {
    const signer = loadSigner({ dataDir, signingKey: undefined, graceDays: 7 });
    const pem = await readFile(join(dataDir, SIGNING_KEY_FILE), 'utf8');
    const privateKey = parseSigningKey(pem);
    for (const body of ['{"a":1}', '{"mensagem":"Assinatura válida até 23/11 ✓"}', '']) {
      const expected = sign(null, Buffer.from(body, 'utf8'), privateKey).toString('base64');
      expect(signer.sign(body)).toBe(expected);
    }
    await signer.close();
  });
});
