import {
  LIMITS,
  changePasswordBodySchema,
  profileSchema,
  profileUpdateResponseSchema,
  recoveryCodesBodySchema,
  recoveryCodesResponseSchema,
  selectAvatarBodySchema,
  twoFactorSetupResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorVerifyBodySchema,
  updateProfileBodySchema,
  messages,
} from '@chaveiro/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/http/auth.js';
import type { Uploads } from '../../platform/http/multipart.js';
import { rateLimit } from '../../platform/http/rate-limit.js';
import { errorResponses } from '../../platform/http/route-schemas.js';
import type { ProfileService } from './profile-service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The signed-in user's own profile (spec §7 Client). Every role may manage its own account. */
export function profileRoutes({
  profile: service,
  uploads,
}: {
  profile: ProfileService;
  uploads: Uploads;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const signedIn = app.requireRole('client', 'reseller', 'admin');
    // Codes and passwords are guessable in bulk only without a limit.
    const secretsLimit = [
      rateLimit({
        name: 'profile-secrets',
        max: 10,
        windowMs: 15 * 60_000,
        key: (request) => authOf(request).userId,
      }),
    ];
    app.get(
      '',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Own profile',
          response: { 200: profileSchema, ...errors },
        },
      },
      (request) => service.get(authOf(request).userId),
    );

    app.patch(
      '',
      {
        onRequest: signedIn,
        // An e-mail change checks the password (and the second factor).
        preHandler: secretsLimit,
        schema: {
          tags: ['profile'],
          summary:
            'Change username, or ask to change e-mail (current password and, with 2FA, a code; confirmed by link)',
          body: updateProfileBodySchema,
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      (request) => {
        const { userId, sessionId } = authOf(request);
        return service.update(userId, request.body, sessionId);
      },
    );

    app.patch(
      '/password',
      {
        onRequest: signedIn,
        preHandler: secretsLimit,
        schema: {
          tags: ['profile'],
          summary:
            'Change password (current password and, with 2FA, a code); other sessions end, a fresh token is returned',
          body: changePasswordBodySchema,
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      (request) => {
        const { userId, sessionId } = authOf(request);
        return service.changePassword(userId, request.body, sessionId);
      },
    );

    app.patch(
      '/avatar/select',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Choose one of the offered avatar presets',
          body: selectAvatarBodySchema,
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      (request) => service.selectAvatar(authOf(request).userId, request.body.avatarUrl),
    );

    app.post(
      '/avatar/upload',
      {
        // At onRequest: no upload is read for a caller without a session.
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Upload a PNG or JPEG avatar (multipart field avatar, ≤ 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: profileSchema, ...errors, ...errorResponses(413, 422, 503) },
        },
      },
      (request) =>
        uploads.receive(
          request,
          {
            fields: [],
            file: 'avatar',
            maxFileBytes: LIMITS.avatarMaxBytes,
            tooLargeMessage: messages.admin.avatarTooLarge,
          },
          (form) => service.uploadAvatar(authOf(request).userId, form.file),
        ),
    );

    app.post(
      '/2fa/generate',
      {
        onRequest: signedIn,
        schema: {
          tags: ['profile'],
          summary: 'Start two-factor setup: a pending secret and its QR code',
          response: { 200: twoFactorSetupResponseSchema, ...errors },
        },
      },
      (request) => service.generateTwoFactor(authOf(request).userId),
    );

    app.post(
      '/2fa/verify',
      {
        onRequest: signedIn,
        preHandler: secretsLimit,
        schema: {
          tags: ['profile'],
          summary:
            'Confirm the pending secret with a code and the password; turns two-factor on and answers the 10 recovery codes',
          body: twoFactorVerifyBodySchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      (request) => service.verifyTwoFactor(authOf(request).userId, request.body),
    );

    app.post(
      '/2fa/recovery-codes',
      {
        onRequest: signedIn,
        preHandler: secretsLimit,
        schema: {
          tags: ['profile'],
          summary:
            'Replace the recovery codes with 10 new ones (password and a current code); the old ones stop working',
          body: recoveryCodesBodySchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      (request) => service.regenerateRecoveryCodes(authOf(request).userId, request.body),
    );

    app.post(
      '/2fa/disable',
      {
        onRequest: signedIn,
        preHandler: secretsLimit,
        schema: {
          tags: ['profile'],
          summary: 'Turn two-factor off with the password and a code (or a recovery code)',
          body: twoFactorDisableBodySchema,
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      (request) => service.disableTwoFactor(authOf(request).userId, request.body),
    );

    done();
  };
}
