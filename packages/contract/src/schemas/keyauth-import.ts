import { z } from 'zod';
import { keyAuthImportMessages as m } from '../messages.js';

/**
 * Import of a KeyAuth seller's exports: `POST /api/admin/keyauth-import` and
 * `npm run import:keyauth`. The files travel as their text inside a JSON body: the server reads
 * them itself, line by line, to name the line of a malformed entry.
 */
export const KEYAUTH_IMPORT_LIMITS = {
  /** The whole request body (both files' text). */
  maxBodyBytes: 64 * 1024 * 1024,
  /** Entries per file. */
  maxEntries: 100_000,
  /** Problems listed in the summary; the rest are counted. */
  maxProblemsListed: 200,
} as const;

export const KEYAUTH_IMPORT_FILES = ['users', 'licenses'] as const;
export type KeyAuthImportFile = (typeof KEYAUTH_IMPORT_FILES)[number];

export const keyAuthImportBodySchema = z
  .strictObject({
    productId: z.string({ error: m.productRequired }).trim().min(1, m.productRequired).max(64),
    /** The text of KeyAuth's users export (JSON). */
    users: z.string().max(KEYAUTH_IMPORT_LIMITS.maxBodyBytes).optional(),
    /** The text of KeyAuth's licences export (JSON). */
    licenses: z.string().max(KEYAUTH_IMPORT_LIMITS.maxBodyBytes).optional(),
  })
  .refine((body) => body.users !== undefined || body.licenses !== undefined, {
    message: m.noFiles,
  });
export type KeyAuthImportBody = z.infer<typeof keyAuthImportBodySchema>;

const countsSchema = z.object({
  /** Written by this import. */
  created: z.number().int(),
  /** Already there from an earlier import of the same export: left as they are. */
  existing: z.number().int(),
  /** Not imported: see `problems`. */
  skipped: z.number().int(),
});

export const keyAuthImportProblemSchema = z.object({
  file: z.enum(KEYAUTH_IMPORT_FILES),
  /** The line of the entry in its file. */
  line: z.number().int(),
  message: z.string(),
});
export type KeyAuthImportProblem = z.infer<typeof keyAuthImportProblemSchema>;

export const keyAuthImportSummarySchema = z.object({
  message: z.string(),
  users: countsSchema,
  keys: countsSchema,
  /** Subscriptions to the product created for imported users. */
  subscriptions: z.number().int(),
  /** HWIDs bound as machines of those subscriptions. */
  machines: z.number().int(),
  /** Entries imported with a caveat or not imported, at most `maxProblemsListed`. */
  problems: z.array(keyAuthImportProblemSchema),
  /** Problems beyond the listed ones. */
  moreProblems: z.number().int(),
});
export type KeyAuthImportSummary = z.infer<typeof keyAuthImportSummarySchema>;
