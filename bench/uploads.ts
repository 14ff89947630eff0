// `npm run bench:uploads [-- --avatars 200 --concurrency 25 --dlls 6 --dll-mb 60]`: a burst of
// 2 MB avatar uploads, then concurrent large DLL uploads, against the built server on a fresh
// data folder, while one client polls GET /api/health back to back. Prints the health check's
// latency (p50/p99/max) and the server's peak RSS in each phase. Uploads answered 503 (too
// many in flight) are sent again after a short pause, as a client would, and counted.
// `--server <path to main.js>` runs another build (e.g. an older one) for a before/after.
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { printColumns, startProcess, type BenchServer } from './lib.js';

const { values } = parseArgs({
  options: {
    avatars: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '25' },
    dlls: { type: 'string', default: '6' },
    'dll-mb': { type: 'string', default: '60' },
    port: { type: 'string', default: '3903' },
    server: { type: 'string', default: 'apps/server/dist/main.js' },
  },
});

const ADMIN = { username: 'admin', password: 'bench-admin-senha' };
const RETRY_PAUSE_MS = 250;

interface Phase {
  name: string;
  stored: number;
  refused503: number;
  failed: number;
  seconds: number;
  health: number[];
  peakRssMiB: number;
}

/** The server's resident memory in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Polls /api/health one request at a time on a thread of its own, so the uploads' client-side
 * work (building 60 MB bodies) never delays a probe; answers with the latencies when told.
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  parentPort.postMessage(latencies);
})();
`;

/** Runs `work` while polling /api/health and sampling the server's RSS. */
async function phase(
  server: BenchServer,
  name: string,
  work: () => Promise<{ stored: number; refused503: number; failed: number }>,
): Promise<Phase> {
  const pid = server.child.pid ?? 0;
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const poller = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${server.url}/api/health` },
  });
  const latencies = new Promise<number[]>((done) => poller.once('message', done));
  const started = performance.now();
  const counts = await work();
  const seconds = (performance.now() - started) / 1000;
  poller.postMessage('stop');
  const health = (await latencies).sort((a, b) => a - b);
  await poller.terminate();
  clearInterval(sampler);
  return { name, ...counts, seconds, health, peakRssMiB: peak };
}

/** Sends one multipart upload, again after a pause while the server answers 503. */
async function upload(
  url: string,
  token: string,
  field: string,
  filename: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<{ ok: boolean; refused503: number }> {
  let refused503 = 0;
  for (;;) {
    const form = new FormData();
    form.append(field, new Blob([bytes]), filename);
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 503) return { ok: response.ok, refused503 };
    refused503 += 1;
    await new Promise((done) => setTimeout(done, RETRY_PAUSE_MS));
  }
}

async function uploadAll(jobs: (() => ReturnType<typeof upload>)[], concurrency: number) {
  const counts = { stored: 0, refused503: 0, failed: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const result = await job();
        counts.refused503 += result.refused503;
        if (result.ok) counts.stored += 1;
        else counts.failed += 1;
      }
    }),
  );
  return counts;
}

/** Random bytes behind a signature: every upload is a new file to store. */
function fileOf(size: number, signature: number[]): Uint8Array<ArrayBuffer> {
  const bytes = randomFillSync(new Uint8Array(size));
  bytes.set(signature);
  return bytes;
}
const png = (size: number) => fileOf(size, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dll = (size: number) => fileOf(size, [0x4d, 0x5a]);

const dataDir = await mkdtemp(join(tmpdir(), 'chaveiro-bench-uploads-'));
const server = await startProcess(values.server, Number(values.port), '/api/health', {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  WEB_DIST_DIR: join(dataDir, 'no-web'),
});
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: ADMIN.username, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`admin login failed: ${String(login.status)}`);
  const { token } = (await login.json()) as { token: string };

  const productIds: string[] = [];
  for (let index = 0; index < Number(values.dlls); index += 1) {
    const created = await fetch(`${server.url}/api/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${String(index)}`, plans: { monthly: 10 } }),
    });
    if (!created.ok) throw new Error(`product not created: ${await created.text()}`);
    productIds.push(((await created.json()) as { product: { id: string } }).product.id);
  }

  const phases: Phase[] = [];
  phases.push(
    await phase(server, 'idle', async () => {
      await new Promise((done) => setTimeout(done, 2_000));
      return { stored: 0, refused503: 0, failed: 0 };
    }),
  );
  // Every body is built before its phase: the client's own work stays out of the figures.
  const avatars = Array.from({ length: Number(values.avatars) }, () => png(2 * 1024 * 1024 - 64));
  const avatarUrl = `${server.url}/api/profile/avatar/upload`;
  phases.push(
    await phase(server, `${values.avatars} avatars × 2 MB, ${values.concurrency} at once`, () =>
      uploadAll(
        avatars.map((bytes) => () => upload(avatarUrl, token, 'avatar', 'a.png', bytes)),
        Number(values.concurrency),
      ),
    ),
  );
  const dlls = productIds.map(() => dll(Number(values['dll-mb']) * 1024 * 1024));
  const dllUrl = (id: string) => `${server.url}/api/products/${id}/upload-dll`;
  phases.push(
    await phase(server, `${values.dlls} DLLs × ${values['dll-mb']} MB at once`, () =>
      uploadAll(
        productIds.map(
          (id, index) => () => upload(dllUrl(id), token, 'dllFile', 'x.dll', dlls[index] ?? dll(2)),
        ),
        productIds.length,
      ),
    ),
  );

  console.log(`server: ${values.server}`);
  const header = [
    'phase',
    'stored',
    '503s',
    'failed',
    's',
    'health p50',
    'p99',
    'max',
    'peak RSS MiB',
  ];
  const rows = phases.map((p) => [
    p.name,
    String(p.stored),
    String(p.refused503),
    String(p.failed),
    p.seconds.toFixed(1),
    `${percentile(p.health, 50).toFixed(1)} ms`,
    `${percentile(p.health, 99).toFixed(1)} ms`,
    `${(p.health.at(-1) ?? 0).toFixed(1)} ms`,
    p.peakRssMiB.toFixed(0),
  ]);
  printColumns(header, rows);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
