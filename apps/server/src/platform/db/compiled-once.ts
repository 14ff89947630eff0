import type { CompiledQuery } from 'kysely';

/** What a query builder gives: anything with `compile()`. */
interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

const SLOT = '\u0000slot:';

/**
 * A query compiled once, with named slots for the values that change from call to call: on a
 * hot path, building and compiling a Kysely query each time costs more than SQLite running it
 * (~20–50 µs a query on a 2-core machine). `build` writes the query with `slot(name)` where a
 * value goes (the same name may appear more than once); the answer fills them in, nothing
 * else. Run the result with `readNow`, or `executeQuery` on the connection it was built on.
 */
export function compiledOnce<Names extends string, R>(
  build: (slot: <T>(name: Names) => T) => Compilable<R>,
): (values: Record<Names, unknown>) => CompiledQuery<R> {
  const query = build(<T>(name: Names) => `${SLOT}${name}` as T).compile();
  const names = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(SLOT)
      ? (value.slice(SLOT.length) as Names)
      : null,
  );
  return (values) => ({
    ...query,
    parameters: query.parameters.map((value, index) => {
      const name = names[index];
      return name === null || name === undefined ? value : values[name];
    }),
  });
}
