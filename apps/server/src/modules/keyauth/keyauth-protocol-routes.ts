import { messages } from '@chaveiro/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context.js';
import { logRefusal } from '../../platform/http/error-handler.js';
import { queryIsCredentials } from '../../platform/http/request-log.js';
import { rateLimit } from '../../platform/http/rate-limit.js';
import type { Signer } from '../../platform/crypto/signing.js';
import type { AccountLimits } from '../auth/index.js';
import type { KeyAuthAnswer, KeyAuthVersion } from './keyauth-protocol-answers.js';
import {
  KeyAuthRefusal,
  asciiJson,
  ed25519Headers,
  failureOf,
  hmacSignature,
  refusal,
} from './keyauth-protocol-answers.js';
import type { KeyAuthFields } from './keyauth-protocol-form.js';
import { parseKeyAuthForm } from './keyauth-protocol-form.js';
import type { KeyAuthProtocolService } from './keyauth-protocol-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A KeyAuth call's fields: the form body, then the query's for fields the body lacks. */
    keyauthFields: KeyAuthFields | null;
  }
  interface FastifyContextConfig {
    /** The KeyAuth API version a route speaks. */
    keyauthVersion?: KeyAuthVersion;
  }
}

const MINUTE = 60_000;
/** A form body larger than this is refused (the SDKs send well under 4 KB). */
const BODY_LIMIT = 64 * 1024;
/** Types that check a credential: our loader's auth limits apply to them. */
const AUTH_TYPES = new Set(['license', 'login', 'register', 'upgrade']);

/** 1.3's `code`: what the C++ SDK requires of a success, and a refusal's. */
const SUCCESS_CODE = 68;
const REFUSAL_CODE = 0;

const tags = ['keyauth'];
const answerSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    ownerid: z.string().optional().describe('1.3: the ownerid sent, on every answer'),
    code: z.number().int().optional().describe('1.3: 68 on every success, 0 on every refusal'),
  })
  .catchall(z.unknown())
  .describe(
    'KeyAuth JSON (docs/keyauth-compat.md), ASCII only; `KeyAuth_Invalid` as plain text for an unknown app',
  );
const fieldsSchema = z
  .record(z.string(), z.string())
  .describe(
    'application/x-www-form-urlencoded: type, name, ownerid (10 characters), sessionid and the fields of each type',
  );
const querySchema = z.record(z.string(), z.unknown()).describe('1.2 GET: the same fields');

export interface KeyAuthProtocolRoutesDeps extends Pick<AppContext, 'clock'> {
  /** The loader's one Ed25519 signer: 1.3 answers are signed with it. */
  signer: Signer;
  keyauth: KeyAuthProtocolService;
  /** Its login limit is shared with the site's and our loader's login. */
  accountLimits: AccountLimits;
}

/**
 * KeyAuth's loader API (docs/keyauth-compat.md): `POST /api/1.3/` and `POST|GET /api/1.2/`,
 * every answer HTTP 200 JSON, 1.3 signed with Ed25519 over the timestamp and body, 1.2 with an
 * HMAC of the body.
 */
export function keyauthProtocolRoutes({
  signer,
  keyauth,
  accountLimits,
}: KeyAuthProtocolRoutesDeps): FastifyPluginCallbackZod {
  const typeOf = (request: FastifyRequest) => request.keyauthFields?.get('type') ?? '';
  const fieldOf = (request: FastifyRequest, name: string) => request.keyauthFields?.get(name);
  const whenType =
    (types: ReadonlySet<string>, keyOf: (request: FastifyRequest) => string | undefined) =>
    (request: FastifyRequest) =>
      types.has(typeOf(request)) ? (keyOf(request)?.trim().toLowerCase() ?? null) : null;

  const limits = [
    // Every call: a flood guard per IP (KeyAuth allows 200 a minute per app).
    rateLimit({ name: 'keyauth-ip', max: 300, windowMs: MINUTE }),
    // init opens a session row: as often as our loader's auth.
    rateLimit({
      name: 'keyauth-init-ip',
      max: 60,
      windowMs: 5 * MINUTE,
      key: whenType(new Set(['init']), (request) => request.ip),
    }),
    // Logins: our loader's auth limits, per IP and per HWID.
    rateLimit({
      name: 'keyauth-auth-ip',
      max: 60,
      windowMs: 5 * MINUTE,
      key: whenType(AUTH_TYPES, (request) => request.ip),
    }),
    rateLimit({
      name: 'keyauth-auth-hwid',
      max: 20,
      windowMs: 5 * MINUTE,
      key: whenType(AUTH_TYPES, (request) => fieldOf(request, 'hwid')),
    }),
    // Password guesses: the one per-account window of the site's and the loader's logins.
    (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const username = fieldOf(request, 'username');
      if (typeOf(request) !== 'login' || username === undefined) return done();
      const asLogin: FastifyRequest = Object.create(request, {
        body: { value: { identifier: username } },
      }) as FastifyRequest;
      accountLimits.login(asLogin, reply, done);
    },
    // Per session, as our heartbeat and download are per machine.
    rateLimit({
      name: 'keyauth-check',
      max: 20,
      windowMs: MINUTE,
      key: whenType(new Set(['check']), (request) => fieldOf(request, 'sessionid')),
    }),
    // A loader may read many variables as it starts.
    rateLimit({
      name: 'keyauth-var',
      max: 60,
      windowMs: MINUTE,
      key: whenType(new Set(['var']), (request) => fieldOf(request, 'sessionid')),
    }),
    rateLimit({
      name: 'keyauth-file',
      max: 10,
      windowMs: 10 * MINUTE,
      key: whenType(new Set(['file']), (request) => fieldOf(request, 'sessionid')),
    }),
    rateLimit({
      name: 'keyauth-log',
      max: 30,
      windowMs: MINUTE,
      key: whenType(new Set(['log']), (request) => fieldOf(request, 'sessionid')),
    }),
  ];

  /** Sends `answer` as the version words and signs it (1.2 only when a key is known). */
  async function send(
    reply: FastifyReply,
    version: KeyAuthVersion,
    answer: KeyAuthAnswer,
    ownerId: string,
    hmacKey: string | null,
  ): Promise<FastifyReply> {
    void reply.status(200).type('application/json; charset=utf-8');
    if (version === '1.2') {
      const body = asciiJson(answer);
      if (hmacKey !== null) void reply.header('signature', hmacSignature(hmacKey, body));
      return reply.send(body);
    }
    // 1.3: the C++ SDK exits unless every answer names its ownerid and a success carries 68;
    // it converts `code` to an int on every answer, refusals included (a missing one throws).
    const code = answer.success ? SUCCESS_CODE : REFUSAL_CODE;
    const body = asciiJson({ ...answer, code, ownerid: ownerId });
    void reply.headers(await ed25519Headers((text) => signer.signAnswer(text), body, Date.now()));
    return reply.send(body);
  }

  return (app, _options, done) => {
    // A 1.2 GET carries the whole call in its query: passwords, keys, session ids.
    app.addHook('onRoute', queryIsCredentials);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, parsed) => {
        try {
          parsed(null, Object.fromEntries(parseKeyAuthForm(body as Buffer)));
        } catch (error) {
          parsed(error as Error);
        }
      },
    );
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    app.decorateRequest('keyauthFields', null);
    // The fields the SDKs send: the body's, and the query's where the body has none (PHP's
    // `$_POST[x] ?? $_GET[x]`; the C++ SDK's check adds `?check_paid=1`).
    app.addHook('preValidation', (request, _reply, next) => {
      try {
        const query = request.url.indexOf('?');
        const fields = new Map(
          query < 0 ? [] : parseKeyAuthForm(request.url.slice(query + 1)).entries(),
        );
        const body = request.body;
        if (body !== undefined && body !== null) {
          for (const [name, value] of Object.entries(body as Record<string, string>)) {
            fields.set(name, value);
          }
        }
        request.keyauthFields = fields;
        next();
      } catch (error) {
        next(error as Error);
      }
    });
    app.setErrorHandler(async (error, request, reply) => {
      const version = request.routeOptions.config.keyauthVersion ?? '1.3';
      let answer = failureOf(error);
      if ((error as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        answer = { success: false, message: messages.keyauthProtocol.formRequired };
      }
      if (answer === undefined) {
        request.log.error({ err: error }, 'keyauth request failed');
        answer = refusal('INTERNAL_ERROR');
      } else if (!(error instanceof KeyAuthRefusal)) {
        logRefusal(request.log, (error as { statusCode?: number }).statusCode ?? 400, 'KEYAUTH');
      }
      const ownerId =
        fieldOf(request, 'ownerid') ??
        (error instanceof KeyAuthRefusal ? error.ownerId : undefined) ??
        '';
      return send(reply, version, answer, ownerId, null);
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const version = request.routeOptions.config.keyauthVersion ?? '1.3';
      const outcome = await keyauth.handle({
        fields: request.keyauthFields ?? new Map(),
        ip: request.ip,
      });
      if (outcome.kind === 'invalid-app') {
        // KeyAuth's plain answer for an unknown app: the SDKs compare the body with it.
        return reply.status(200).type('text/plain; charset=utf-8').send('KeyAuth_Invalid');
      }
      return send(
        reply,
        version,
        outcome.answer,
        fieldOf(request, 'ownerid') ?? '',
        outcome.hmacKey,
      );
    };

    const routes: { version: KeyAuthVersion; method: 'GET' | 'POST' }[] = [
      { version: '1.3', method: 'POST' },
      { version: '1.2', method: 'POST' },
      { version: '1.2', method: 'GET' },
    ];
    for (const { version, method } of routes) {
      for (const url of [`/api/${version}/`, `/api/${version}`]) {
        app.route({
          method,
          url,
          config: { keyauthVersion: version },
          preHandler: limits,
          schema: {
            tags,
            summary: `KeyAuth ${version} loader API (${version === '1.3' ? 'Ed25519' : 'HMAC'} signed)`,
            ...(method === 'POST' && { body: fieldsSchema.optional() }),
            querystring: querySchema,
            response: { 200: answerSchema },
          },
          handler,
        });
      }
    }
    done();
  };
}
