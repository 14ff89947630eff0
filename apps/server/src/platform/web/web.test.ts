import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../testing/raw-http.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { createHtmlFiles } from './web-pages.js';

const NOT_FOUND = { message: 'Rota não encontrada.', code: 'NOT_FOUND' };

/** The theme script the build puts in every HTML file's head. */
const THEME_SCRIPT =
  'document.documentElement.classList.toggle("dark",localStorage.theme==="dark")';
const INDEX = `<!doctype html><html lang="pt-BR"><head><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;

/** A prerendered page as the build leaves it: the origin still a placeholder. */
function prerendered(title: string, script = THEME_SCRIPT): string {
  return [
    '<!doctype html><html lang="pt-BR"><head>',
    `<title>${title}</title>`,
    `<script>${script}</script>`,
    '<link rel="canonical" href="%PUBLIC_URL%/">',
    '<meta property="og:image" content="%PUBLIC_URL%/og.png">',
    '<script type="module" src="/assets/landing-abc.js"></script>',
    // Data, not code: no hash needed, and it changes with every build.
    '<script type="application/json" id="hydration-scripts">["/assets/landing-abc.js"]</script>',
    `</head><body><main><h1>${title}</h1>${'<p>Venda chaves pelo Discord.</p>'.repeat(40)}</main></body></html>`,
  ].join('');
}

const LANDING = prerendered('Chaveiro');
/** Its inline script names the origin: hashed as served, after the placeholder is filled in. */
const TERMS_SCRIPT = 'window.site="%PUBLIC_URL%"';
const TERMS = prerendered('Termos de uso', TERMS_SCRIPT);
const STATUS = prerendered('Status dos produtos');

/** Hashed asset with the build's precompressed siblings, each with its own marker. */
const ASSET = 'console.log("landing");'.repeat(100);

function scriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function scriptSources(csp: string): string[] {
  return [...csp.matchAll(/'sha256-[^']+'/g)].map((match) => match[0]).sort();
}

async function writeWeb(dir: string, { pages }: { pages: boolean }): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, 'sounds'), { recursive: true });
  await mkdir(join(dir, '.vite'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'x-abc.js'), ASSET);
  await writeFile(join(dir, 'assets', 'x-abc.js.br'), brotliCompressSync(ASSET));
  await writeFile(join(dir, 'assets', 'x-abc.js.gz'), gzipSync(ASSET));
  await writeFile(join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'sounds', 'sale.mp3'), Buffer.from([0xff, 0xfb, 0x90, 0x44]));
  await writeFile(join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
  if (pages) {
    await mkdir(join(dir, 'pages'), { recursive: true });
    await writeFile(join(dir, 'pages', 'landing.html'), LANDING);
    await writeFile(join(dir, 'pages', 'terms.html'), TERMS);
    await writeFile(join(dir, 'pages', 'status.html'), STATUS);
    // The build may compress HTML too: never sent, the placeholder is still in them.
    await writeFile(join(dir, 'pages', 'landing.html.br'), brotliCompressSync(LANDING));
    await writeFile(join(dir, 'index.html.gz'), gzipSync(INDEX));
  }
}

function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.rawPayload).toString();
    case 'gzip':
      return gunzipSync(response.rawPayload).toString();
    default:
      return response.rawPayload.toString();
  }
}

/** `&` in the configured address shows the escaping; the trailing slash is dropped. */
const PUBLIC_URL = 'http://loja.example.com:8080/a&b/';
const ORIGIN_IN_HTML = 'http://loja.example.com:8080/a&amp;b';

describe('built web and security headers', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'chaveiro-web-'));
    await writeWeb(webDir, { pages: true });
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir, PUBLIC_URL } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each([
    ['/', LANDING],
    ['/?utm_source=discord&utm_medium=bio', LANDING],
    ['/terms', TERMS],
    ['/terms?ref=rodape', TERMS],
    ['/status', STATUS],
  ])('answers %s with its prerendered page, the public URL filled in', async (url, page) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(page.replaceAll('%PUBLIC_URL%', ORIGIN_IN_HTML));
    expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN_IN_HTML}/">`);
  });

  it.each(['/some/deep/route', '/admin/users?page=2', '/terms/extra', '/index.html'])(
    'answers the client-side route %s with index.html, revalidated on every load',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('sends /terms/ to /terms, the address its canonical link names, keeping the query', async () => {
    for (const [url, location] of [
      ['/terms/', '/terms'],
      ['/terms/?utm_source=discord', '/terms?utm_source=discord'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(location);
    }
  });

  it('answers HEAD on a page with its headers and no body', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.000, *', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [';;, ,q=;=,br;q=x', undefined],
    ['\u00e9\u00e9;q=1.5', undefined],
  ])('compresses a page for Accept-Encoding %j as %s', async (acceptEncoding, encoding) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(decoded(response)).toBe(LANDING.replaceAll('%PUBLIC_URL%', ORIGIN_IN_HTML));
  });

  it('sends compressed pages and the shell much smaller than they are', async () => {
    for (const url of ['/', '/terms']) {
      const plain = await t.app.inject({ method: 'GET', url });
      for (const encoding of ['br', 'gzip']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      }
    }
    const shell = await t.app.inject({
      method: 'GET',
      url: '/admin',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(decoded(shell)).toBe(INDEX);
  });

  it('tags each encoding of a page with its own strong ETag and answers 304 when it is held', async () => {
    const tags = new Map<string, string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': encoding },
      });
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      tags.set(encoding, etag);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const revalidated = await t.app.inject({
          method: 'GET',
          url: '/?utm_source=discord',
          headers: { 'accept-encoding': encoding, 'if-none-match': ifNoneMatch },
        });
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(revalidated.headers.etag).toBe(etag);
        expect(revalidated.headers['cache-control']).toBe('no-cache');
      }
    }
    expect(new Set(tags.values()).size).toBe(3);

    // The gzip bytes' tag does not stand for the brotli bytes.
    const other = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': tags.get('gzip') ?? '' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('never serves an HTML file of the build as is', async () => {
    for (const url of [
      '/pages/landing.html',
      '/pages/terms.html',
      '/pages/landing.html.br',
      '/index.html.gz',
      '/PAGES/LANDING.HTML',
      '/pages/',
      '/pages',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(decoded(response), url).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable, precompressed for clients that take it', async () => {
    const files = {
      br: await readFile(join(webDir, 'assets', 'x-abc.js.br')),
      gzip: await readFile(join(webDir, 'assets', 'x-abc.js.gz')),
    };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      // As for the pages: `*` takes neither coding refused with q=0.
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0, br;q=0, *', undefined],
      ['*', 'br'],
      ['', undefined],
      ['deflate, garbage;q=', undefined],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/x-abc.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(
        /^(text|application)\/javascript; charset=utf-8$/,
      );
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.equals(encoding ? files[encoding] : Buffer.from(ASSET))).toBe(
        true,
      );
    }
  });

  it('serves an asset without compressed siblings as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("app");');
  });

  it('serves other files without the immutable header', async () => {
    for (const url of ['/favicon.svg', '/sounds/sale.mp3']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never serves build metadata from dot-folders', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/%2evite/manifest.json',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(decoded(response), url).not.toContain('src/main.tsx');
    }
  });

  it.each([
    '/%2e%2e/',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/..%5c..%5cpackage.json',
    '/pages/%2e%2e/index.html',
    '/assets/%00.js',
  ])(
    'answers %s, sent as is over a socket, with no file outside the web and no 5xx',
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const response = await sendRaw(
          t.app,
          `${method} ${path} HTTP/1.1\r\nhost: localhost\r\naccept-encoding: br, gzip\r\nconnection: close\r\n\r\n`,
        );
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
        expect(response.body).not.toContain('"name"');
        expect(response.body).not.toContain('root:');
      }
    },
  );

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-old999.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('answers unknown API routes and non-GET page routes with JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'GET' as const, url: '/api' },
      { method: 'POST' as const, url: '/some/route' },
      { method: 'POST' as const, url: '/' },
      { method: 'DELETE' as const, url: '/terms' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('leaves API answers uncompressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', '/some/route', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toContain("unsafe-inline'; script");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Served over plain http here, so no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows by hash exactly the inline scripts of the built HTML, as served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/terms' });
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(response.headers['content-security-policy']),
    );
    expect(scriptSrc?.[1]).not.toContain('unsafe-inline');
    expect(scriptSources(String(scriptSrc?.[1]))).toEqual(
      [
        scriptSource(THEME_SCRIPT),
        scriptSource(TERMS_SCRIPT.replace('%PUBLIC_URL%', ORIGIN_IN_HTML)),
      ].sort(),
    );
    expect(response.body).toContain(
      `<script>${TERMS_SCRIPT.replace('%PUBLIC_URL%', ORIGIN_IN_HTML)}</script>`,
    );
  });

  it('marks every API answer no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('a web rebuilt while the server runs', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'chaveiro-web-'));
    // An older build: the shell only.
    await writeWeb(webDir, { pages: false });
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers the public pages with the shell until they are built, then with them', async () => {
    for (const url of ['/', '/terms']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
    }

    await writeWeb(webDir, { pages: true });
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<h1>Chaveiro</h1>');
    expect(landing.body).not.toContain('%PUBLIC_URL%');
    const terms = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(terms.body).toContain('<h1>Termos de uso</h1>');

    // Rebuilt again, same size: the new modification time is a new version.
    const rebuilt = LANDING.replace('<h1>Chaveiro</h1>', '<h1>Chaveir0</h1>');
    await writeFile(join(webDir, 'pages', 'landing.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    await utimes(join(webDir, 'pages', 'landing.html'), later, later);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(landing.headers.etag) },
    });
    expect(again.statusCode).toBe(200);
    expect(decoded(again)).toContain('<h1>Chaveir0</h1>');
  });

  it('allows only the inline scripts it started with: a changed script is not covered', async () => {
    const changed = 'document.documentElement.className="dark"';
    await writeFile(join(webDir, 'pages', 'terms.html'), prerendered('Termos de uso', changed));
    const response = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(response.body).toContain(`<script>${changed}</script>`);
    const csp = String(response.headers['content-security-policy']);
    expect(scriptSources(csp)).toEqual([scriptSource(THEME_SCRIPT)]);
    expect(csp).not.toContain(scriptSource(changed));
  });

  it('answers JSON 404 rather than fail while the web is being rewritten', async () => {
    await rm(join(webDir, 'index.html'));
    await rm(join(webDir, 'pages'), { recursive: true });
    for (const url of ['/', '/terms', '/admin']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('prepared HTML files', () => {
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'chaveiro-web-'));
    await writeWeb(webDir, { pages: true });
  });
  afterAll(() => rm(webDir, { recursive: true, force: true }));

  it('fills in and compresses a file once per version, however many requests ask for it', async () => {
    const files = createHtmlFiles({ distDir: webDir, publicUrl: 'https://chaveiro.example.com' });
    const [first, ...concurrent] = await Promise.all(
      Array.from({ length: 5 }, () => files.load('pages/landing.html')),
    );
    for (const other of concurrent) expect(other).toBe(first);
    expect(await files.load('pages/landing.html')).toBe(first);
    expect(brotliDecompressSync(first?.br.body ?? Buffer.alloc(0)).toString()).toBe(
      LANDING.replaceAll('%PUBLIC_URL%', 'https://chaveiro.example.com'),
    );

    await writeFile(join(webDir, 'pages', 'landing.html'), `${LANDING}\n`);
    const rebuilt = await files.load('pages/landing.html');
    expect(rebuilt).not.toBe(first);
    expect(rebuilt?.identity.body.toString()).toMatch(/\n$/);
  });

  it('loads nothing for a file the build does not have', async () => {
    const files = createHtmlFiles({ distDir: webDir, publicUrl: 'https://chaveiro.example.com' });
    expect(await files.load('pages/pricing.html')).toBeNull();
    expect(await files.load('pages')).toBeNull();
    expect(await files.load('favicon.svg/x.html')).toBeNull();
  });
});

describe('without a built web', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://chaveiro.example.com' } });
  });
  afterAll(() => t.close());

  it('answers page routes with JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/some/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('sends HSTS and upgrades insecure requests when the public URL is https', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://painel.exemplo.com/' } });
  });
  afterAll(() => t.close());

  it('lets crawlers in the public pages and keeps them out of the signed-in areas and the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /reseller',
      'Disallow: /api',
      '',
      'Sitemap: https://painel.exemplo.com/sitemap.xml',
      '',
    ]);
  });

  it('lists the public pages by their absolute address under PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://painel.exemplo.com/',
      'https://painel.exemplo.com/terms',
      'https://painel.exemplo.com/status',
    ]);
    expect(response.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('answers HEAD, as crawlers probe', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});
