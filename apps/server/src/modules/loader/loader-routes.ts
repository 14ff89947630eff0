import type { LoaderRefusal } from '@chaveiro/contract';
import {
  LOADER,
  loaderAuthBodySchema,
  loaderAuthSuccessSchema,
  loaderDownloadQuerySchema,
  loaderEnvelopeSchema,
  loaderHeartbeatBodySchema,
  loaderHeartbeatSuccessSchema,
  loaderPublicKeySchema,
  loaderRefusalSchema,
  loaderSecurityEventBodySchema,
  loaderSecurityEventSuccessSchema,
  loaderUpdateQuerySchema,
  messages,
} from '@chaveiro/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { AppContext } from '../../platform/core/context.js';
import type { EarlyRefuser, EarlyRefusals } from '../../platform/http/early-refusals.js';
import { logRefusal } from '../../platform/http/error-handler.js';
import type { LimitVerdict } from '../../platform/http/rate-limit.js';
import { bodyField, rateLimit, refusalLimit } from '../../platform/http/rate-limit.js';
import type { Signer } from '../../platform/crypto/signing.js';
import { answerUnknownPaths } from '../../platform/http/unknown-paths.js';
import type { AccountLimits } from '../auth/index.js';
import type { AnsweredRequest } from './loader-answers.js';
import { LoaderRefusalError, envelope, nonceOf, refusalOf } from './loader-answers.js';
import type { LoaderSession, LoaderSessions } from './loader-sessions.js';
import type { LoaderService } from './loader-service.js';
import type { LoaderUpdate } from './loader-update.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified loader session a heartbeat or download carries (null when none is valid). */
    loaderSession: LoaderSession | null;
  }
  interface FastifyContextConfig {
    /** The route's refusals count toward the per-IP limit on refused loader calls. */
    limitRefusals?: boolean;
  }
}

const MINUTE = 60_000;
/**
 * Up to a million nonces (some tens of MB): the full 10 minutes at ~800 requests a second; a
 * heavier flood forgets its oldest nonces sooner (platform/state/recent-set.ts). In Redis (REDIS_URL)
 * each nonce is a key that expires with its window, claimed by whichever node sees it first.
 */
const NONCE_CAPACITY = 1_000_000;

const tags = ['loader'];
const refusalEnvelope = loaderEnvelopeSchema(loaderRefusalSchema);
const refusals = Object.fromEntries(
  [400, 401, 403, 404, 409, 429, 500, 503].map((status) => [status, refusalEnvelope]),
) as Record<400 | 401 | 403 | 404 | 409 | 429 | 500 | 503, typeof refusalEnvelope>;

export interface LoaderRoutesDeps extends Pick<AppContext, 'clock' | 'sharedState'> {
  /** Signs every answer but the public key's; app.ts owns it (KeyAuth's answers share it). */
  signer: Signer;
  loader: LoaderService;
  /** The self-update a LOADER_OUTDATED refusal offers. */
  update: Pick<LoaderUpdate, 'serve'>;
  sessions: LoaderSessions;
  /** Its login limit is shared with the site's login. */
  accountLimits: AccountLimits;
  earlyRefusals: EarlyRefusals;
}

/**
 * The loader API (docs/loader-protocol.md) under /api/loader. The public key is plain JSON;
 * every other answer, refusals included, is an envelope signed with Ed25519 in X-Signature.
 */
export function loaderRoutes({
  signer,
  clock,
  sharedState,
  loader: service,
  update,
  sessions,
  accountLimits,
  earlyRefusals,
}: LoaderRoutesDeps): FastifyPluginCallbackZod {
  const nonces = sharedState.claimSet('loader-nonce', {
    ttlMs: LOADER.nonceTtlMs,
    maxEntries: NONCE_CAPACITY,
  });
  const answer = <T>(request: AnsweredRequest, data: T) =>
    envelope(request, data, clock.now(), signer.current.keyId);
  /** A request refused before routing: the same signed refusal, without a nonce (no body). */
  const earlyRefusal: EarlyRefuser = (request, error) => {
    const refusal = refusalOf(error);
    const body = JSON.stringify(answer(request, refusal.data));
    const headers = { 'x-signature': signer.sign(body) };
    return { statusCode: refusal.statusCode, code: refusal.data.code, headers, body };
  };

  const signedRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
    // The envelope is built by hand; schemas below only document it. Serialising with plain
    // JSON.stringify keeps the heartbeat lean, and onSend signs exactly the bytes sent (on a
    // worker thread when the event loop is busy, so it serves other requests meanwhile).
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (typeof payload !== 'string') return done(null, payload);
      const signature = signer.signAnswer(payload);
      // A callback hook: an answer signed here goes out without a promise's round trip.
      if (typeof signature === 'string') {
        void reply.header('x-signature', signature);
        return done(null, payload);
      }
      signature.then(
        (signed) => {
          void reply.header('x-signature', signed);
          done(null, payload);
        },
        (error: unknown) => done(error as Error),
      );
    });
    /**
     * Refused heartbeats and downloads (malformed, bad or expired session, a lapsed licence...)
     * are limited per IP, both calls together: each refusal still costs a signature and some
     * work. Only refusals are counted, in the error handler, so valid sessions are never counted
     * or slowed (nor refused when they share an IP with a flood).
     */
    const refusalsPerIp = refusalLimit({ name: 'loader-refusals-ip', max: 60, windowMs: MINUTE });
    app.setErrorHandler((error, request, reply) => {
      const refusal = refusalOf(error);
      const send = (limited: Error | undefined) => {
        const sent = limited ? refusalOf(limited) : refusal;
        if (sent.data.code === 'INTERNAL_ERROR') {
          request.log.error({ err: error }, 'loader request failed');
        } else {
          logRefusal(request.log, sent.statusCode, sent.data.code);
        }
        return reply.status(sent.statusCode).send(answer(request, sent.data));
      };
      if (refusal.statusCode >= 500 || !request.routeOptions.config.limitRefusals) {
        return send(undefined);
      }
      const limited = refusalsPerIp.refused(request, reply);
      // Counted in Redis: answered once the count is known.
      return limited instanceof Promise ? limited.then(send) : send(limited);
    });
    // Every unknown path under /api/loader gets the same signed refusal, GET included.
    answerUnknownPaths(app, (request, reply) => {
      const data: LoaderRefusal = {
        ok: false,
        code: 'INVALID_REQUEST',
        message: messages.errors.routeNotFound,
      };
      return reply.status(404).send(answer(request, data));
    });
    app.decorateRequest('loaderSession', null);

    const nonceVerdict = (claimed: boolean) =>
      claimed ? undefined : new LoaderRefusalError('NONCE_REUSED');
    /** A nonce seen before, by any node (or by this one while Redis is unreachable), is refused. */
    const claimNonce = (
      request: FastifyRequest,
      _reply: FastifyReply,
      next: (error?: Error) => void,
    ) => {
      const nonce = nonceOf(request);
      if (nonce === null) return next();
      const claimed = nonces.claim(nonce);
      if (typeof claimed === 'boolean') return next(nonceVerdict(claimed));
      claimed.then(
        (shared) => next(nonceVerdict(shared)),
        (error: unknown) => next(error as Error),
      );
    };
    /** Passes a verdict on, waiting for it when it comes from Redis. */
    const passVerdict = (verdict: LimitVerdict, next: (error?: Error) => void) => {
      if (verdict instanceof Promise) verdict.then(next, next);
      else next(verdict);
    };
    const verifySession =
      (tokenOf: (request: FastifyRequest) => string | undefined) =>
      (request: FastifyRequest, reply: FastifyReply, next: (error?: Error) => void) => {
        const token = tokenOf(request);
        request.loaderSession = token ? sessions.verify(token) : null;
        // A call bound to be refused, from an IP past its refusals: 429 before any more work.
        if (request.loaderSession) return next();
        passVerdict(refusalsPerIp.exceeded(request, reply), next);
      };
    /** A limit per machine, for calls carrying a valid session (others are refused anyway). */
    const perMachine = (name: string, max: number, windowMs: number) =>
      rateLimit({
        name,
        max,
        windowMs,
        key: (request) => request.loaderSession?.machineId ?? null,
      });

    app.post(
      '/auth',
      {
        preHandler: [
          // Per IP against scripted abuse, per HWID and per account against guessing.
          rateLimit({ name: 'loader-auth-ip', max: 60, windowMs: 5 * MINUTE }),
          rateLimit({
            name: 'loader-auth-hwid',
            max: 20,
            windowMs: 5 * MINUTE,
            key: bodyField('hwid'),
          }),
          // Per account, when the call names one: the site login's windows.
          accountLimits.login,
          claimNonce,
        ],
        schema: {
          tags,
          summary: 'Authenticate a machine with a licence key and/or an account; opens a session',
          body: loaderAuthBodySchema,
          response: { 200: loaderEnvelopeSchema(loaderAuthSuccessSchema), ...refusals },
        },
      },
      async (request) => answer(request, await service.auth(request.body, request.ip)),
    );

    app.post(
      '/heartbeat',
      {
        // Every running loader sends one each 30 s: two access-log lines per heartbeat would be
        // most of the log and a good part of its cost. Warnings and errors are still logged.
        logLevel: 'warn',
        config: { limitRefusals: true },
        preHandler: [
          verifySession((request) => (request.body as { session: string }).session),
          // Per machine only: many machines may share one IP (NAT), and one sends every 30 s.
          perMachine('loader-heartbeat', 20, MINUTE),
          claimNonce,
        ],
        schema: {
          tags,
          summary: 'Keep a loader session alive: re-checks the licence and renews the session',
          body: loaderHeartbeatBodySchema,
          response: { 200: loaderEnvelopeSchema(loaderHeartbeatSuccessSchema), ...refusals },
        },
      },
      async (request) =>
        answer(request, await service.heartbeat(request.loaderSession, request.ip)),
    );

    app.post(
      '/security-event',
      {
        config: { limitRefusals: true },
        preHandler: [
          verifySession((request) => (request.body as { session: string }).session),
          // A script on one machine cannot flood the queue: past this, nothing is stored.
          perMachine('loader-security-event', 6, 10 * MINUTE),
          claimNonce,
        ],
        schema: {
          tags,
          summary:
            "Report a security signal the loader saw in its process; the product's rule for it acts",
          body: loaderSecurityEventBodySchema,
          response: { 200: loaderEnvelopeSchema(loaderSecurityEventSuccessSchema), ...refusals },
        },
      },
      async (request) =>
        answer(
          request,
          await service.securityEvent(request.loaderSession, request.body, request.ip),
        ),
    );

    app.get(
      '/update',
      {
        config: { limitRefusals: true },
        preHandler: [
          rateLimit({ name: 'loader-update-ip', max: 10, windowMs: 10 * MINUTE }),
          claimNonce,
        ],
        schema: {
          tags,
          summary:
            "Download the product's current loader with the update token of a LOADER_OUTDATED refusal",
          querystring: loaderUpdateQuerySchema,
          response: {
            200: z.unknown().describe('The loader bytes (application/octet-stream)'),
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const file = await update.serve(request.query.token);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(file.name))
          .header('x-file-sha256', file.sha256)
          .header('x-file-size', String(file.size))
          .header('x-loader-version', file.version)
          .send(file.bytes);
      },
    );

    app.get(
      '/download',
      {
        config: { limitRefusals: true },
        preHandler: [
          verifySession(
            (request) => (request.query as { session?: string }).session ?? bearerOf(request),
          ),
          perMachine('loader-download', 10, 10 * MINUTE),
          claimNonce,
        ],
        schema: {
          tags,
          summary:
            "Download this session's marked copy of the product's file (?session= or bearer): sealed to the session key (CHVSEAL1) when the auth sent one",
          querystring: loaderDownloadQuerySchema,
          response: {
            200: z
              .unknown()
              .describe(
                'The marked copy: application/vnd.chaveiro.sealed (CHVSEAL1) or application/octet-stream',
              ),
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const file = await service.download(request.loaderSession, request.ip);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.contentLength))
          .header('content-disposition', contentDisposition(file.name))
          .header('x-file-sha256', file.sha256)
          .header('x-file-size', String(file.size))
          .header('x-delivery', file.deliveryId)
          .send(file.body);
      },
    );

    done();
  };

  return (app, _options, done) => {
    app.get(
      '/public-key',
      {
        schema: {
          tags,
          summary: 'The Ed25519 public key of loader answers, and retired keys still valid',
          response: { 200: loaderPublicKeySchema },
        },
      },
      (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return {
          ...signer.current,
          previous: signer.previous(clock.now()).map((key) => ({
            keyId: key.keyId,
            publicKey: key.publicKey,
            retiredAt: new Date(key.retiredAt).toISOString(),
            validUntil: new Date(key.validUntil).toISOString(),
          })),
        };
      },
    );
    void app.register(signedRoutes);
    // Requests refused before routing (by the HTTP parser, or a path that does not decode) are
    // signed like every loader answer, but for the public key's.
    earlyRefusals.add(app.prefix, earlyRefusal, [`${app.prefix}/public-key`]);
    done();
  };
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
}
