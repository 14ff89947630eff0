import { afterEach, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../testing/server-process.js';
import { startServerProcess } from '../../testing/server-process.js';

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

describe('start-up output', { timeout: 60_000 }, () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('prints human-readable log lines, not JSON, when stdout is a terminal', async () => {
    server = await startServerProcess({ env: { LOG_LEVEL: 'info' }, terminal: true });
    const output = server.output().replace(ANSI, '');

    expect(output).toMatch(/│ +username: admin +│/);
    expect(output).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Chaveiro is running at http:\/\/127\.0\.0\.1:\d+/m,
    );
    expect(output).not.toContain('{"level"');
  });

  it('prints JSON log lines when stdout is a pipe', async () => {
    server = await startServerProcess({ env: { LOG_LEVEL: 'info' } });
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('Chaveiro is running at'));

    expect(JSON.parse(line ?? '')).toMatchObject({ level: 30 });
  });
});
