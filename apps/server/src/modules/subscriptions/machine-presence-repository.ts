import { CompiledQuery } from 'kysely';
import type { SqlDialect } from '../../platform/db/database.js';

/**
 * Rows written per presence statement: far below SQLite's and PostgreSQL's bind limits, and a
 * statement short enough (~2 ms) that a request's write waiting for the lock hardly notices.
 */
const TOUCH_CHUNK = 250;

const touchStatements = new Map<string, string>();

/**
 * The presence update for `rows` machines, its text built once per size and dialect: compiling
 * hundreds of query fragments through Kysely on every flush cost more than the update itself.
 */
function touchStatement(dialect: SqlDialect, rows: number): string {
  const cacheKey = `${dialect}:${String(rows)}`;
  let text = touchStatements.get(cacheKey);
  if (!text) {
    const parameter = (n: number) => (dialect === 'postgres' ? `$${String(n)}` : '?');
    const values = Array.from(
      { length: rows },
      (_, row) =>
        `(${parameter(3 * row + 1)}, cast(${parameter(3 * row + 2)} as bigint), cast(${parameter(3 * row + 3)} as text))`,
    );
    text = `update machines set last_seen_at = v.column2, last_ip = v.column3
      from (values ${values.join(', ')}) as v
      where machines.id = v.column1 and machines.last_seen_at < v.column2`;
    touchStatements.set(cacheKey, text);
  }
  return text;
}

/**
 * Presence: the statements setting each machine's last_seen_at and the address it was seen
 * from, never moving it backwards (so running one twice is harmless), a few hundred rows each
 * (`UPDATE … FROM (VALUES …)`). Rows go in id order so concurrent writers on PostgreSQL lock
 * them in one order. Compiled here, run by the loader's presence on the background connection.
 */
export function presenceUpdates(
  dialect: SqlDialect,
  seen: [machineId: string, sighting: { at: number; ip: string }][],
): CompiledQuery[] {
  const rows = [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const queries: CompiledQuery[] = [];
  for (let start = 0; start < rows.length; start += TOUCH_CHUNK) {
    const chunk = rows.slice(start, start + TOUCH_CHUNK);
    queries.push(
      CompiledQuery.raw(
        touchStatement(dialect, chunk.length),
        chunk.flatMap(([id, { at, ip }]) => [id, at, ip]),
      ),
    );
  }
  return queries;
}
