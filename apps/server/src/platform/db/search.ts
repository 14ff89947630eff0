import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { SqlDialect } from './database.js';

/**
 * `column` starts with `prefix`, written so a B-tree index serves it: on SQLite a range over the
 * binary-collated index, on PostgreSQL `LIKE 'prefix%'` over a text_pattern_ops index.
 */
export function startsWith<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: Expression<string>,
  prefix: string,
  dialect: SqlDialect,
): Expression<SqlBool> {
  if (dialect === 'postgres') {
    return sql<SqlBool>`${column} like ${escapeLike(prefix) + '%'} escape '\\'`;
  }
  const upper = nextString(prefix);
  return upper === undefined
    ? eb(column, '>=', prefix)
    : eb.and([eb(column, '>=', prefix), eb(column, '<', upper)]);
}

/**
 * An account whose username or e-mail starts with `q`, case-insensitively, over the users
 * table's lowercase columns (`users`: its name or alias in the query). Joined by OR, each is an
 * index range (SQLite: MULTI-INDEX OR; PostgreSQL: BitmapOr). A list, for `eb.or` beside others.
 */
export function accountStartsWith<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  q: string,
  dialect: SqlDialect,
  users = 'users',
): Expression<SqlBool>[] {
  const key = q.toLowerCase();
  return ['username_lower', 'email_lower'].map((column) =>
    startsWith(eb, sql<string>`${sql.ref(`${users}.${column}`)}`, key, dialect),
  );
}

/** `column` contains `text` (no index can serve this; for small tables only). */
export function contains(column: Expression<string>, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${'%' + escapeLike(text) + '%'} escape '\\'`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The smallest string greater than every string starting with `prefix` in binary (code point)
 * order: the last code point plus one. Undefined when no such string exists.
 */
function nextString(prefix: string): string | undefined {
  const codePoints = Array.from(prefix);
  while (codePoints.length > 0) {
    const last = codePoints.pop() as string;
    const next = (last.codePointAt(0) ?? 0) + 1;
    // Skip the surrogate range, which cannot appear in well-formed text.
    const candidate = next >= 0xd800 && next <= 0xdfff ? 0xe000 : next;
    if (candidate <= 0x10ffff) return codePoints.join('') + String.fromCodePoint(candidate);
  }
  return undefined;
}
