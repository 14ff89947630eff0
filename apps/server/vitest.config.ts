import { resolve } from 'node:path';
import { defineProject } from 'vitest/config';

// Integration tests: each file builds the real app on its own fresh database (src/testing).
export default defineProject({
  resolve: {
    // The multi-node tests drive the nodes with the real loader SDK, from its source (its
    // package points at a build `npm test` does not make).
    // Exact matches, so the Node entry (`/node`) resolves to its own source too.
    alias: [
      {
        find: /^@chaveiro\/loader-sdk$/,
        replacement: resolve(import.meta.dirname, '../../packages/loader-sdk/src/index.ts'),
      },
      {
        find: /^@chaveiro\/loader-sdk\/node$/,
        replacement: resolve(import.meta.dirname, '../../packages/loader-sdk/src/node.ts'),
      },
    ],
  },
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // With TEST_DATABASE_URL every test app gets its own PostgreSQL schema instead of a SQLite
    // file. Passed through `provide` because only config.ts may read process.env in src/.
    // With TEST_REDIS_URL every test app keeps its shared state (rate limits, nonces, cache
    // announcements) in that Redis, under a key prefix of its own.
    provide: {
      testDatabaseUrl: process.env.TEST_DATABASE_URL ?? '',
      testRedisUrl: process.env.TEST_REDIS_URL ?? '',
    },
    // argon2id hashing and migrations make set-up slower than a unit test's.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
