import {
  LIMITS,
  deleteProductQuerySchema,
  idParamSchema,
  messageResponseSchema,
  messages,
  productBodySchema,
  productOperationalBodySchema,
  productOperationalResponseSchema,
  productStatusHistorySchema,
  productSavedResponseSchema,
  productStatusBodySchema,
  productsResponseSchema,
  uploadDllResponseSchema,
  uploadLoaderResponseSchema,
  loaderFileMessages,
  loaderReleasesResponseSchema,
  productProtectionResponseSchema,
  updateProductProtectionSchema,
} from '@chaveiro/contract';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { Uploads } from '../../platform/http/multipart.js';
import { adminErrors, errorResponses, guardedRoute } from '../../platform/http/route-schemas.js';
import { actorOf } from '../../platform/http/auth.js';
import type { ProductOperationalStatusService } from './product-operational-status.js';
import type { ProductProtectionService } from './product-protection-service.js';
import type { ProductsService } from './products-service.js';

const withNotFound = { ...adminErrors, ...errorResponses(404) };

/** The admin product catalogue: CRUD, status and the product's DLL (spec §2, §7). */
export function productsRoutes({
  products: service,
  productStatus,
  protection,
  uploads,
}: {
  products: ProductsService;
  productStatus: ProductOperationalStatusService;
  protection: ProductProtectionService;
  uploads: Uploads;
}): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    const admin = app.requireRole('admin');
    const tags = ['products'];

    app.get(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Every product with its plans (prices in reais) and DLL',
        response: { 200: productsResponseSchema, ...adminErrors },
      }),
      () => service.list(),
    );

    app.post(
      '/',
      guardedRoute(admin, tags, {
        summary: 'Create a product with its plans',
        body: productBodySchema,
        response: { 201: productSavedResponseSchema, ...adminErrors },
      }),
      async (request, reply) =>
        reply.code(201).send(await service.create(request.body, actorOf(request))),
    );

    app.put(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Edit a product; the plans sent replace the previous set',
        params: idParamSchema,
        body: productBodySchema,
        response: { 200: productSavedResponseSchema, ...withNotFound },
      }),
      (request) => service.update(request.params.id, request.body, actorOf(request)),
    );

    app.patch(
      '/:id/status',
      guardedRoute(admin, tags, {
        summary: 'Switch a product off (disabled) or on (active)',
        params: idParamSchema,
        body: productStatusBodySchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.setStatus(request.params.id, request.body.status, actorOf(request)),
    );

    app.patch(
      '/:id/operational',
      guardedRoute(admin, tags, {
        summary:
          "Set whether a product works now (operational, updating, unavailable), its public note, and whether its customers' time freezes meanwhile",
        params: idParamSchema,
        body: productOperationalBodySchema,
        response: { 200: productOperationalResponseSchema, ...withNotFound },
      }),
      (request) => productStatus.change(request.params.id, request.body, actorOf(request)),
    );

    app.get(
      '/:id/status-history',
      guardedRoute(admin, tags, {
        summary: "The product's timeline of operational statuses, newest first",
        params: idParamSchema,
        response: { 200: productStatusHistorySchema, ...withNotFound },
      }),
      (request) => productStatus.history(request.params.id),
    );

    app.delete(
      '/:id',
      guardedRoute(admin, tags, {
        summary: 'Delete a product (409 while in use unless cascade=true)',
        params: idParamSchema,
        querystring: deleteProductQuerySchema,
        response: { 200: messageResponseSchema, ...withNotFound, ...errorResponses(409) },
      }),
      (request) => service.delete(request.params.id, request.query.cascade, actorOf(request)),
    );

    app.post(
      '/:id/upload-dll',
      guardedRoute(admin, tags, {
        summary: 'Upload the product DLL (multipart field dllFile, PE file, at most 64 MB)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: {
          200: uploadDllResponseSchema,
          ...withNotFound,
          ...errorResponses(413, 422, 429, 503),
        },
      }),
      (request) =>
        uploads.receive(
          request,
          {
            fields: [],
            file: 'dllFile',
            maxFileBytes: LIMITS.dllMaxBytes,
            tooLargeMessage: messages.admin.dllTooLarge,
          },
          (form) => service.uploadDll(request.params.id, form.file, actorOf(request)),
        ),
    );

    app.post(
      '/:id/loader',
      guardedRoute(admin, tags, {
        summary:
          'Upload or replace the loader file customers run (multipart: loaderFile, a PE file of at most 64 MB; version; notes)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: {
          200: uploadLoaderResponseSchema,
          ...withNotFound,
          ...errorResponses(413, 422, 429, 503),
        },
      }),
      (request) =>
        uploads.receive(
          request,
          {
            fields: ['version', 'notes'],
            file: 'loaderFile',
            maxFileBytes: LIMITS.loaderMaxBytes,
            tooLargeMessage: loaderFileMessages.fileTooLarge,
          },
          (form) => service.uploadLoader(request.params.id, form, actorOf(request)),
        ),
    );

    app.delete(
      '/:id/loader',
      guardedRoute(admin, tags, {
        summary: 'Remove the loader file: customers can no longer download it',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) => service.removeLoader(request.params.id, actorOf(request)),
    );

    app.get(
      '/:id/protection',
      guardedRoute(admin, tags, {
        summary:
          "The product's protection: protected delivery, offline grace, the loader's minimum version, unknown loaders and security rules",
        params: idParamSchema,
        response: { 200: productProtectionResponseSchema, ...withNotFound },
      }),
      (request) => protection.read(request.params.id),
    );

    app.patch(
      '/:id/protection',
      guardedRoute(admin, tags, {
        summary: "Change the product's protection (any subset; each security rule on its own)",
        params: idParamSchema,
        body: updateProductProtectionSchema,
        response: { 200: productProtectionResponseSchema, ...withNotFound },
      }),
      (request) => protection.update(request.params.id, request.body, actorOf(request)),
    );

    app.get(
      '/:id/loader-releases',
      guardedRoute(admin, tags, {
        summary:
          'The loader files the product published with a version (the hashes a loader may report), newest first',
        params: idParamSchema,
        response: { 200: loaderReleasesResponseSchema, ...withNotFound },
      }),
      (request) => protection.releases(request.params.id),
    );

    app.delete(
      '/:id/loader-releases/:releaseId',
      guardedRoute(admin, tags, {
        summary: 'Stop accepting one published loader: its hash counts as unknown from now on',
        params: idParamSchema.extend({ releaseId: z.string().min(1).max(64) }),
        response: { 200: messageResponseSchema, ...withNotFound },
      }),
      (request) =>
        protection.removeRelease(request.params.id, request.params.releaseId, actorOf(request)),
    );

    app.get(
      '/:id/dll',
      guardedRoute(admin, tags, {
        summary: 'Download the product DLL under its original name',
        params: idParamSchema,
      }),
      async (request, reply) => {
        const dll = await service.downloadDll(request.params.id);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition(dll.name))
          .header('content-length', String(dll.size))
          .send(dll.bytes);
      },
    );

    done();
  };
}
