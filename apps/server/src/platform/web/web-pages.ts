import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PUBLIC_PAGES } from './crawl-files.js';
import { escapeHtml } from '../mail/mail-layout.js';

/**
 * The HTML of the built web: the pages prerendered at build time for the public
 * paths, the single-page shell for every other route. Each file is made ready once per version
 * on disk (PUBLIC_URL filled in, brotli and gzip) and kept in memory, so a page costs no
 * compression, and a rebuilt web is picked up without a restart.
 */

/** The prerendered page of each public path, relative to the built web. */
export const PRERENDERED_PAGES: Record<(typeof PUBLIC_PAGES)[number], string> = {
  '/': 'pages/landing.html',
  '/terms': 'pages/terms.html',
  '/status': 'pages/status.html',
};

/** The single-page shell: every web route without a prerendered page, and a build without pages. */
export const SPA_SHELL = 'index.html';

const PAGES_DIR = 'pages';

/** What the build leaves in the pages where the site's origin goes (canonical, Open Graph). */
const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

const ENCODINGS = ['br', 'gzip'] as const;
type CompressedEncoding = (typeof ENCODINGS)[number];
type Encoding = CompressedEncoding | 'identity';

interface Representation {
  body: Buffer;
  /** Strong: of these exact bytes, so each encoding has its own. */
  etag: string;
}

type HtmlFile = Record<Encoding, Representation>;

export interface HtmlFiles {
  /** The file ready to send, or null when it is not there (an older build, a build under way). */
  load(file: string): Promise<HtmlFile | null>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function createHtmlFiles({
  distDir,
  publicUrl,
}: {
  distDir: string;
  /** The site's origin without a trailing slash (config strips it). */
  publicUrl: string;
}): HtmlFiles {
  const versions = new Map<string, { version: string; ready: Promise<HtmlFile | null> }>();

  return {
    async load(file) {
      const path = join(distDir, file);
      const stats = await stat(path).catch(orNullWhenMissing);
      if (!stats?.isFile()) return null;
      // A rebuild rewrites the file: a new mtime or size is a new version to prepare, once,
      // however many requests ask for it meanwhile.
      const version = `${String(stats.mtimeMs)}:${String(stats.size)}`;
      let entry = versions.get(file);
      if (entry?.version !== version) {
        const ready = readIfThere(path).then((raw) =>
          raw === null ? null : prepare(raw, publicUrl),
        );
        entry = { version, ready };
        versions.set(file, entry);
        // Keep neither a failure nor a file gone since its stat: the next request looks again.
        const forget = () => {
          if (versions.get(file)?.ready === ready) versions.delete(file);
        };
        ready.then((html) => {
          if (!html) forget();
        }, forget);
      }
      return entry.ready;
    },
  };
}

/**
 * Sends an HTML file in the encoding the client prefers, revalidated on every load (it names
 * the hashed assets of its build), and answers 304 when the client already holds these bytes.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, file: HtmlFile) {
  const encoding = acceptedEncodings(request.headers['accept-encoding'])[0] ?? 'identity';
  const { body, etag } = file[encoding];
  void reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(body);
}

/**
 * The CSP `script-src` sources allowing exactly the inline scripts of the built web's HTML
 * (the theme set before first paint): one `'sha256-…'` per distinct script, hashed as served.
 */
export async function inlineScriptHashes({
  distDir,
  publicUrl,
}: {
  distDir: string;
  publicUrl: string;
}): Promise<string[]> {
  const pages = await readdir(join(distDir, PAGES_DIR)).catch(
    (error: unknown) => orNullWhenMissing(error) ?? [],
  );
  const files = [
    SPA_SHELL,
    ...pages.filter((name) => name.endsWith('.html')).map((name) => `${PAGES_DIR}/${name}`),
  ];
  const hashes = new Set<string>();
  for (const file of files) {
    const raw = await readIfThere(join(distDir, file));
    for (const script of inlineScripts(withPublicUrl(raw ?? '', publicUrl))) {
      hashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

async function prepare(raw: string, publicUrl: string): Promise<HtmlFile> {
  const identity = Buffer.from(withPublicUrl(raw, publicUrl));
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  return {
    identity: representation(identity),
    br: representation(br),
    gzip: representation(gz),
  };
}

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function withPublicUrl(html: string, publicUrl: string): string {
  return html.replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(publicUrl));
}

/** A `type` the browser runs: none, a JavaScript MIME type or `module` (not a data block). */
const RUNNABLE_TYPE = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/** The text of every `<script>` that runs without a `src`, exactly as the browser hashes it. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', text] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!/\ssrc\s*=/i.test(attributes) && RUNNABLE_TYPE.test(type.trim())) {
      scripts.push(text ?? '');
    }
  }
  return scripts;
}

/**
 * The compressed codings the client takes, best first: brotli before gzip at equal quality; a
 * coding refused with `q=0` is left out even when `*` accepts the rest (the negotiator alone
 * would still pick it); empty when it takes neither or the header is unreadable. Pages and
 * static files both go by it (web.ts hands it to @fastify/static).
 */
export function acceptedEncodings(acceptEncoding: string | undefined): CompressedEncoding[] {
  if (!acceptEncoding) return [];
  const header = acceptEncoding.toLowerCase();
  const refused = new Set(
    header
      .split(',')
      .map((item) => item.split(';').map((part) => part.trim()))
      .filter(([, ...params]) => params.some((param) => /^q\s*=\s*0(\.0{0,3})?$/.test(param)))
      .map(([name]) => name),
  );
  const accepted: CompressedEncoding[] = [];
  let offered = ENCODINGS.filter((encoding) => !refused.has(encoding));
  for (let best = negotiate(header, offered); best; best = negotiate(header, offered)) {
    accepted.push(best);
    offered = offered.filter((encoding) => encoding !== best);
  }
  return accepted;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function readIfThere(path: string): Promise<string | null> {
  return readFile(path, 'utf8').catch(orNullWhenMissing);
}

function orNullWhenMissing(error: unknown): null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return null;
  throw error;
}
