// Shared pieces of the reliability checks (crash.ts, races.ts, fuzz.ts): start the built server
// as a child process with its log in a file, raw HTTP requests, the database to check against
// (SQLite in a temp folder, or a fresh PostgreSQL database), and the "clean error" rule.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { messages } from '@chaveiro/contract';
import { freePort, repoRoot } from './lib.js';

export const ADMIN = {
  username: 'checkadmin',
  email: 'checkadmin@example.com',
  password: 'check-admin-password',
};
export const PASSWORD = 'check-password-1';
const JWT_SECRET = 'check-jwt-secret-0123456789abcdef0123456789';

/** Where the server keeps its data: SQLite in dataDir, or the PostgreSQL database at url. */
export interface Target {
  kind: 'sqlite' | 'postgres';
  dataDir: string;
  /** PostgreSQL only. */
  url?: string;
}

/** The PostgreSQL cluster to check on when set: scripts/with-postgres.sh's TEST_DATABASE_URL, or any DATABASE_URL. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

function requirePostgresUrl(): string {
  if (!postgresUrl) {
    throw new Error(
      'PostgreSQL needs TEST_DATABASE_URL or DATABASE_URL (e.g. bash scripts/with-postgres.sh npm run check:…)',
    );
  }
  return postgresUrl;
}

/** A fresh PostgreSQL database on the cluster at postgresUrl, so every run starts empty. */
async function freshPostgresDatabase(): Promise<string> {
  const baseUrl = requirePostgresUrl();
  const name = `chaveiro_check_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: requirePostgresUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Runs `check` on a new temp data folder (`chaveiro-<name>-…`, the server log goes in it) and a
 * database of that kind: SQLite in the folder, or a fresh PostgreSQL database. Afterwards drops
 * that database and removes the folder, unless `keep` (then it says where the folder is).
 */
export async function withTarget<T>(
  options: { name: string; kind: Target['kind']; keep: boolean; label?: string },
  check: (target: Target, logFile: string) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `chaveiro-${options.name}-`));
  const target: Target =
    options.kind === 'postgres'
      ? { kind: 'postgres', dataDir, url: await freshPostgresDatabase() }
      : { kind: 'sqlite', dataDir };
  try {
    return await check(target, join(dataDir, 'server.log'));
  } finally {
    if (target.url) await dropPostgresDatabase(target.url);
    if (options.keep) console.log(`${options.label ?? ''}kept ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface CheckServer {
  url: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  /** SIGKILL: no shutdown hook runs, as in a power cut of the process. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `node apps/server/dist/main.js` on `target` (migrates and seeds ADMIN on first start)
 * and waits for /api/health. Its log (LOG_LEVEL=info, one JSON line per event) is appended to
 * `logFile`. TRUST_PROXY=127.0.0.1 lets a check play many clients through X-Forwarded-For, as
 * behind a reverse proxy, so per-IP rate limits count each simulated client on its own.
 */
export async function startServer(
  target: Target,
  logFile: string,
  env: Record<string, string> = {},
): Promise<CheckServer> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.url ?? '',
      JWT_SECRET,
      TRUST_PROXY: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited on start (${child.exitCode ?? child.signalCode}); see ${logFile}`,
      );
    }
    try {
      if ((await send(url, { method: 'GET', path: '/api/health' })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer in 60 s; see ${logFile}`);
    await sleep(100);
  }
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    child,
    logFile,
    kill9: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export interface Outgoing {
  method: string;
  /** Sent as is: no normalisation of `..` or percent-encoding. */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** Shorthand: JSON body and content type. */
  json?: unknown;
  token?: string;
  /** Sent as X-Forwarded-For: the client address the server sees (TRUST_PROXY). */
  ip?: string;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One HTTP request with node:http (fetch would normalise the path and refuse odd headers). */
export function send(baseUrl: string, outgoing: Outgoing): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const headers: OutgoingHttpHeaders = { ...outgoing.headers };
  let body = outgoing.body;
  if (outgoing.json !== undefined) {
    body = JSON.stringify(outgoing.json);
    headers['content-type'] ??= 'application/json';
  }
  if (outgoing.token) headers.authorization = `Bearer ${outgoing.token}`;
  if (outgoing.ip) headers['x-forwarded-for'] = outgoing.ip;
  if (body !== undefined && !headers['transfer-encoding']) {
    headers['content-length'] ??= Buffer.byteLength(body);
  }
  return new Promise((resolve, reject) => {
    // Non-ASCII characters go out as their raw UTF-8 bytes (node:http writes the path as latin1).
    const path = Buffer.from(outgoing.path, 'utf8').toString('latin1');
    const req = httpRequest(
      { host: hostname, port, method: outgoing.method, path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
      },
    );
    req.setTimeout(outgoing.timeoutMs ?? 60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** A client address per simulated user, so per-IP limits count each one apart. */
export function fakeIp(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

let fakeIpsHandedOut = 0;

/** The next address of a sequence (fakeIp(1), fakeIp(2), …): each request from its own. */
export function nextFakeIp(): string {
  fakeIpsHandedOut += 1;
  return fakeIp(fakeIpsHandedOut);
}

export async function login(baseUrl: string, identifier: string, password: string, ip: string) {
  const answer = await send(baseUrl, {
    method: 'POST',
    path: '/api/auth/login',
    json: { identifier, password },
    ip,
  });
  if (answer.status !== 200)
    throw new Error(`login ${identifier}: ${answer.status} ${answer.text}`);
  return (answer.body as { token: string }).token;
}

/** Runs `task` over `items` with at most `width` at once. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index] as T, index);
      }
    }),
  );
  return results;
}

const ENGLISH =
  /\b(the|is|are|must|should|expected|required|invalid|unexpected|missing|not found|request|body|unsupported|payload|too large|cannot|failed|error|received|allowed|header|fields?|internal server)\b/i;
const PORTUGUESE =
  /[ãõáâàéêíóôúçÃÕÁÂÉÊÍÓÔÚÇ]|\b(a|o|e|as|os|de|do|da|dos|das|em|no|na|um|uma|para|com|sem|por|ou|seu|sua|esta|este|deve|campo|valor|faça)\b/i;

/** Every fixed text of the contract's pt-BR catalogue (short ones carry no accent: "Saldo insuficiente."). */
const CATALOGUE = new Set<string>();
(function collect(node: unknown): void {
  if (typeof node === 'string') CATALOGUE.add(node);
  else if (typeof node === 'object' && node !== null) Object.values(node).forEach(collect);
})(messages);

/** Why `message` does not read as pt-BR, or null when it does. */
export function notPortuguese(message: string): string | null {
  // "Campo(s) não permitido(s): a, b." echoes the caller's own key names, "Valor inválido. Use:
  // a, b." the API's own values.
  const own = message
    .replace(/não permitido\(s\):.*$/, 'não permitido(s)')
    .replace(/Valor inválido\. Use: .*$/, 'Valor inválido.');
  if (CATALOGUE.has(message)) return null;
  const english = ENGLISH.exec(own);
  if (english) return `English word "${english[0]}"`;
  if (!PORTUGUESE.test(own)) return 'no Portuguese in it';
  return null;
}

/**
 * Why an answer is not a clean refusal, or null: a 4xx (or the maintenance 503) with a JSON
 * `{ message, code }` body whose message is pt-BR. Loader answers are a signed envelope whose
 * `data` is `{ ok: false, code, message }`.
 */
export function errorProblem(answer: Answer, loader = false): string | null {
  if (answer.status >= 500) return `${answer.status}`;
  if (answer.status < 400) return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `content-type "${type}"`;
  let error = answer.body as { message?: unknown; code?: unknown } | undefined;
  if (loader) {
    const envelope = answer.body as { data?: typeof error } | undefined;
    if (!answer.headers['x-signature']) return 'loader answer without X-Signature';
    error = envelope?.data;
  }
  if (typeof error !== 'object' || error === null) return 'body is not a JSON object';
  if (typeof error.message !== 'string' || error.message === '') return 'no message';
  if (typeof error.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(error.code)) {
    return `code ${JSON.stringify(error.code)}`;
  }
  const expected = GENERIC_CODE_STATUS[error.code];
  if (expected !== undefined && expected !== answer.status) {
    return `status ${answer.status} with code ${error.code}`;
  }
  const language = notPortuguese(error.message);
  return language && `message ${JSON.stringify(error.message.slice(0, 100))}: ${language}`;
}

/** The generic codes and the one status each belongs to (a 403 BAD_REQUEST contradicts itself). */
const GENERIC_CODE_STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** Server log lines at error level or above written since `fromByte`. */
function serverErrors(logFile: string, fromByte = 0): string[] {
  if (!existsSync(logFile)) return [];
  const text = readFileSync(logFile).subarray(fromByte).toString('utf8');
  return text.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}

/** The request (method and URL) each reqId of the log answered, from its "incoming request" line. */
function requestsByReqId(logFile: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(logFile)) return found;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    try {
      const entry = JSON.parse(line) as { reqId?: string; req?: { method: string; url: string } };
      if (entry.reqId && entry.req) found.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    } catch {
      // not JSON (the admin banner)
    }
  }
  return found;
}

/** A short form of a server error line: request, status-relevant message and first stack line. */
function describeServerError(line: string, requests: Map<string, string>): string {
  try {
    const entry = JSON.parse(line) as {
      reqId?: string;
      msg?: string;
      err?: { type?: string; message?: string; stack?: string };
    };
    const where = entry.reqId ? (requests.get(entry.reqId) ?? entry.reqId) : '';
    const stack = entry.err?.stack?.split('\n')[1]?.trim() ?? '';
    return `${where} → ${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''} ${stack}`.slice(
      0,
      600,
    );
  } catch {
    return line.slice(0, 600);
  }
}

/** The server's error lines since `fromByte`, each in short form with the request it answered. */
export function serverErrorReport(logFile: string, fromByte = 0): string[] {
  const requests = requestsByReqId(logFile);
  return serverErrors(logFile, fromByte).map((line) => describeServerError(line, requests));
}

/** Read-only SQL on the server's database, for invariants the API does not show. */
export interface Reader {
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function openReader(target: Target): Promise<Reader> {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return {
      all: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = new BetterSqlite3(join(target.dataDir, 'chaveiro.db'), { readonly: true });
  db.pragma('busy_timeout = 5000');
  return {
    all: <T>(sql: string) => Promise.resolve(db.prepare(sql).all() as T[]),
    close: () => Promise.resolve(void db.close()),
  };
}

export function printRows(header: string[], rows: (string | number)[][]): void {
  const cells = rows.map((row) => row.map(String));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => row[column]?.length ?? 0)),
  );
  const format = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(format(header));
  for (const row of cells) console.log(format(row));
}

/** A small seeded PRNG (mulberry32), so a run can be replayed with --seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
