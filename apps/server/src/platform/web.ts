import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from './error-handler.js';

export interface WebPluginOptions {
  /** The built web (Vite's dist): index.html plus hashed files under assets/. */
  distDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page web beside the API and answers every unknown route: JSON 404
 * under /api (and when no web is built), index.html for the web's own client-side routes.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app, { distDir }) => {
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
      const path = request.url.split('?', 1)[0] ?? '/';
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      // A missing asset stays a 404: index.html in its place would fail with a MIME error.
      if (hasWeb && isPageRequest && !isApiPath(path) && !path.startsWith('/assets/')) {
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

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
