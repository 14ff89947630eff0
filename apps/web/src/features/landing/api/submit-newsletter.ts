import '@/lib/zod-locale';
import { messages, newsletterBodySchema } from '@chaveiro/contract';
import { errorMessage } from '@/lib/api-client';
import { subscribeNewsletter } from './subscribe-newsletter';

export type NewsletterOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * The footer form's whole submit: the contract's schema (the route's own), then the call. The form
 * imports this module on demand, so zod and the API client stay out of the first load of `/`.
 */
export async function submitNewsletter(email: string): Promise<NewsletterOutcome> {
  const parsed = newsletterBodySchema.safeParse({ email });
  if (!parsed.success) {
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? messages.validation.emailInvalid,
    };
  }
  try {
    const { message } = await subscribeNewsletter(parsed.data);
    return { ok: true, message };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
