import { z } from 'zod';
import { SUPPORT_LIMITS, TICKET_STATUSES, type TicketStatus } from '../constants.js';
import { messages } from '../messages.js';
import { pageOf, pageQuerySchema } from './common.js';

const s = messages.support;

/** How each ticket status is shown to customers and staff. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Aberto',
  answered: 'Respondido',
  closed: 'Fechado',
};

export const ticketSubjectSchema = z
  .string({ error: s.subjectMin })
  .trim()
  .min(SUPPORT_LIMITS.subjectMin, s.subjectMin)
  .max(SUPPORT_LIMITS.subjectMax, s.subjectMax);

export const ticketMessageSchema = z
  .string({ error: s.messageRequired })
  .trim()
  .min(1, s.messageRequired)
  .max(SUPPORT_LIMITS.messageMax, s.messageMax);

/** "Novo ticket": a subject and the first message. */
export const createTicketBodySchema = z.strictObject({
  subject: ticketSubjectSchema,
  message: ticketMessageSchema,
});
export type CreateTicketBody = z.infer<typeof createTicketBodySchema>;

export const createTicketResponseSchema = z.object({ message: z.string(), id: z.string() });
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;

/** A reply in a thread, from the customer or from staff. */
export const ticketReplyBodySchema = z.strictObject({ message: ticketMessageSchema });
export type TicketReplyBody = z.infer<typeof ticketReplyBodySchema>;

/** Answer of a reply or a close: the ticket's status after it. */
export const ticketActionResponseSchema = z.object({
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
});
export type TicketActionResponse = z.infer<typeof ticketActionResponseSchema>;

const ticketStatusFilter = z.enum(TICKET_STATUSES, { error: s.statusInvalid }).optional();

/** A ticket as its owner lists it, newest activity first. */
export const ticketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** The start of the latest message. */
  preview: z.string(),
  created_at: z.iso.datetime(),
  /** Time of the latest message or status change. */
  updated_at: z.iso.datetime(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `GET /api/support/tickets?status=&page=&pageSize=`: the caller's own tickets. */
export const ticketsQuerySchema = pageQuerySchema.omit({ q: true }).extend({
  status: ticketStatusFilter,
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

export const ticketsPageSchema = pageOf(ticketSchema);
export type TicketsPage = z.infer<typeof ticketsPageSchema>;

/** A ticket as staff list it: with its owner. */
export const adminTicketSchema = ticketSchema.extend({
  user_id: z.string(),
  username: z.string(),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/** `?q=` matches the start of the owner's username or anywhere in the subject. */
export const adminTicketsQuerySchema = pageQuerySchema.extend({ status: ticketStatusFilter });
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;

export const adminTicketsPageSchema = pageOf(adminTicketSchema);
export type AdminTicketsPage = z.infer<typeof adminTicketsPageSchema>;

/**
 * One message of a thread. `author` is the writer's username, except that customers never see
 * staff names: there a staff message has `author` null and reads as the support team.
 */
export const ticketThreadMessageSchema = z.object({
  id: z.string(),
  body: z.string(),
  from_staff: z.boolean(),
  author: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type TicketThreadMessage = z.infer<typeof ticketThreadMessageSchema>;

/** `GET /api/support/tickets/{id}`: the ticket and its whole thread, oldest message first. */
export const ticketDetailSchema = z.object({
  ticket: ticketSchema,
  messages: z.array(ticketThreadMessageSchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const adminTicketDetailSchema = z.object({
  ticket: adminTicketSchema,
  messages: z.array(ticketThreadMessageSchema),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;
