import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm test` picks the unit and integration projects,
// `npm run test:e2e` the browser journeys.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'loader-sdk',
          root: './packages/loader-sdk',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/*/vitest.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
});
