// The worker threads' prepared statements (sqlite-worker.mjs, sqlite-reader.mjs): each SQL text
// prepared once on the thread's connection, the cache emptied when it is full.
const STATEMENT_CACHE_SIZE = 100;

export function preparedOn(db) {
  const statements = new Map();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
