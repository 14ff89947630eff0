import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { robotsTxt, sitemapXml } from './crawl-files.js';
import { sendRouteNotFound } from '../http/error-handler.js';
import {
  acceptedEncodings,
  createHtmlFiles,
  PRERENDERED_PAGES,
  sendHtml,
  SPA_SHELL,
} from './web-pages.js';

export interface WebPluginOptions {
  /**
   * The built web (Vite's dist): index.html, the prerendered pages/*.html, hashed files under
   * assets/ and their precompressed .br/.gz siblings.
   */
  distDir: string;
  /** The site's public address, for the sitemap's and the pages' absolute URLs. */
  publicUrl: string;
}

/** Crawlers re-read these now and then; an hour keeps a PUBLIC_URL change visible soon. */
const CRAWL_FILES_CACHE = 'public, max-age=3600';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** HTML goes out only through the page routes, which fill in PUBLIC_URL and compress it. */
const HTML_FILE = /\.html(\.br|\.gz)?$/i;

/**
 * Serves the built web beside the API and answers every unknown route outside it (the API
 * scope answers its own): the prerendered page of a public path, index.html for the web's
 * other client-side routes, JSON 404 otherwise and when no web is built.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app, { distDir, publicUrl }) => {
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CRAWL_FILES_CACHE)
        .send(robotsTxt(publicUrl)),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWL_FILES_CACHE)
        .send(sitemapXml(publicUrl)),
    );

    const hasWeb = existsSync(join(distDir, SPA_SHELL));
    if (!hasWeb) {
      app.setNotFoundHandler((_request, reply) => sendRouteNotFound(reply));
      return;
    }

    const htmlFiles = createHtmlFiles({ distDir, publicUrl });
    /** The file if this build has it, else the shell (an older build without prerendered pages). */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
      const html = (await htmlFiles.load(file)) ?? (await htmlFiles.load(SPA_SHELL));
      // Between a rebuild's cleaning and writing the web there is none.
      return html ? sendHtml(request, reply, html) : sendRouteNotFound(reply);
    };

    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      app.get(path, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, file));
    }
    // One address per public page, the one its canonical link names: the router tells `/terms/`
    // from `/terms` (no ignoreTrailingSlash), so the slash form is sent there.
    for (const path of Object.keys(PRERENDERED_PAGES).filter((path) => path !== '/')) {
      app.get(`${path}/`, { schema: { hide: true } }, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query === -1 ? path : path + request.url.slice(query), 301);
      });
    }

    const assetsDir = join(distDir, 'assets') + sep;
    await app.register(async (files) => {
      // The static files' codings are chosen as the pages' are: @fastify/static's own
      // negotiation would send a coding refused with `q=0` when `*` takes the rest.
      files.addHook('onRequest', (request, _reply, done) => {
        const accepted = acceptedEncodings(request.headers['accept-encoding']);
        request.headers['accept-encoding'] = accepted.length > 0 ? accepted.join(', ') : 'identity';
        done();
      });
      await files.register(fastifyStatic, {
        root: distDir,
        // `/` and every HTML file are the page routes' (above and the not-found handler).
        index: false,
        // Vite puts a content hash in every asset name, so they can be cached forever; the
        // files without one must be revalidated on every load.
        cacheControl: false,
        // The build writes .br and .gz beside each text file: sent as is to a client that takes
        // them, so no request compresses anything.
        preCompressed: true,
        // Build metadata such as .vite/manifest.json (source paths) stays private.
        allowedPath: (pathName: string) =>
          !HTML_FILE.test(pathName) && !pathName.split('/').some((part) => part.startsWith('.')),
        setHeaders: (reply: FastifyReply, path: string) => {
          void reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      });
    });

    app.setNotFoundHandler(async (request, reply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // A missing asset stays a 404: index.html in its place would fail with a MIME error.
      if (isPageRequest && !routedPath(request).startsWith('assets/')) {
        return sendPage(request, reply, SPA_SHELL);
      }
      return sendRouteNotFound(reply);
    });
  },
  { name: 'web' },
);

/**
 * The path as the router decoded it (the catch-all's `*`, without the leading slash), so
 * `/%61ssets/…` is an asset path here as it is for the file route.
 */
function routedPath(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}
