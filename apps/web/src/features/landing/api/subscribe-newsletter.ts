import {
  messageResponseSchema,
  type MessageResponse,
  type NewsletterBody,
} from '@chaveiro/contract';
import { api } from '@/lib/api-client';

/**
 * `POST /api/newsletter`: public, no session. The landing page renders outside the query client
 * (its first load stays small), so the form calls this fetcher directly instead of a mutation hook.
 */
export function subscribeNewsletter(body: NewsletterBody): Promise<MessageResponse> {
  return api.post('/newsletter', body, { public: true, schema: messageResponseSchema });
}
