import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The header block as sent, folded lines joined. */
  headers: string;
  /** The message: its headers, then its parts decoded (quoted-printable undone). */
  body: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail sent to `to` (case-insensitive), waiting up to `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Makes the server hang: new connections get no greeting until the returned function is
   * called, so a sender waits as on a stuck mail server.
   */
  hold(): () => void;
  /** The first http(s) link in a mail whose path contains `path`. */
  linkIn(mail: ReceivedMail, path: string): string;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port, keeping what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const seen = new Set<ReceivedMail>();
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (held) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Headers are not quoted-printable: decoding them would garble a link's `=0A`.
        const end = raw.indexOf('\r\n\r\n');
        const headers = end === -1 ? raw : raw.slice(0, end);
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: decodeHeader(/^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''),
          headers: headers.replace(/\r\n[ \t]+/g, ' '),
          body: end === -1 ? raw : headers + decodeQuotedPrintable(raw.slice(end)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !seen.has(m) && m.to.includes(to.toLowerCase()));
        if (mail) {
          seen.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    hold() {
      const waiting: (() => void)[] = [];
      held = waiting;
      return () => {
        held = null;
        for (const greet of waiting) greet();
      };
    },
    linkIn(mail, path) {
      const link = mail.body.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.includes(path));
      if (!link) throw new Error(`no ${path} link in mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Undoes RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
