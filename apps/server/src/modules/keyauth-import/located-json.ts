/**
 * A JSON reader that remembers where each object and each of its fields begin, so an import can
 * name the line of a wrong entry (JSON.parse only says "position N", in wording that changes
 * between Node versions, and knows nothing of entries). Iterative over containers' contents but
 * recursive per level, so nesting is capped like the API's input guard.
 */

/** Deeper than the API's input guard admits inside an entry, plus the export's own levels. */
export const MAX_JSON_DEPTH = 64;

/** Offsets of an object's opening brace and of each field's value. */
interface Location {
  start: number;
  fields: Map<string, number>;
}

export class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: 'syntax' | 'depth',
  ) {
    super(`${reason} at ${offset}`);
  }
}

export interface LocatedJson {
  value: unknown;
  /** The 1-based line of an object of `value`, or of one of its fields when `field` is given. */
  lineOf(object: object, field?: string): number;
  /** The 1-based line where item `index` of an array of `value` begins. */
  lineOfItem(array: unknown[], index: number): number;
  /** The 1-based line of an offset in the text. */
  lineAt(offset: number): number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseLocatedJson(text: string): LocatedJson {
  const locations = new WeakMap<object, Location>();
  const itemStarts = new WeakMap<unknown[], number[]>();
  // A byte order mark some editors write: not part of the JSON.
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  function fail(reason: 'syntax' | 'depth' = 'syntax'): never {
    throw new JsonSyntaxError(Math.min(i, text.length), reason);
  }

  function skipSpace(): void {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i += 1;
      else return;
    }
  }

  function readString(): string {
    // At the opening quote.
    const start = i;
    i += 1;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c) || c < 0x20) fail();
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        i += 2;
      } else i += 1;
    }
    i += 1;
    if (!escaped) return text.slice(start + 1, i - 1);
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail();
    }
  }

  function readValue(depth: number): unknown {
    skipSpace();
    const c = text[i];
    if (c === '{') return readObject(depth + 1);
    if (c === '[') return readArray(depth + 1);
    if (c === '"') return readString();
    if (text.startsWith('true', i)) return ((i += 4), true);
    if (text.startsWith('false', i)) return ((i += 5), false);
    if (text.startsWith('null', i)) return ((i += 4), null);
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) return fail();
    i += match[0].length;
    return Number(match[0]);
  }

  function readObject(depth: number): Record<string, unknown> {
    if (depth > MAX_JSON_DEPTH) fail('depth');
    // Own fields only: a "__proto__" key must stay data, never the prototype.
    const object = Object.create(null) as Record<string, unknown>;
    const location: Location = { start: i, fields: new Map() };
    locations.set(object, location);
    i += 1;
    skipSpace();
    if (text[i] === '}') {
      i += 1;
      return object;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"') fail();
      const key = readString();
      skipSpace();
      if (text[i] !== ':') fail();
      i += 1;
      skipSpace();
      location.fields.set(key, i);
      object[key] = readValue(depth);
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      if (text[i] === '}') {
        i += 1;
        return object;
      }
      fail();
    }
  }

  function readArray(depth: number): unknown[] {
    if (depth > MAX_JSON_DEPTH) fail('depth');
    const array: unknown[] = [];
    const starts: number[] = [];
    itemStarts.set(array, starts);
    i += 1;
    skipSpace();
    if (text[i] === ']') {
      i += 1;
      return array;
    }
    for (;;) {
      skipSpace();
      starts.push(i);
      array.push(readValue(depth));
      skipSpace();
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      if (text[i] === ']') {
        i += 1;
        return array;
      }
      fail();
    }
  }

  const value = readValue(0);
  skipSpace();
  if (i < text.length) fail();

  // Line starts, computed once and only when a line is asked for.
  let lineStarts: number[] | undefined;
  function lineAt(offset: number): number {
    lineStarts ??= computeLineStarts(text);
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  return {
    value,
    lineAt,
    lineOfItem(array, index) {
      const start = itemStarts.get(array)?.[index];
      return start === undefined ? 1 : lineAt(start);
    },
    lineOf(object, field) {
      const location = locations.get(object);
      if (!location) return 1;
      const at = field === undefined ? undefined : location.fields.get(field);
      return lineAt(at ?? location.start);
    },
  };
}

/** The 1-based line of an offset, for a text that did not parse. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line += 1;
  }
  return line;
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    starts.push(at + 1);
  }
  return starts;
}
