import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPostgresSchema } from './test-app.js';

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process exits, with its code and how long after `since` it exited. */
  exited(since: number): Promise<{ code: number | null; signal: string | null; afterMs: number }>;
  /** Kills the process if still running and deletes its data. */
  close(): Promise<void>;
}

const serverRoot = resolve(import.meta.dirname, '../..');

export interface ServerProcessOptions {
  env?: Record<string, string>;
  /** Runs it on a pseudo-terminal (util-linux `script`), as `npm start` in a shell does. */
  terminal?: boolean;
  /**
   * A data folder and (PostgreSQL) database the caller created, to share between processes;
   * the caller deletes them. Without it each process gets new ones, deleted by `close`.
   */
  storage?: { dataDir: string; databaseUrl: string | undefined };
}

/**
 * Runs the real server (src/main.ts through tsx) as its own process on a free port, with a new
 * data folder and, with TEST_DATABASE_URL, a new PostgreSQL schema; resolves once it answers.
 */
export async function startServerProcess({
  env = {},
  terminal = false,
  storage,
}: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = storage?.dataDir ?? (await mkdtemp(join(tmpdir(), 'chaveiro-process-')));
  const postgres = storage ? undefined : await createPostgresSchema();
  const databaseUrl = storage ? storage.databaseUrl : postgres?.url;
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const command = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [file, ...args] = terminal
    ? ['script', '--quiet', '--flush', '--return', '--command', command.join(' '), '/dev/null']
    : command;
  const child = spawn(file ?? '', args, {
    cwd: serverRoot,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      ADMIN_PASSWORD: 'senha-do-admin-123',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: string | null; at: number }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })),
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not answer:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  return {
    port,
    url,
    child,
    output: () => log,
    exited: async (since) => {
      const { code, signal, at } = await exit;
      return { code, signal, afterMs: at - since };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exit;
      }
      if (storage) return;
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}
