import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Redis server for the tests (scripts/with-redis.sh); empty spawns one per test file. */
    testRedisUrl: string;
  }
}

/**
 * Debian's redis-server: CI installs it (scripts/with-redis.sh installs it when missing); a
 * developer machine without it skips the Redis tests, saying why.
 */
export const REDIS_SERVER_BINARY = '/usr/bin/redis-server';
export const redisServerMissing: string | undefined =
  spawnSync(REDIS_SERVER_BINARY, ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : `skipping the Redis tests: ${REDIS_SERVER_BINARY} is missing (apt-get install redis-server, or run them under scripts/with-redis.sh)`;

/** A throwaway redis-server on a free loopback port that the test may stop and start again. */
export interface TestRedisServer {
  url: string;
  /** Stops the server (its data goes with it: nothing is saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** A Redis for one test file: TEST_REDIS_URL's when set, else one spawned for the file. */
export async function useTestRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const provided = inject('testRedisUrl');
  if (provided) return { url: provided, close: () => Promise.resolve() };
  const server = await spawnRedisServer();
  return { url: server.url, close: () => server.stop() };
}

/** A key prefix no other test app uses, so apps on one Redis never share windows or nonces. */
export function uniqueKeyPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`;
}

/**
 * Spawns `redis-server` without persistence on 127.0.0.1, on `port` or a free one; resolves once
 * it listens.
 */
export async function spawnRedisServer(port?: number): Promise<TestRedisServer> {
  port ??= await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const started = spawn(
      REDIS_SERVER_BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) {
          started.stdout?.off('data', onData);
          started.stdout?.resume();
          resolve();
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.resume();
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** A loopback port nothing listens on (it was free a moment ago). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
