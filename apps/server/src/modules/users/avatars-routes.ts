import { AVATAR_STYLES } from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AvatarRenderer } from './avatar-renderer.js';

const paramsSchema = z.object({ style: z.templateLiteral([z.enum(AVATAR_STYLES), '.svg']) });
const querySchema = z.object({ seed: z.string().max(64).default('') });

/** Public: the same seed always gives the same picture, so answers are cached for long. */
export function avatarsRoutes({
  avatarRenderer: service,
}: {
  avatarRenderer: AvatarRenderer;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.get(
      '/:style',
      {
        schema: {
          tags: ['profile'],
          summary: 'A generated avatar (SVG) seeded by a username',
          params: paramsSchema,
          querystring: querySchema,
        },
      },
      (request, reply) => {
        const style = request.params.style.replace(/\.svg$/, '') as (typeof AVATAR_STYLES)[number];
        void reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(service.svg(style, request.query.seed));
      },
    );
    done();
  };
}
