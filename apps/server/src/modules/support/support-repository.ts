import type { TicketStatus } from '@chaveiro/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readPage } from '../../platform/http/paging.js';
import type { SqlDialect } from '../../platform/db/database.js';
import { contains, startsWith } from '../../platform/db/search.js';

/** Characters of the latest message shown next to a ticket in the lists. */
const PREVIEW_CHARS = 140;

export interface TicketRow {
  id: string;
  user_id: string;
  username: string;
  subject: string;
  status: TicketStatus;
  preview: string;
  created_at: number;
  updated_at: number;
}

export interface ThreadMessageRow {
  id: string;
  body: string;
  from_staff: number;
  author: string | null;
  created_at: number;
}

export interface NewTicket {
  id: string;
  userId: string;
  subject: string;
  createdAt: number;
}

export interface NewTicketMessage {
  id: string;
  ticketId: string;
  authorId: string;
  fromStaff: boolean;
  body: string;
  createdAt: number;
}

export interface TicketFilter {
  /** Only this owner's tickets. */
  userId?: string;
  status?: TicketStatus;
  /** Start of the owner's username, or anywhere in the subject. */
  q?: string;
}

type TicketsFrom = ExpressionBuilder<
  Database & { t: Database['support_tickets']; u: Database['users'] },
  't' | 'u'
>;

/** Support tickets and their threads. */
export function createSupportRepository(db: Kysely<Database>, dialect: SqlDialect) {
  function matching(filter: TicketFilter) {
    let query = db.selectFrom('support_tickets as t').innerJoin('users as u', 'u.id', 't.user_id');
    if (filter.userId) query = query.where('t.user_id', '=', filter.userId);
    if (filter.status) query = query.where('t.status', '=', filter.status);
    const q = filter.q?.toLowerCase();
    if (q) {
      query = query.where((eb) =>
        eb.or([
          startsWith(eb, eb.ref('u.username_lower'), q, dialect),
          contains(sql<string>`lower(t.subject)`, q),
        ]),
      );
    }
    return query;
  }

  /** The start of the ticket's latest message (one lookup on the thread index per row). */
  function preview(eb: TicketsFrom) {
    return eb
      .selectFrom('support_messages as m')
      .select(sql<string>`substr(m.body, 1, ${PREVIEW_CHARS})`.as('preview'))
      .whereRef('m.ticket_id', '=', 't.id')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(1)
      .as('preview');
  }

  const ticketColumns = [
    't.id',
    't.user_id',
    'u.username',
    't.subject',
    't.status',
    't.created_at',
    't.updated_at',
  ] as const;

  return {
    /** Newest activity first. */
    async page(
      filter: TicketFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: TicketRow[]; total: number }> {
      const { rows, total } = await readPage(
        matching(filter),
        (query) =>
          query
            .select(ticketColumns)
            .select((eb) => preview(eb))
            .orderBy('t.updated_at', 'desc')
            .orderBy('t.id', 'desc'),
        limit,
        offset,
      );
      return { rows: rows.map((row) => ({ ...row, preview: row.preview ?? '' })), total };
    },

    /** One ticket, optionally only when `userId` owns it. */
    async find(
      id: string,
      userId?: string,
      executor: Kysely<Database> = db,
    ): Promise<TicketRow | undefined> {
      let query = executor
        .selectFrom('support_tickets as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(ticketColumns)
        .select((eb) => preview(eb))
        .where('t.id', '=', id);
      if (userId) query = query.where('t.user_id', '=', userId);
      const row = await query.executeTakeFirst();
      return row && { ...row, preview: row.preview ?? '' };
    },

    /** The whole thread, oldest first (at most SUPPORT_LIMITS.messagesPerTicket rows exist). */
    thread(ticketId: string, limit: number): Promise<ThreadMessageRow[]> {
      return db
        .selectFrom('support_messages as m')
        .leftJoin('users as a', 'a.id', 'm.author_id')
        .select(['m.id', 'm.body', 'm.from_staff', 'a.username as author', 'm.created_at'])
        .where('m.ticket_id', '=', ticketId)
        .orderBy('m.created_at', 'asc')
        .orderBy('m.id', 'asc')
        .limit(limit)
        .execute();
    },

    async countOpenOf(userId: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('support_tickets')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('user_id', '=', userId)
        .where('status', '<>', 'closed')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async countMessages(ticketId: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('ticket_id', '=', ticketId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async insertTicket(ticket: NewTicket, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('support_tickets')
        .values({
          id: ticket.id,
          user_id: ticket.userId,
          subject: ticket.subject,
          status: 'open',
          created_at: ticket.createdAt,
          updated_at: ticket.createdAt,
        })
        .execute();
    },

    async insertMessage(message: NewTicketMessage, executor: Kysely<Database> = db): Promise<void> {
      await executor
        .insertInto('support_messages')
        .values({
          id: message.id,
          ticket_id: message.ticketId,
          author_id: message.authorId,
          from_staff: message.fromStaff ? 1 : 0,
          body: message.body,
          created_at: message.createdAt,
        })
        .execute();
    },

    /**
     * Moves a ticket that is not closed to `status` in one conditional statement, so a reply
     * racing a close never reopens a closed ticket. Returns false when nothing changed (no such
     * ticket for `userId`, or it is closed).
     */
    async setStatusUnlessClosed(
      id: string,
      status: TicketStatus,
      at: number,
      userId: string | undefined,
      executor: Kysely<Database> = db,
    ): Promise<boolean> {
      let query = executor
        .updateTable('support_tickets')
        .set({ status, updated_at: at })
        .where('id', '=', id)
        .where('status', '<>', 'closed');
      if (userId) query = query.where('user_id', '=', userId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
