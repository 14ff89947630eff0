import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** Every error answer of the API (DESIGN.md: `{ message, code }`). */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Every mutation may answer a pt-BR `message` shown as a success toast (spec §7). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `GET /api/health/live` and `GET /api/health/ready`: a load balancer's probes.
 * Live: the process answers. Ready: it may be sent traffic; otherwise a 503 `{ message, code }`
 * with one of HEALTH_NOT_READY_CODES.
 */
export const healthProbeResponseSchema = z.object({ status: z.literal('ok') });
export type HealthProbeResponse = z.infer<typeof healthProbeResponseSchema>;

/** Why `GET /api/health/ready` answers 503. */
export const HEALTH_NOT_READY_CODES = [
  'DATABASE_UNAVAILABLE',
  'MIGRATIONS_PENDING',
  'REDIS_UNAVAILABLE',
  'DRAINING',
] as const;
export type HealthNotReadyCode = (typeof HEALTH_NOT_READY_CODES)[number];

/** `?q=&page=&pageSize=` accepted by every list (DESIGN.md: no unbounded list). */
export const pageQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });
