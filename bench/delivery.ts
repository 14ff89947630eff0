// `npm run bench:delivery [-- --mb 64 --parallel 4]`: the protected download of a large product
// file against the built server on a fresh data folder. The admin uploads a DLL of `--mb` MB
// with the mark's slot in its middle (the costliest place: every auth hashes the half after it);
// loaders authenticate with a session key and download their sealed copy, one alone, then
// `--parallel` at once. Each copy is opened with its session's secret key and checked against
// the signed auth answer's SHA-256. Prints the server's RSS before, at its peak and after each
// phase (sampled every 20 ms from /proc), the auth and download times: the download streams,
// so the peak stays far below the file's size however many are under way.
// `--server <path to main.js>` runs another build.
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sodium from 'sodium-native';
import { printColumns, startProcess } from './lib.js';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '64' },
    parallel: { type: 'string', default: '4' },
    port: { type: 'string', default: '3904' },
    server: { type: 'string', default: 'apps/server/dist/main.js' },
  },
});

const ADMIN = { username: 'admin', password: 'bench-admin-senha' };
const CUSTOMER_PASSWORD = 'bench-cliente-senha';
const CHUNK = 65_536;
const SEAL_HEAD = 8 + 80 + 24;

/** The server's resident memory in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A PE-looking file of `size` random bytes with the 64-byte mark slot at `slotAt`. */
function dllWithSlot(size: number, slotAt: number): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(randomFillSync(new Uint8Array(size)).buffer);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x40, 0x3c);
  bytes.write('PE\0\0', 0x40, 'latin1');
  bytes.write('CHVSLOT1', slotAt, 'ascii');
  bytes.fill(0x5a, slotAt + 8, slotAt + 64);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Opens a CHVSEAL1 body as a loader does: the sealed key, then each chunk, TAG_FINAL last. */
function openSealed(body: Buffer, publicKey: Buffer, secretKey: Buffer, size: number): string {
  if (body.subarray(0, 8).toString('ascii') !== 'CHVSEAL1') throw new Error('wrong magic');
  const key = Buffer.alloc(32);
  if (!sodium.crypto_box_seal_open(key, body.subarray(8, 88), publicKey, secretKey)) {
    throw new Error('the sealed key does not open');
  }
  const state = Buffer.alloc(sodium.crypto_secretstream_xchacha20poly1305_STATEBYTES);
  sodium.crypto_secretstream_xchacha20poly1305_init_pull(state, body.subarray(88, SEAL_HEAD), key);
  const hash = createHash('sha256');
  const tag = Buffer.alloc(1);
  let at = SEAL_HEAD;
  for (let left = size; left > 0;) {
    const plain = Buffer.alloc(Math.min(CHUNK, left));
    const cipher = body.subarray(at, at + plain.length + 17);
    sodium.crypto_secretstream_xchacha20poly1305_pull(state, plain, tag, cipher, null);
    left -= plain.length;
    at += cipher.length;
    const final = tag[0] === sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
    if (final !== (left === 0)) throw new Error('TAG_FINAL misplaced');
    hash.update(plain);
  }
  if (at !== body.length) throw new Error('bytes after the final chunk');
  return hash.digest('hex');
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${String(response.status)} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Phase {
  name: string;
  before: number;
  peak: number;
  after: number;
  seconds: number;
  detail: string;
}

const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-bench-delivery-'));
const server = await startProcess(values.server, Number(values.port), '/api/health', {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  WEB_DIST_DIR: join(dataDir, 'no-web'),
});
const pid = server.child.pid ?? 0;
const api = (path: string, token: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Runs `work` while sampling the server's RSS. */
async function phase(name: string, work: () => Promise<string>): Promise<Phase> {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  const detail = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((done) => setTimeout(done, 1_000));
  return { name, before, peak: Math.max(peak, rssMiB(pid)), after: rssMiB(pid), seconds, detail };
}

try {
  const { token } = await json<{ token: string }>(
    await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: ADMIN.username, password: ADMIN.password }),
    }),
    'admin login',
  );
  const { product } = await json<{ product: { id: string } }>(
    await api('/api/products', token, { name: 'Bench entrega', plans: { monthly: 10 } }),
    'product',
  );
  const size = Number(values.mb) * 1024 * 1024;
  const form = new FormData();
  form.append('dllFile', new Blob([dllWithSlot(size, Math.floor(size / 2))]), 'bench.dll');
  await json(
    await fetch(`${server.url}/api/products/${product.id}/upload-dll`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }),
    'upload',
  );

  const parallel = Number(values.parallel);
  const customers: string[] = [];
  for (let index = 0; index <= parallel; index += 1) {
    const username = `cliente_${String(index)}`;
    const { id } = await json<{ id: string }>(
      await api('/api/users', token, {
        username,
        email: `${username}@example.com`,
        password: CUSTOMER_PASSWORD,
      }),
      'customer',
    );
    await json(
      await api(`/api/users/${id}/subscriptions`, token, { productId: product.id, days: 30 }),
      'subscription',
    );
    customers.push(username);
  }

  const authTimes: number[] = [];
  /** One loader run: auth with a fresh session key, download, open and check the copy. */
  async function loaderRun(username: string): Promise<number> {
    const publicKey = Buffer.alloc(32);
    const secretKey = Buffer.alloc(32);
    sodium.crypto_box_keypair(publicKey, secretKey);
    const started = performance.now();
    const auth = await json<{ data: { session: string; file: { sha256: string; size: number } } }>(
      await fetch(`${server.url}/api/loader/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          productId: product.id,
          hwid: `BENCH-${randomBytes(6).toString('hex')}`,
          nonce: randomBytes(16).toString('base64url'),
          identifier: username,
          password: CUSTOMER_PASSWORD,
          sessionKey: publicKey.toString('base64'),
        }),
      }),
      'loader auth',
    );
    authTimes.push(performance.now() - started);
    const { session, file } = auth.data;
    const download = await fetch(
      `${server.url}/api/loader/download?session=${encodeURIComponent(session)}`,
    );
    if (!download.ok) throw new Error(`download: ${String(download.status)}`);
    const body = Buffer.from(await download.arrayBuffer());
    if (openSealed(body, publicKey, secretKey, file.size) !== file.sha256) {
      throw new Error('the opened copy does not match the signed SHA-256');
    }
    return body.length;
  }

  const phases: Phase[] = [];
  phases.push(
    await phase(`1 auth + sealed download of ${values.mb} MB`, async () => {
      const bytes = await loaderRun(customers[0] ?? '');
      return `${(bytes / 1024 / 1024).toFixed(1)} MiB sealed, checked`;
    }),
  );
  phases.push(
    await phase(`${String(parallel)} at once`, async () => {
      const sizes = await Promise.all(customers.slice(1).map((name) => loaderRun(name)));
      return `${String(sizes.length)} × ${((sizes[0] ?? 0) / 1024 / 1024).toFixed(1)} MiB, checked`;
    }),
  );

  console.log(`server: ${values.server}`);
  console.log(
    `auth (marked copy hashed): first ${(authTimes[0] ?? 0).toFixed(0)} ms (reads the file through), then ${authTimes
      .slice(1)
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms`,
  );
  const header = ['phase', 's', 'RSS before MiB', 'peak', 'after', 'result'];
  const rows = phases.map((p) => [
    p.name,
    p.seconds.toFixed(1),
    p.before.toFixed(0),
    p.peak.toFixed(0),
    p.after.toFixed(0),
    p.detail,
  ]);
  printColumns(header, rows);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
