import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOADER, emailSchema, passwordSchema, usernameSchema } from '@chaveiro/contract';
import { z } from 'zod';
import { createFileOnce, ensurePrivateDir, restrictToOwner } from './platform/web/private-files.js';
import { parseSigningKey } from './platform/crypto/signing.js';

/** The only reader of process.env (DESIGN.md); everything else receives an AppConfig. */

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /**
   * State shared by every node (rate-limit windows, loader nonces, cache invalidations) lives in
   * this Redis; undefined keeps it in this process's memory (one node).
   */
  redis: { url: string; keyPrefix: string } | undefined;
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  /** Mercado Pago's API base URL (tests point it at an in-test server). */
  mercadoPagoApiUrl: string;
  /** Sender of account e-mails. */
  mailFrom: string;
  admin: { username: string | undefined; email: string | undefined; password: string | undefined };
  logLevel: z.infer<typeof logLevelSchema>;
  webDistDir: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): false, or the addresses
   * and CIDR ranges of the reverse proxies in front of the server.
   */
  trustProxy: false | string[];
  http: HttpTimeouts;
  webhooks: {
    /**
     * Outgoing webhooks may reach loopback, private and link-local addresses (a trusted
     * network, tests). Off by default: the SSRF guard refuses them.
     */
    allowPrivateUrls: boolean;
    /** Discord endpoints' requests go to this origin instead of Discord's (tests, a proxy). */
    discordApiUrl: string | undefined;
  };
  /**
   * Server processes on this machine (node:cluster), each serving the same port; 1 runs the
   * server in this process alone.
   */
  workers: number;
  loader: {
    /** Ed25519 PKCS#8 key (PEM or base64 DER); unset → created in DATA_DIR on first start. */
    signingKey: string | undefined;
    /** Days a retired signing key stays published. */
    keyGraceDays: number;
  };
}

/** How long a client may take, so a slow or silent one cannot hold a socket for good. */
export interface HttpTimeouts {
  /** From connecting to the end of the request headers (slow-loris headers, idle sockets). */
  headersTimeoutMs: number;
  /** From the headers to the end of the body, for every request but uploads. */
  bodyTimeoutMs: number;
  /** The same for multipart uploads (a 64 MB DLL over a slow line). */
  uploadTimeoutMs: number;
  /** An upload that sends less than 1 KB/s over this long is cut before its window ends. */
  uploadRateWindowMs: number;
  /** On SIGTERM/SIGINT: how long in-flight requests may still finish before their sockets close. */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM/SIGINT: how long the server keeps accepting connections while the readiness
   * probe already answers 503, so a load balancer stops routing to it first (0: stop at once).
   */
  shutdownReadyGraceMs: number;
}

type Env = Record<string, string | undefined>;

const JWT_SECRET_FILE = 'jwt-secret';
const JWT_SECRET_MIN_LENGTH = 32;
/** More processes than this on one machine is a typo, not a plan. */
const MAX_WORKERS = 256;

const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  error: 'must be one of fatal, error, warn, info, debug, trace, silent',
});

function milliseconds(fallback: number) {
  return z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 (milliseconds)')
    .max(3_600_000, 'must be at most 3600000 (one hour, in milliseconds)')
    .default(fallback);
}

// Messages are written here (in English, for the operator) so they do not depend on which zod
// error map happens to be installed when the config is read.
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(3001),
  // 0.0.0.0 so the server is reachable inside a container or from a reverse proxy on another
  // host; set HOST=127.0.0.1 to accept local connections only.
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must start with postgres:// or postgresql:// (unset uses SQLite)',
    )
    .optional(),
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      error: 'must be a redis:// or rediss:// URL (unset keeps shared state in memory)',
    })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 characters of letters, digits and :._-')
    .default('chaveiro:'),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, `must be at least ${JWT_SECRET_MIN_LENGTH} characters`)
    .optional(),
  // Unset: http://localhost:<PORT>.
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MERCADOPAGO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.mercadopago.com'),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address such as "Chaveiro <no-reply@example.com>"')
    .optional(),
  ADMIN_USERNAME: usernameSchema.optional(),
  ADMIN_EMAIL: emailSchema.optional(),
  ADMIN_PASSWORD: passwordSchema.optional(),
  LOG_LEVEL: logLevelSchema.default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every((entry) => /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(entry)),
      'must be a comma-separated list of proxy addresses or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8',
    )
    .optional(),
  HEADERS_TIMEOUT_MS: milliseconds(10_000),
  BODY_TIMEOUT_MS: milliseconds(30_000),
  UPLOAD_TIMEOUT_MS: milliseconds(300_000),
  UPLOAD_RATE_WINDOW_MS: milliseconds(15_000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  SHUTDOWN_READY_GRACE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0 (milliseconds)')
    .max(300_000, 'must be at most 300000 (five minutes, in milliseconds)')
    .default(0),
  WEBHOOKS_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  WEBHOOKS_DISCORD_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional(),
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d*)$/, 'must be a number of processes (1 or more) or auto')
    .transform((value) => (value === 'auto' ? availableParallelism() : Number(value)))
    .refine((count) => count <= MAX_WORKERS, `must be at most ${String(MAX_WORKERS)}`)
    .default(1),
  LOADER_SIGNING_KEY: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseSigningKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
  LOADER_KEY_GRACE_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be between 0 and 365')
    .max(365, 'must be between 0 and 365')
    .default(LOADER.keyGraceDays),
});

/** Reads and validates the environment; throws an Error whose message names the variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  // An empty variable (`SMTP_URL=`) means "unset", as in most twelve-factor tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') ?? 'config'}: ${issue?.message ?? 'invalid'}`);
  }
  const vars = parsed.data;
  if (vars.WORKERS > 1 && !vars.REDIS_URL) {
    throw new Error(
      'WORKERS > 1 needs REDIS_URL: without it loader nonces and rate limits live in each ' +
        "process's memory, so a nonce would be accepted once per process and every limit " +
        'multiplied (set REDIS_URL, or WORKERS=1)',
    );
  }
  const dataDir = resolve(process.cwd(), vars.DATA_DIR);
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${String(vars.PORT)}`;

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'sqlite', file: join(dataDir, 'chaveiro.db') },
    redis: vars.REDIS_URL ? { url: vars.REDIS_URL, keyPrefix: vars.REDIS_KEY_PREFIX } : undefined,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl: vars.SMTP_URL,
    mercadoPagoApiUrl: vars.MERCADOPAGO_API_URL.replace(/\/+$/, ''),
    mailFrom: vars.MAIL_FROM ?? `Chaveiro <no-reply@${mailDomain(publicUrl)}>`,
    admin: {
      username: vars.ADMIN_USERNAME,
      email: vars.ADMIN_EMAIL,
      password: vars.ADMIN_PASSWORD,
    },
    logLevel: vars.LOG_LEVEL,
    webDistDir: vars.WEB_DIST_DIR ? resolve(process.cwd(), vars.WEB_DIST_DIR) : defaultWebDistDir(),
    trustProxy: vars.TRUST_PROXY?.length ? vars.TRUST_PROXY : false,
    http: {
      headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: vars.BODY_TIMEOUT_MS,
      uploadTimeoutMs: vars.UPLOAD_TIMEOUT_MS,
      uploadRateWindowMs: vars.UPLOAD_RATE_WINDOW_MS,
      shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
      shutdownReadyGraceMs: vars.SHUTDOWN_READY_GRACE_MS,
    },
    webhooks: {
      allowPrivateUrls: vars.WEBHOOKS_ALLOW_PRIVATE_URLS === 'true',
      discordApiUrl: vars.WEBHOOKS_DISCORD_API_URL?.replace(/\/+$/, ''),
    },
    workers: vars.WORKERS,
    loader: { signingKey: vars.LOADER_SIGNING_KEY, keyGraceDays: vars.LOADER_KEY_GRACE_DAYS },
  };
}

/** localhost is no mail domain; such senders get the reserved `.invalid` TLD instead. */
function mailDomain(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return host === 'localhost' || /^[\d.]+$/.test(host) ? 'chaveiro.invalid' : host;
}

/**
 * Two levels up from this file is apps/ both for src/config.ts (tsx, tests) and for the bundled
 * dist/main.js, so the built web is found whatever the working directory.
 */
function defaultWebDistDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * Without JWT_SECRET, 256 random bits are created on first start and kept beside the database,
 * so sessions survive restarts. Several nodes must share JWT_SECRET instead.
 */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
  ensurePrivateDir(dataDir);
  // Two processes starting together keep one secret, and neither reads it half-written.
  createFileOnce(file, randomBytes(32).toString('base64url'));
  restrictToOwner(file);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(`JWT_SECRET: ${file} must hold at least ${JWT_SECRET_MIN_LENGTH} characters`);
  }
  return secret;
}

/**
 * The folder a command was typed in: npm runs scripts from the project's root and keeps the
 * caller's folder in INIT_CWD, where the paths given to `npm run import:keyauth` start.
 */
export function invocationDir(env: Env = process.env): string {
  return env.INIT_CWD || process.cwd();
}
