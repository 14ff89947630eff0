import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123';
const rsaKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs8', format: 'der' })
  .toString('base64');

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chaveiro-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });

    expect(config).toMatchObject({
      port: 3001,
      host: '0.0.0.0',
      dataDir: resolve(process.cwd(), 'data'),
      database: { kind: 'sqlite', file: resolve(process.cwd(), 'data', 'chaveiro.db') },
      redis: undefined,
      jwtSecret: SECRET,
      publicUrl: 'http://localhost:3001',
      smtpUrl: undefined,
      admin: { username: undefined, email: undefined, password: undefined },
      logLevel: 'info',
      trustProxy: false,
      http: {
        headersTimeoutMs: 10_000,
        bodyTimeoutMs: 30_000,
        uploadTimeoutMs: 300_000,
        uploadRateWindowMs: 15_000,
        shutdownTimeoutMs: 10_000,
        shutdownReadyGraceMs: 0,
      },
    });
    // Resolved from the server's own folder, not from the working directory.
    expect(config.webDistDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/chaveiro',
      DATABASE_URL: 'postgresql://app:pw@db:5432/chaveiro',
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://chaveiro.example.com/',
      SMTP_URL: 'smtp://mail:25',
      ADMIN_USERNAME: 'Root',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'uma-senha-forte',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'web',
    });

    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/chaveiro',
      database: { kind: 'postgres', url: 'postgresql://app:pw@db:5432/chaveiro' },
      publicUrl: 'https://chaveiro.example.com',
      smtpUrl: 'smtp://mail:25',
      admin: { username: 'Root', email: 'root@example.com', password: 'uma-senha-forte' },
      logLevel: 'warn',
      webDistDir: resolve(process.cwd(), 'web'),
    });
  });

  it('links mails to localhost on the configured PORT when PUBLIC_URL is unset', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, PORT: '8080' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.mailFrom).toBe('Chaveiro <no-reply@chaveiro.invalid>');
  });

  it('reads the HTTP and shutdown timeouts in milliseconds', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      HEADERS_TIMEOUT_MS: '2000',
      BODY_TIMEOUT_MS: '5000',
      UPLOAD_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '500',
      SHUTDOWN_READY_GRACE_MS: '3000',
    });
    expect(config.http).toEqual({
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 5000,
      uploadTimeoutMs: 60_000,
      uploadRateWindowMs: 15_000,
      shutdownTimeoutMs: 500,
      shutdownReadyGraceMs: 3000,
    });
  });

  it('reads the loader signing key and grace period, defaulting to a generated key and 7 days', () => {
    const key = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();

    expect(loadConfig({ JWT_SECRET: SECRET }).loader).toEqual({
      signingKey: undefined,
      keyGraceDays: 7,
    });
    expect(
      loadConfig({ JWT_SECRET: SECRET, LOADER_SIGNING_KEY: key, LOADER_KEY_GRACE_DAYS: '30' })
        .loader,
    ).toEqual({ signingKey: key, keyGraceDays: 30 });
  });

  it('reads the trusted proxies as a list of addresses and ranges', () => {
    expect(
      loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('reads REDIS_URL and its key prefix, chaveiro: by default', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'chaveiro:',
    });
    expect(
      loadConfig({
        JWT_SECRET: SECRET,
        REDIS_URL: 'rediss://:pw@cache.example.com:6380',
        REDIS_KEY_PREFIX: 'loja-2:',
      }).redis,
    ).toEqual({ url: 'rediss://:pw@cache.example.com:6380', keyPrefix: 'loja-2:' });
  });

  it('runs one process by default, WORKERS of them with REDIS_URL, and as many as cores for auto', () => {
    const redis = { JWT_SECRET: SECRET, REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ JWT_SECRET: SECRET })).toMatchObject({ workers: 1, redis: undefined });
    expect(loadConfig({ ...redis, WORKERS: '4' })).toMatchObject({
      workers: 4,
      redis: { url: 'redis://127.0.0.1:6379' },
    });
    expect(loadConfig({ ...redis, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ JWT_SECRET: SECRET, WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses WORKERS > 1 without REDIS_URL, saying why', () => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, WORKERS: '2' })).toThrow(
      /^WORKERS > 1 needs REDIS_URL: without it loader nonces and rate limits/,
    );
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, PORT: '', SMTP_URL: '' });
    expect(config.port).toBe(3001);
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['DATABASE_URL', 'mysql://db/chaveiro'],
    ['JWT_SECRET', 'too-short'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_URL', 'cache:6379'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_USERNAME', 'ab'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['LOADER_SIGNING_KEY', 'not-a-key'],
    ['LOADER_SIGNING_KEY', rsaKey],
    ['LOADER_KEY_GRACE_DAYS', '-1'],
    ['LOADER_KEY_GRACE_DAYS', 'week'],
    ['TRUST_PROXY', 'my-proxy.local'],
    ['HEADERS_TIMEOUT_MS', '0'],
    ['BODY_TIMEOUT_MS', '1.5'],
    ['UPLOAD_TIMEOUT_MS', 'forever'],
    ['SHUTDOWN_TIMEOUT_MS', '99999999'],
    ['SHUTDOWN_READY_GRACE_MS', '-1'],
    ['SHUTDOWN_READY_GRACE_MS', '300001'],
    ['WORKERS', '0'],
    ['WORKERS', 'all'],
    ['WORKERS', '1.5'],
    ['WORKERS', '1000'],
  ])('rejects a bad %s (%s) naming the variable', (name, value) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, [name]: value })).toThrow(
      new RegExp(`^${name}: `),
    );
  });

  it('generates the JWT secret once, private to the owner, and reuses it', async () => {
    const dataDir = await tempDir();

    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });

    expect(first.jwtSecret).toHaveLength(43);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('prefers JWT_SECRET over the generated file', async () => {
    const dataDir = await tempDir();
    loadConfig({ DATA_DIR: dataDir });
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });
});
