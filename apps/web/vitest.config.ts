import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // jsdom screens with several user-event steps take 1–4 s alone and more on a loaded 2-core
    // CI machine; a timeout is a hang detector, not a speed check (speed lives in bench/).
    testTimeout: 15_000,
  },
});
