import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { robotsTxt, sitemapXml } from './crawl-files.js';
import { sendRouteNotFound } from './error-handler.js';

export interface WebPluginOptions {
  /** The built web (Vite's dist): index.html plus hashed files under assets/. */
  distDir: string;
  /** The site's public address, for the sitemap's absolute URLs. */
  publicUrl: string;
}

/** Crawlers re-read these now and then; an hour keeps a PUBLIC_URL change visible soon. */
const CRAWL_FILES_CACHE = 'public, max-age=3600';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page web beside the API and answers every unknown route outside it
 * (the API scope answers its own): index.html for the web's own client-side routes, JSON 404
 * otherwise and when no web is built.
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

    const hasWeb = existsSync(join(distDir, 'index.html'));
    if (hasWeb) {
      const assetsDir = join(distDir, 'assets') + sep;
      await app.register(fastifyStatic, {
        root: distDir,
        // Vite puts a content hash in every asset name, so they can be cached forever; the
        // index.html that names them must be revalidated on every load.
        cacheControl: false,
        // Build metadata such as .vite/manifest.json (source paths) stays private.
        allowedPath: (pathName: string) =>
          !pathName.split('/').some((part) => part.startsWith('.')),
        setHeaders: (reply: FastifyReply, path: string) => {
          void reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // A missing asset stays a 404: index.html in its place would fail with a MIME error.
      if (hasWeb && isPageRequest && !routedPath(request).startsWith('assets/')) {
        // Read on each page load (a few hundred bytes) so a rebuilt web needs no restart.
        const html = await readFile(join(distDir, 'index.html'));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(html);
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
