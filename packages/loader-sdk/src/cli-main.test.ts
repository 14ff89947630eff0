import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from './cli-main.js';
import { EXIT, runCli } from './cli-main.js';
import type { FakeLoaderServer } from './testing/fake-server.js';
import { FAKE, startFakeServer } from './testing/fake-server.js';
import { createTestSigner, OTHER_SEED } from './testing/signer.js';

let fake: FakeLoaderServer;
let dir: string;

beforeEach(async () => {
  fake = await startFakeServer();
  dir = await mkdtemp(join(tmpdir(), 'chaveiro-loader-'));
});

afterEach(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

function io({ env, ...overrides }: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      // The offline licence goes under the test's folder, never the user's own data folder.
      env: { XDG_DATA_HOME: join(dir, 'data'), ...env },
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      signal: new AbortController().signal,
      hwid: () => FAKE.hwid,
      ...overrides,
    } satisfies CliIo,
  };
}

const pin = () => `${fake.signer.keyId}:${fake.signer.publicKey}`;
const base = () => ['--server', fake.url, '--product', FAKE.productId, '--public-key', pin()];

describe('chaveiro-loader', () => {
  it('authenticates with a key, prints the session in pt-BR and exits after one heartbeat with --once', async () => {
    const run = io();
    const code = await runCli([...base(), '--key', FAKE.key, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    expect(run.out).toContain(`Autenticado como ${FAKE.identifier}.`);
    expect(run.out).toContain(`Produto: ${FAKE.productName} (${FAKE.productId})`);
    expect(run.out.some((line) => line.startsWith('Assinatura expira em '))).toBe(true);
    expect(run.out.some((line) => /^Sessão válida até .*; pulso a cada 30 s\.$/.test(line))).toBe(
      true,
    );
    expect(run.out.some((line) => line.startsWith('Sessão renovada às '))).toBe(true);
    expect(run.err).toEqual([]);
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/loader/auth', '/api/loader/heartbeat']);
    expect(fake.requests[0]?.body?.hwid).toBe(FAKE.hwid);
  });

  it('fetches the server key when none is pinned, and says how to pin it', async () => {
    const run = io();
    const args = ['--server', fake.url, '--product', FAKE.productId, '--key', FAKE.key, '--once'];
    expect(await runCli(args, run.io)).toBe(EXIT.ok);
    expect(run.err.join('\n')).toContain(`--public-key ${pin()}`);
  });

  it('exits 1 with the server pt-BR message and code on a refusal', async () => {
    const run = io();
    const code = await runCli([...base(), '--key', 'WRONGKEY0000000000', '--once'], run.io);

    expect(code).toBe(EXIT.refused);
    expect(run.err).toContain('Recusado pelo servidor: Chave inválida. (INVALID_KEY)');
  });

  it('exits 3 when the answers are signed by a key other than the pinned one', async () => {
    const stranger = createTestSigner(OTHER_SEED);
    const run = io();
    const args = [
      ...['--server', fake.url, '--product', FAKE.productId, '--key', FAKE.key],
      ...['--public-key', `${stranger.keyId}:${stranger.publicKey}`],
    ];
    expect(await runCli(args, run.io)).toBe(EXIT.untrusted);
    expect(run.err.join('\n')).toContain('UNTRUSTED_KEY');
  });

  it('saves the verified file with --download and prints its sha256', async () => {
    const run = io();
    const code = await runCli([...base(), '--key', FAKE.key, '--download', dir, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    const saved = await readFile(join(dir, 'aim.dll'));
    expect(saved).toEqual(Buffer.from(fake.file ?? []));
    const sha256 = createHash('sha256').update(saved).digest('hex');
    expect(run.out).toContain(`SHA-256: ${sha256}`);
    expect(
      run.out.some((line) => line.startsWith(`Arquivo salvo em ${join(dir, 'aim.dll')}`)),
    ).toBe(true);
  });

  it('decrypts a protected download with its session key and saves the plain file', async () => {
    fake.protectedDelivery = true;
    fake.file = Uint8Array.from({ length: 100_000 }, (_, i) => i % 253);
    const run = io();
    const code = await runCli([...base(), '--key', FAKE.key, '--download', dir, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    expect(fake.requests[0]?.body?.sessionKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(fake.sealedDownloads).toHaveLength(1);
    expect((await readFile(join(dir, 'aim.dll'))).equals(Buffer.from(fake.file))).toBe(true);
  });

  it('runs on the stored offline licence while the server is unreachable, and says so', async () => {
    fake.offlineGraceHours = 1;
    expect(await runCli([...base(), '--key', FAKE.key, '--once'], io().io)).toBe(EXIT.ok);
    const stored = await readFile(join(dir, 'data', 'chaveiro', `${FAKE.productId}.lic`));
    expect(stored.subarray(0, 8).toString('latin1')).toBe('CHVOFF1\0');

    fake.outage = () => 'drop';
    const run = io({ retry: { authAttempts: 1, baseDelayMs: 1 } });
    const code = await runCli([...base(), '--key', FAKE.key, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    expect(
      run.out.some((line) =>
        line.startsWith(`Sem conexão com o servidor: modo offline como ${FAKE.identifier}`),
      ),
    ).toBe(true);
    expect(run.err.some((line) => line.startsWith('Modo offline: '))).toBe(true);
  });

  it('takes the password from CHAVEIRO_PASSWORD so it stays out of the shell history', async () => {
    const run = io({ env: { CHAVEIRO_PASSWORD: FAKE.password } });
    const code = await runCli([...base(), '--identifier', FAKE.identifier, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    expect(fake.requests[0]?.body).toMatchObject({
      identifier: FAKE.identifier,
      password: FAKE.password,
    });
  });

  it('exits 2 on incomplete or invalid arguments, without calling the server', async () => {
    const cases = [
      [...base()],
      ['--product', FAKE.productId, '--key', FAKE.key],
      [...base(), '--identifier', FAKE.identifier],
      [...base(), '--key', FAKE.key, '--hwid', 'short'],
      [...base(), '--key', FAKE.key, '--public-key', 'not-a-pin'],
      [...base(), '--key', FAKE.key, '--bogus'],
    ];
    for (const args of cases) {
      const run = io();
      expect(await runCli(args, run.io)).toBe(EXIT.usage);
      expect(run.err.at(-1)).toBe('Use --help para ver as opções.');
    }
    expect(fake.requests).toEqual([]);
  });

  it('prints the help in pt-BR, CHAVEIRO_PASSWORD included', async () => {
    const run = io();
    expect(await runCli(['--help'], run.io)).toBe(EXIT.ok);
    expect(run.out.join('\n')).toContain('CHAVEIRO_PASSWORD');
  });

  it('heartbeats until Ctrl-C, then exits 0', async () => {
    fake.heartbeatSeconds = 0.02;
    const controller = new AbortController();
    const run = io({ signal: controller.signal });
    const exit = runCli([...base(), '--key', FAKE.key], run.io);
    await expect
      .poll(() => run.out.filter((line) => line.startsWith('Sessão renovada')).length)
      .toBeGreaterThanOrEqual(3);
    controller.abort();

    expect(await exit).toBe(EXIT.ok);
    expect(run.out.at(-1)).toBe('Encerrado.');
  });

  it('keeps the session through a node lost behind the load balancer, saying in pt-BR when it tries again', async () => {
    fake.heartbeatSeconds = 0.02;
    let lost = 0;
    fake.outage = (request) => {
      if (request.path !== '/api/loader/heartbeat' || lost >= 2) return undefined;
      lost += 1;
      return lost === 1
        ? 'drop'
        : { status: 502, headers: {}, body: new TextEncoder().encode('Bad Gateway') };
    };
    const run = io({ retry: { random: () => 1 } });
    const code = await runCli([...base(), '--key', FAKE.key, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    // The waits are capped at the 20 ms heartbeat interval.
    expect(run.err).toHaveLength(2);
    expect(run.err[0]).toMatch(
      /^Não foi possível falar com o servidor\. \(NETWORK_ERROR: .+\) Nova tentativa em 20 ms \(tentativa 2\)\.$/,
    );
    expect(run.err[1]).toMatch(
      /^Não foi possível falar com o servidor\. \(NETWORK_ERROR: POST \/api\/loader\/heartbeat answered HTTP 502 without a valid signature .+\) Nova tentativa em 20 ms \(tentativa 3\)\.$/,
    );
    expect(run.out.some((line) => line.startsWith('Sessão renovada às '))).toBe(true);
  });

  it('tries the authentication again when the first attempt meets a lost node', async () => {
    let dropped = false;
    fake.outage = () => {
      if (dropped) return undefined;
      dropped = true;
      return 'drop';
    };
    const run = io({ retry: { baseDelayMs: 5, random: () => 1 } });
    const code = await runCli([...base(), '--key', FAKE.key, '--once'], run.io);

    expect(code).toBe(EXIT.ok);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/Nova tentativa em 5 ms \(tentativa 2\)\.$/);
    expect(run.out).toContain(`Autenticado como ${FAKE.identifier}.`);
  });

  it('exits 1 with the message when the server ends the session', async () => {
    fake.heartbeatSeconds = 0.02;
    fake.refuseNext('/api/loader/heartbeat', 'HWID_RESET', 'O HWID foi redefinido.', 401);
    const run = io();
    expect(await runCli([...base(), '--key', FAKE.key], run.io)).toBe(EXIT.refused);
    expect(run.err).toEqual([
      'Sessão encerrada.',
      'Recusado pelo servidor: O HWID foi redefinido. (HWID_RESET)',
    ]);
  });

  it('shows the product status, since when and the seller note when the product is being updated', async () => {
    fake.refuseNext('/api/loader/auth', 'PRODUCT_UPDATING', 'Em atualização.', 503, {
      product: {
        status: 'updating',
        note: 'Detectado após a atualização do jogo; previsão 48 h',
        timeFrozen: true,
        since: '2026-11-23T09:30:00.000Z',
      },
    });
    const run = io();
    expect(await runCli([...base(), '--key', FAKE.key, '--once'], run.io)).toBe(EXIT.refused);
    expect(run.err).toEqual([
      'Recusado pelo servidor: Em atualização. (PRODUCT_UPDATING)',
      expect.stringMatching(/^Status do produto: Em atualização desde .+\.$/) as string,
      'Nota do vendedor: Detectado após a atualização do jogo; previsão 48 h',
      'O tempo da sua assinatura está congelado e será devolvido quando o produto voltar.',
    ]);
    // Final: not retried.
    expect(fake.requests.filter((r) => r.path === '/api/loader/auth')).toHaveLength(1);
  });
});

describe('the bin process', () => {
  it('exits with the refusal code and stops cleanly on SIGINT', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const start = (args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { child, exited, output: () => output };
    };

    const refused = start([...base(), '--key', 'WRONGKEY0000000000', '--hwid', FAKE.hwid]);
    expect(await refused.exited).toBe(EXIT.refused);
    expect(refused.output()).toContain('Chave inválida. (INVALID_KEY)');

    const running = start([...base(), '--key', FAKE.key, '--hwid', FAKE.hwid]);
    await expect.poll(running.output, { timeout: 10_000 }).toContain('Sessão renovada');
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(EXIT.ok);
    expect(running.output()).toContain('Encerrado.');
  }, 20_000);
});
