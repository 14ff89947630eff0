import { z } from 'zod';

/** Any text is accepted: an unknown or malformed hash is simply not found (404). */
export const fileParamSchema = z.object({ sha256: z.string().min(1).max(128) });
