import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDir } from '../web/private-files.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` on a mail sent to many. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Callers that must not wait for the mail server run this as background work (ctx.background). */
  send(mail: OutgoingMail): Promise<void>;
}

interface MailLogger {
  info(details: object, message: string): void;
}

export interface MailerOptions {
  /** SMTP server; when absent every mail is written to `outboxDir` instead. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
  logger: MailLogger;
}

/**
 * Sends through SMTP when configured. Without SMTP each mail is rendered as a real RFC 822
 * message into the outbox folder and its links are logged, so a fresh `npm start` can still
 * confirm accounts and reset passwords.
 */
export function createMailer(options: MailerOptions): Mailer {
  const send = options.smtpUrl ? smtpSender(options.smtpUrl, options.from) : outboxSender(options);
  return { send };
}

function smtpSender(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail: OutgoingMail): Promise<void> => {
    await transport.sendMail({ from, ...mail });
  };
}

function outboxSender(options: MailerOptions) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  // The mails carry sign-in and password-reset links: for the owner's eyes only.
  ensurePrivateDir(options.outboxDir);
  let sequence = 0;
  return async (mail: OutgoingMail): Promise<void> => {
    const info = await transport.sendMail({ from: options.from, ...mail });
    await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
    sequence += 1;
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}.eml`;
    const path = join(options.outboxDir, name);
    await writeFile(path, info.message as Buffer, { mode: 0o600 });
    options.logger.info(
      { to: mail.to, subject: mail.subject, path, links: linksIn(mail.text) },
      'mail written to the outbox (SMTP_URL is not set)',
    );
  };
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
