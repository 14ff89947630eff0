import type {
  AdminTicket,
  AdminTicketDetail,
  AdminTicketsPage,
  AdminTicketsQuery,
  CreateTicketBody,
  CreateTicketResponse,
  Ticket,
  TicketActionResponse,
  TicketDetail,
  TicketsPage,
  TicketsQuery,
  TicketStatus,
  TicketThreadMessage,
} from '@chaveiro/contract';
import { SUPPORT_LIMITS, messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { withTransaction } from '../../platform/db/database.js';
import { ConflictError, NotFoundError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { SupportRepository, ThreadMessageRow, TicketRow } from './support-repository.js';

const text = messages.support;

const iso = (epochMs: number) => new Date(epochMs).toISOString();

function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    preview: row.preview,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toAdminTicket(row: TicketRow): AdminTicket {
  return { ...toTicket(row), user_id: row.user_id, username: row.username };
}

/** Customers read staff messages as the support team: no admin username leaves the server. */
function toCustomerMessage(row: ThreadMessageRow): TicketThreadMessage {
  const fromStaff = row.from_staff === 1;
  return {
    id: row.id,
    body: row.body,
    from_staff: fromStaff,
    author: fromStaff ? null : row.author,
    created_at: iso(row.created_at),
  };
}

function toStaffMessage(row: ThreadMessageRow): TicketThreadMessage {
  return {
    id: row.id,
    body: row.body,
    from_staff: row.from_staff === 1,
    author: row.author,
    created_at: iso(row.created_at),
  };
}

export interface SupportServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  tickets: SupportRepository;
  activity: ActivityService;
  /** Replies record `ticket.replied` in their transaction (the owner's notice reacts to it). */
  events: EventRecorder;
}

/**
 * Support tickets (issue: commerce). A customer sees and writes only in their own tickets (another
 * one is 404); staff see every ticket. open: waiting for staff; answered: staff wrote last;
 * closed: read-only for both sides.
 */
export function createSupportService({ db, clock, tickets, activity, events }: SupportServiceDeps) {
  /** Why a conditional status change touched nothing: the ticket is missing or closed. */
  async function refusal(trx: Kysely<Database>, id: string, userId?: string): Promise<never> {
    const ticket = await tickets.find(id, userId, trx);
    if (!ticket) throw new NotFoundError(text.notFound);
    throw new ConflictError(text.closed, 'TICKET_CLOSED');
  }

  /**
   * Appends a message and moves the ticket to `status` in the caller's transaction (opened by
   * `events.transaction`), recording `ticket.replied`; refuses a closed ticket (409) and a full
   * thread (409).
   */
  async function append(
    trx: Kysely<Database>,
    input: {
      id: string;
      ownerId?: string;
      authorId: string;
      fromStaff: boolean;
      body: string;
      status: TicketStatus;
    },
  ): Promise<TicketRow> {
    const now = clock.now();
    const changed = await tickets.setStatusUnlessClosed(
      input.id,
      input.status,
      now,
      input.ownerId,
      trx,
    );
    if (!changed) await refusal(trx, input.id, input.ownerId);
    if ((await tickets.countMessages(input.id, trx)) >= SUPPORT_LIMITS.messagesPerTicket) {
      throw new ConflictError(text.tooManyMessages, 'TICKET_FULL');
    }
    await tickets.insertMessage(
      {
        id: newId(),
        ticketId: input.id,
        authorId: input.authorId,
        fromStaff: input.fromStaff,
        body: input.body,
        createdAt: now,
      },
      trx,
    );
    const ticket = await tickets.find(input.id, undefined, trx);
    if (!ticket) throw new NotFoundError(text.notFound);
    await events.record(trx, 'ticket.replied', {
      ticketId: input.id,
      userId: ticket.user_id,
      by: input.authorId,
      fromStaff: input.fromStaff,
      subject: ticket.subject,
      message: input.body,
    });
    return ticket;
  }

  async function closeTicket(trx: Kysely<Database>, id: string, ownerId?: string): Promise<void> {
    const changed = await tickets.setStatusUnlessClosed(id, 'closed', clock.now(), ownerId, trx);
    if (changed) return;
    const ticket = await tickets.find(id, ownerId, trx);
    if (!ticket) throw new NotFoundError(text.notFound);
    throw new ConflictError(text.alreadyClosed, 'TICKET_CLOSED');
  }

  return {
    async create(userId: string, body: CreateTicketBody): Promise<CreateTicketResponse> {
      const id = newId();
      await withTransaction(db, async (trx) => {
        if ((await tickets.countOpenOf(userId, trx)) >= SUPPORT_LIMITS.openTicketsPerUser) {
          throw new ConflictError(
            text.tooManyOpen(SUPPORT_LIMITS.openTicketsPerUser),
            'TOO_MANY_OPEN_TICKETS',
          );
        }
        const now = clock.now();
        await tickets.insertTicket({ id, userId, subject: body.subject, createdAt: now }, trx);
        await tickets.insertMessage(
          {
            id: newId(),
            ticketId: id,
            authorId: userId,
            fromStaff: false,
            body: body.message,
            createdAt: now,
          },
          trx,
        );
      });
      return { message: text.created, id };
    },

    async listOwn(userId: string, query: TicketsQuery): Promise<TicketsPage> {
      const { rows, total } = await tickets.page(
        { userId, status: query.status },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toTicket), total, page: query.page, pageSize: query.pageSize };
    },

    async getOwn(userId: string, id: string): Promise<TicketDetail> {
      const ticket = await tickets.find(id, userId);
      if (!ticket) throw new NotFoundError(text.notFound);
      const thread = await tickets.thread(id, SUPPORT_LIMITS.messagesPerTicket);
      return { ticket: toTicket(ticket), messages: thread.map(toCustomerMessage) };
    },

    /** A customer's reply puts the ticket back in the staff queue (open). */
    async replyOwn(userId: string, id: string, body: string): Promise<TicketActionResponse> {
      await events.transaction((trx) =>
        append(trx, {
          id,
          ownerId: userId,
          authorId: userId,
          fromStaff: false,
          body,
          status: 'open',
        }),
      );
      return { message: text.replied, status: 'open' };
    },

    async closeOwn(userId: string, id: string): Promise<TicketActionResponse> {
      await withTransaction(db, (trx) => closeTicket(trx, id, userId));
      return { message: text.closedDone, status: 'closed' };
    },

    async list(query: AdminTicketsQuery): Promise<AdminTicketsPage> {
      const { rows, total } = await tickets.page(
        { status: query.status, q: query.q },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(toAdminTicket), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: string): Promise<AdminTicketDetail> {
      const ticket = await tickets.find(id);
      if (!ticket) throw new NotFoundError(text.notFound);
      const thread = await tickets.thread(id, SUPPORT_LIMITS.messagesPerTicket);
      return { ticket: toAdminTicket(ticket), messages: thread.map(toStaffMessage) };
    },

    /** A staff answer: the ticket becomes answered; its owner is notified (on `ticket.replied`). */
    async answer(id: string, body: string, actor: Actor): Promise<TicketActionResponse> {
      await events.transaction(async (trx) => {
        const ticket = await append(trx, {
          id,
          authorId: actor.userId,
          fromStaff: true,
          body,
          status: 'answered',
        });
        await activity.record(trx, actor, {
          type: 'ticket.answered',
          action: text.logAnswered(ticket.subject, ticket.username),
          target: `ticket:${id}`,
        });
      });
      return { message: text.answered, status: 'answered' };
    },

    async close(id: string, actor: Actor): Promise<TicketActionResponse> {
      await withTransaction(db, async (trx) => {
        await closeTicket(trx, id);
        const ticket = await tickets.find(id, undefined, trx);
        if (!ticket) throw new NotFoundError(text.notFound);
        await activity.record(trx, actor, {
          type: 'ticket.closed',
          action: text.logClosed(ticket.subject, ticket.username),
          target: `ticket:${id}`,
        });
      });
      return { message: text.closedDone, status: 'closed' };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
