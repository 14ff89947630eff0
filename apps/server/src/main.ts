import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { pino } from 'pino';
import pretty from 'pino-pretty';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { invocationDir, loadConfig } from './config.js';
import { describeBackfill, runAnalyticsBackfill } from './modules/analytics/index.js';
import type { AdminSeedResult } from './modules/users/index.js';
import { systemClock } from './platform/core/clock.js';
import type { AppDatabase } from './platform/db/database.js';
import { createDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { superviseWorkers } from './platform/state/cluster.js';
import { shutDownOnSignals } from './platform/http/shutdown.js';
import { rotateSigningKey } from './platform/crypto/signing.js';
import { runKeyAuthImportCli } from './modules/keyauth-import/index.js';
import { createProductsRepository } from './modules/products/index.js';
import { createCountCache } from './platform/state/count-cache.js';
import { createAdminSeed, createKeyAuthImportCommand } from './services.js';

/**
 * config → database → migrate → seed the first admin → listen; with WORKERS > 1 the last step is
 * forking that many workers (node:cluster), each of which builds the app and listens on the
 * shared port (they skip the steps before: done once, here); `--migrate-only` stops early,
 * `--rotate-loader-key` only rotates the loader signing key, `--analytics-backfill` migrates
 * and counts existing data into the analytics rollups (`npm run analytics:backfill`),
 * `--import-keyauth` migrates and imports a KeyAuth seller's exports (`npm run import:keyauth`).
 */
async function main(): Promise<void> {
  // V8 moves allocation sites whose objects survived a load burst (256 requests in flight) to
  // old space for good. After one burst every heartbeat's objects were then born old, and
  // kept their young garbage alive: scavenges went from ~1 ms to 5-8 ms, several a second, for
  // the rest of the process's life. A server's objects live one request; let all be born young.
  setFlagsFromString('--no-allocation-site-pretenuring');
  // After a full collection V8 let the old generation grow to 2-4 times what survived: a server
  // whose live heap is ~70 MB held 170 MB of heap (380 MB resident) under bench:api. Growing by
  // a quarter keeps ~240 MB resident; the collections it adds cost no measurable CPU there or
  // under the loader bench.
  setFlagsFromString('--heap-growing-percent=25');
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Invalid configuration: ${(error as Error).message}`);
    process.exit(1);
  }

  if (cluster.isWorker) {
    await serve(config, createDatabase(config));
    return;
  }

  if (process.argv.includes('--rotate-loader-key')) {
    try {
      rotateLoaderKey(config);
    } catch (error) {
      console.error(`Loader key not rotated: ${(error as Error).message}`);
      process.exit(1);
    }
    return;
  }

  const database = createDatabase(config);
  await migrateToLatest(database);

  if (process.argv.includes('--analytics-backfill')) {
    try {
      const summary = await runAnalyticsBackfill(database.db, database.dialect, {
        progress: (line) => process.stdout.write(`  … ${line}\n`),
      });
      process.stdout.write(describeBackfill(summary));
    } finally {
      await database.destroy();
    }
    return;
  }

  if (process.argv.includes('--import-keyauth')) {
    try {
      const products = createProductsRepository(
        database.db,
        createCountCache(0),
        database.dialect,
        createCountCache(0),
      );
      process.exitCode = await runKeyAuthImportCli({
        args: process.argv.slice(2),
        cwd: invocationDir(),
        keyAuthImport: createKeyAuthImportCommand({
          db: database.db,
          dialect: database.dialect,
          clock: systemClock,
        }),
        productName: async (id) => (await products.find(id))?.name,
        out: process.stdout,
      });
    } finally {
      await database.destroy();
    }
    return;
  }

  const seed = await createAdminSeed({
    ...database,
    config,
    clock: systemClock,
  }).seedAdmin();
  announceAdmin(seed);

  if (process.argv.includes('--migrate-only')) {
    await database.destroy();
    return;
  }

  if (config.workers > 1) {
    await database.destroy();
    const log = pino({ level: config.logLevel }, humanLogsOnTerminal(true)?.stream);
    log.info({ workers: config.workers }, 'starting the workers');
    superviseWorkers({ count: config.workers, log });
    return;
  }
  await serve(config, database);
}

/** Builds the app and listens: the single process, or one worker of several. */
async function serve(config: AppConfig, database: AppDatabase): Promise<void> {
  const app = await buildApp({
    config,
    database,
    logger: humanLogsOnTerminal(cluster.isWorker),
  });
  shutDownOnSignals(app, database, {
    timeoutMs: config.http.shutdownTimeoutMs,
    readyGraceMs: config.http.shutdownReadyGraceMs,
  });

  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`Chaveiro is running at ${address} (public URL ${config.publicUrl})`);
}

/**
 * A person at a terminal reads one short line per event; anything else (a pipe, a file, a log
 * collector) gets pino's JSON lines (with the process's pid). Formatted in this thread,
 * synchronously, so the lines printed just before exiting are not lost. With several processes
 * the terminal's lines keep the pid, to tell the workers apart.
 */
function humanLogsOnTerminal(showPid: boolean) {
  if (!process.stdout.isTTY) return undefined;
  return {
    stream: pretty({
      translateTime: 'SYS:HH:MM:ss',
      ignore: showPid ? 'hostname' : 'pid,hostname',
      singleLine: true,
      sync: true,
    }),
  };
}

/** docs/loader-protocol.md: the old key stays published for LOADER_KEY_GRACE_DAYS. */
function rotateLoaderKey(config: AppConfig): void {
  const now = systemClock.now();
  const { retiredKeyId, keyId } = rotateSigningKey(
    { dataDir: config.dataDir, signingKey: config.loader.signingKey },
    now,
  );
  const until = new Date(now + config.loader.keyGraceDays * 24 * 60 * 60 * 1000);
  process.stdout.write(
    [
      `Loader signing key rotated: ${retiredKeyId} → ${keyId}`,
      `The old key stays published at /api/loader/public-key until ${until.toISOString()}.`,
      'Restart the server to sign with the new key.',
      '',
    ].join('\n'),
  );
}

/** The generated password is printed once, to stdout only, and never logged. */
function announceAdmin(seed: AdminSeedResult): void {
  if (!seed.created) return;
  const lines = [
    'Chaveiro: first admin account created',
    '',
    `  username: ${seed.username}`,
    `  email:    ${seed.email}`,
    ...(seed.generatedPassword
      ? [
          `  password: ${seed.generatedPassword}`,
          '',
          'Save this password now: it is shown only this once.',
          'Set ADMIN_PASSWORD on first start to choose it instead.',
        ]
      : ['  password: the one given in ADMIN_PASSWORD']),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = '─'.repeat(width + 2);
  process.stdout.write(
    [`┌${border}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${border}┘`, ''].join(
      '\n',
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
