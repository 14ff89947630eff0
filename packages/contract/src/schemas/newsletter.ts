import { z } from 'zod';
import { emailSchema } from './auth.js';

/** `POST /api/newsletter`: the footer's sign-up field; the address is trimmed and lower-cased. */
export const newsletterBodySchema = z.strictObject({
  email: emailSchema,
});
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
