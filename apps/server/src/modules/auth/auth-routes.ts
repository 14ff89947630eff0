import {
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/route-schemas.js';
import { bodyField, rateLimit } from '../../platform/http/rate-limit.js';
import type { AccountLimits } from './account-limits.js';
import { authOf } from '../../platform/http/auth.js';
import type { AuthService } from './auth-service.js';
import type { SessionsService } from './sessions-service.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const errors = errorResponses(400, 401, 403, 409, 429, 503);
const logoutErrors = errorResponses(400, 401, 403, 404, 429);

export interface AuthRoutesDeps {
  auth: AuthService;
  /** The login limit is shared with the loader's account login. */
  accountLimits: AccountLimits;
  sessions: SessionsService;
}

/** Account routes: sign-up, e-mail confirmation, login, password reset and logout. */
export function authRoutes({
  auth: service,
  accountLimits,
  sessions,
}: AuthRoutesDeps): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    // Per IP against scripted abuse, per account against guessing one password from many IPs.
    const perIp = (name: string, max: number, windowMs: number) =>
      rateLimit({ name, max, windowMs });
    const perField = (name: string, field: string, max: number, windowMs: number) =>
      rateLimit({ name, max, windowMs, key: bodyField(field) });

    app.post(
      '/register',
      {
        preHandler: [perIp('register-ip', 10, HOUR), perField('register-email', 'email', 3, HOUR)],
        schema: {
          tags: ['auth'],
          summary: 'Create a client account and e-mail its confirmation link',
          body: registerBodySchema,
          response: { 201: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.register(request.body)),
    );

    app.get(
      '/verify-email',
      {
        preHandler: perIp('verify-ip', 30, 15 * MINUTE),
        schema: {
          tags: ['auth'],
          summary: 'Confirm an e-mail address with the emailed token',
          querystring: verifyEmailQuerySchema,
          response: { 200: verifyEmailResponseSchema, ...errors },
        },
      },
      (request) => service.verifyEmail(request.query.token),
    );

    app.post(
      '/resend-verification',
      {
        preHandler: [perIp('resend-ip', 10, HOUR), accountLimits.resendVerification],
        schema: {
          tags: ['auth'],
          summary: "Send the confirmation link again to the account's own address",
          body: resendVerificationBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) => service.resendVerification(request.body),
    );

    app.post(
      '/login',
      {
        preHandler: [perIp('login-ip', 30, 5 * MINUTE), accountLimits.login],
        schema: {
          tags: ['auth'],
          summary: 'Log in with username or e-mail (and a TOTP code when 2FA is on)',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      (request) =>
        service.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );

    app.post(
      '/forgot-password',
      {
        preHandler: [perIp('forgot-ip', 10, HOUR), perField('forgot-email', 'email', 3, HOUR)],
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password-reset link valid for 1 hour',
          body: forgotPasswordBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) => service.forgotPassword(request.body),
    );

    app.post(
      '/reset-password',
      {
        preHandler: perIp('reset-ip', 20, 15 * MINUTE),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token; ends every other session',
          body: resetPasswordBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      (request) => service.resetPassword(request.body),
    );

    app.post(
      '/logout',
      {
        onRequest: app.requireRole('client', 'reseller', 'admin'),
        schema: {
          tags: ['auth'],
          summary: "Log out: ends the token's session on the server (401 afterwards)",
          response: { 200: messageResponseSchema, ...logoutErrors },
        },
      },
      (request) => sessions.logout(authOf(request)),
    );

    done();
  };
}
