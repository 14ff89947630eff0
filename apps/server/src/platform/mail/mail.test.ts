import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.js';

const mail = {
  to: 'maria@example.com',
  subject: 'Confirme seu e-mail',
  text: 'Abra http://localhost:3001/verify-email?token=abc para confirmar.',
  html: '<p>Abra o link para confirmar.</p>',
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

describe('mailer', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as AddressInfo;

    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: '/nonexistent',
      from: 'Chaveiro <no-reply@chaveiro.test>',
      logger: { info: () => undefined },
    });
    await mailer.send(mail);

    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: maria@example.com');
    expect(received[0]).toContain('verify-email?token=abc');
  });

  it('writes an .eml file and logs its links when SMTP_URL is unset', async () => {
    const outboxDir = await mkdtemp(join(tmpdir(), 'chaveiro-outbox-'));
    cleanups.push(() => rm(outboxDir, { recursive: true, force: true }));
    const logged: object[] = [];
    const mailer = createMailer({
      outboxDir,
      from: 'Chaveiro <no-reply@chaveiro.test>',
      logger: { info: (details) => logged.push(details) },
    });

    await mailer.send(mail);

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const eml = await readFile(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('Subject: Confirme seu e-mail');
    expect(logged[0]).toMatchObject({
      links: ['http://localhost:3001/verify-email?token=abc'],
    });
  });
});
