import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Without SMTP_URL the server writes every mail as an .eml file into `${dataDir}/outbox/`. The
 * bodies are quoted-printable: lines are soft-broken with `=` and `=` itself is written `=3D`.
 */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

function headerBlock(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  // Folded header lines continue on lines that start with whitespace.
  return (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

function isAddressedTo(raw: string, address: string): boolean {
  const to = /^To:(.*)$/im.exec(headerBlock(raw))?.[1] ?? '';
  return to.toLowerCase().includes(address.toLowerCase());
}

function findLink(raw: string, path: string): string | undefined {
  const body = decodeQuotedPrintable(raw);
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path}\\?token=[A-Za-z0-9_-]+`);
  return pattern.exec(body)?.[0];
}

/**
 * Waits for the newest mail to `address` that carries a link to `path` (e.g. `/verify-email`)
 * and returns that link.
 */
export async function waitForMailLink(
  dataDir: string,
  address: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      names
        .filter((name) => name.endsWith('.eml'))
        .map(async (name) => {
          const file = join(outbox, name);
          const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
          return { name, raw, modified: info.mtimeMs };
        }),
    );
    // Only whole files: a multipart message ends with its closing boundary (`--…--`).
    const newest = mails
      .filter((mail) => mail.raw.trimEnd().endsWith('--'))
      .filter((mail) => isAddressedTo(mail.raw, address) && findLink(mail.raw, path))
      .sort((a, b) => b.modified - a.modified || b.name.localeCompare(a.name))[0];
    const link = newest && findLink(newest.raw, path);
    if (link) return link;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no mail to ${address} with a ${path} link appeared in ${outbox}`);
}
