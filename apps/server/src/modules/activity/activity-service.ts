import type {
  ActivityEntry as ActivityItem,
  ActivityExportQuery,
  ActivityPage,
  ActivityQuery,
  ActivityTargetKind,
  ActivityType,
  RecentActivitiesResponse,
} from '@chaveiro/contract';
import {
  ACTIVITY_LIMITS,
  ACTIVITY_TARGET_KINDS,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  ADMIN_LIMITS,
  sellerApiMessages,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../platform/http/auth.js';
import type { AppContext } from '../../platform/core/context.js';
import { csvLine, UTF8_BOM } from '../../platform/http/csv.js';
import { BadRequestError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { endOfBrDay, formatBrDateTime } from '../../platform/core/pt-br.js';
import type {
  ActivityCursor,
  ActivityEntry,
  ActivityFilter,
  ActivityRepository,
} from './activity-repository.js';

export interface ActivityRecord {
  /** The typed action, e.g. `user.banned` (`ACTIVITY_TYPES`). */
  type: ActivityType;
  /** The pt-BR sentence. */
  action: string;
  /** What the action touched, e.g. `user:<id>`, for later filtering. */
  target?: string;
}

export interface ActivityServiceDeps extends Pick<AppContext, 'clock'> {
  repository: ActivityRepository;
}

/** Rows read per query of a CSV export. */
const EXPORT_BATCH_ROWS = 1_000;

export function createActivityService({ clock, repository }: ActivityServiceDeps) {
  /** Rows of a page with their actors and targets named, in one query per kind of name. */
  async function describe(rows: ActivityEntry[]): Promise<ActivityItem[]> {
    const parsed = rows.map((row) => ({ row, target: parseTarget(row.target) }));
    const userIds = new Set<string>();
    const ids = {
      key: new Set<string>(),
      product: new Set<string>(),
      subscription: new Set<string>(),
      deposit: new Set<string>(),
      ticket: new Set<string>(),
      bypassKey: new Set<string>(),
    };
    for (const { row, target } of parsed) {
      if (row.actor_id) userIds.add(row.actor_id);
      if (!target) continue;
      if (target.kind === 'user') userIds.add(target.id);
      else if (target.kind === 'bypass-key') ids.bypassKey.add(target.id);
      else if (target.kind in ids) ids[target.kind as keyof typeof ids].add(target.id);
    }
    const [names, labels] = await Promise.all([
      repository.usernames([...userIds]),
      repository.targetLabels({
        key: [...ids.key],
        product: [...ids.product],
        subscription: [...ids.subscription],
        deposit: [...ids.deposit],
        ticket: [...ids.ticket],
        bypassKey: [...ids.bypassKey],
      }),
    ]);
    return parsed.map(({ row, target }) => ({
      id: row.id,
      type: asType(row.type),
      action: row.action,
      actor: actorOfRow(row, names),
      target: target && {
        kind: target.kind,
        id: target.id,
        label: labelOf(target, names, labels),
      },
      ip: row.ip || null,
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  /** The query's filter, its `actor` username read as an id; undefined when no one has it. */
  async function resolve(query: ActivityExportQuery): Promise<ActivityFilter | undefined> {
    const filter = filterOf(query);
    if (query.actor === undefined) return filter;
    const actorId = await repository.userIdByUsername(query.actor);
    if (!actorId || (filter.actorId !== undefined && filter.actorId !== actorId)) return undefined;
    return { ...filter, actorId };
  }

  return {
    /** Writes one log line; call it inside the action's own transaction (`executor`). */
    async record(
      executor: Kysely<Database>,
      /** Who acted; null for the system (a payment gateway's confirmation). */
      actor: Actor | null,
      entry: ActivityRecord,
    ): Promise<void> {
      await repository.insert(
        {
          id: newId(),
          actorId: actor?.userId ?? null,
          actorName: actor?.username ?? null,
          type: entry.type,
          action:
            actor?.via === 'api' ? `${entry.action}${sellerApiMessages.logViaApi}` : entry.action,
          target: entry.target ?? null,
          ip: actor?.ip ?? null,
          createdAt: clock.now(),
        },
        executor,
      );
    },

    /**
     * Writes the line of a domain event's handler, once per event: its id derives from the
     * event's, so a handler run again writes nothing. `at`: the event's time.
     */
    async recordOnce(
      executor: Kysely<Database>,
      eventId: string,
      actor: { userId: string | null; username: string | null; ip: string | null },
      entry: ActivityRecord,
      at: number,
    ): Promise<void> {
      await repository.insert(
        {
          id: `event-${eventId}`,
          actorId: actor.userId,
          actorName: actor.username,
          type: entry.type,
          action: entry.action,
          target: entry.target ?? null,
          ip: actor.ip || null,
          createdAt: at,
        },
        executor,
        { ignoreDuplicate: true },
      );
    },

    /**
     * Writes one log line for a caller that may be no known user (e.g. a failed loader attempt
     * naming an account that does not exist), outside any transaction.
     */
    async recordAttempt(
      caller: { userId: string | null; username?: string; ip: string },
      entry: ActivityRecord,
    ): Promise<void> {
      await repository.insert({
        id: newId(),
        actorId: caller.userId,
        actorName: caller.userId ? (caller.username ?? null) : null,
        type: entry.type,
        action: entry.action,
        target: entry.target ?? null,
        ip: caller.ip,
        createdAt: clock.now(),
      });
    },

    async recent(): Promise<RecentActivitiesResponse> {
      const { rows } = await repository.page({}, ADMIN_LIMITS.recentActivities, { offset: 0 });
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },

    async list(query: ActivityQuery): Promise<ActivityPage> {
      const filter = await resolve(query);
      if (!filter) {
        return {
          items: [],
          total: 0,
          page: query.page,
          pageSize: query.pageSize,
          nextCursor: null,
        };
      }
      let at: { offset: number } | { before: ActivityCursor };
      if (query.before !== undefined) {
        at = { before: parseCursor(query.before) };
      } else {
        const offset = (query.page - 1) * query.pageSize;
        if (offset + query.pageSize > ACTIVITY_LIMITS.maxOffsetRows) {
          throw new BadRequestError(
            'Página muito distante: use o filtro de datas para ver registros mais antigos.',
            'PAGE_TOO_DEEP',
          );
        }
        at = { offset };
      }
      const { rows, total } = await repository.page(filter, query.pageSize, at);
      const last = rows[rows.length - 1];
      return {
        items: await describe(rows),
        total,
        page: query.before === undefined ? query.page : 1,
        pageSize: query.pageSize,
        nextCursor:
          last && rows.length === query.pageSize ? `${String(last.created_at)}_${last.id}` : null,
      };
    },

    /** The matching lines as CSV (RFC 4180, commas), header first, at most the cap. */
    async *exportCsv(query: ActivityExportQuery): AsyncGenerator<string> {
      yield UTF8_BOM;
      yield csvLine(['data_hora', 'tipo', 'acao', 'autor', 'alvo', 'alvo_nome', 'ip']);
      const filter = await resolve(query);
      if (!filter) return;
      for await (const batch of repository.batches(
        filter,
        EXPORT_BATCH_ROWS,
        ACTIVITY_LIMITS.csvMaxRows,
      )) {
        const items = await describe(batch);
        yield items
          .map((item) =>
            csvLine([
              formatBrDateTime(Date.parse(item.created_at)),
              ACTIVITY_TYPE_LABELS[item.type],
              item.action,
              item.actor?.username ?? 'Sistema',
              item.target ? `${item.target.kind}:${item.target.id}` : '',
              item.target?.label ?? '',
              item.ip ?? '',
            ]),
          )
          .join('');
      }
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

/** Calendar days read in São Paulo time (UTC−3 all year since 2019), both ends included. */
function filterOf(query: ActivityExportQuery): ActivityFilter {
  return {
    q: query.q || undefined,
    type: query.type,
    actorId: query.actorId,
    target: query.target,
    subject: query.subject,
    fromMs: query.from === undefined ? undefined : Date.parse(`${query.from}T00:00:00.000-03:00`),
    toMs: query.to === undefined ? undefined : endOfBrDay(query.to),
  };
}

function parseCursor(value: string): ActivityCursor {
  const split = value.indexOf('_');
  return { createdAt: Number(value.slice(0, split)), id: value.slice(split + 1) };
}

const KNOWN_TYPES = new Set<string>(ACTIVITY_TYPES);
const KNOWN_KINDS = new Set<string>(ACTIVITY_TARGET_KINDS);

function asType(type: string): ActivityType {
  return KNOWN_TYPES.has(type) ? (type as ActivityType) : 'legacy';
}

/** `user:<id>` → { kind: 'user', id }; a kind with no page of its own is `other`. */
function parseTarget(target: string | null): { kind: ActivityTargetKind; id: string } | null {
  if (!target) return null;
  const split = target.indexOf(':');
  if (split < 0) return { kind: 'other', id: target };
  const kind = target.slice(0, split);
  const id = target.slice(split + 1);
  return KNOWN_KINDS.has(kind)
    ? { kind: kind as ActivityTargetKind, id }
    : { kind: 'other', id: target };
}

function actorOfRow(row: ActivityEntry, names: Map<string, string>): ItemActor {
  if (row.actor_id) {
    return { id: row.actor_id, username: names.get(row.actor_id) ?? row.actor_name ?? '—' };
  }
  // The account was deleted (its id set null): the name kept when written, if any.
  return row.actor_name ? { id: null, username: row.actor_name } : null;
}
type ItemActor = ActivityItem['actor'];

function labelOf(
  target: { kind: ActivityTargetKind; id: string },
  names: Map<string, string>,
  labels: Map<string, string>,
): string | null {
  switch (target.kind) {
    case 'user':
      return names.get(target.id) ?? null;
    case 'bypass':
    case 'setting':
    case 'hwid':
      return target.id;
    case 'settings':
      return target.id === 'payment' ? 'Pagamentos' : target.id;
    case 'users':
      return target.id === 'all' ? 'Todos os usuários' : target.id;
    default:
      return labels.get(`${target.kind}:${target.id}`) ?? null;
  }
}
