import type { KeyAuthImportFile } from '@chaveiro/contract';
import { KEYAUTH_IMPORT_LIMITS, keyAuthImportMessages as m, messages } from '@chaveiro/contract';
import { UnprocessableError } from '../../platform/core/errors.js';
import { inputProblem } from '../../platform/http/input-guard.js';
import type { LocatedJson } from './located-json.js';
import { JsonSyntaxError, lineOfOffset, parseLocatedJson } from './located-json.js';

type Path = readonly (string | number)[];

/**
 * KeyAuth's exports as its seller panel and seller API give them (KeyAuth-Source-Code,
 * api/seller/index.php `fetchallusers` / `fetchallkeys`: the rows of its `users` and `keys`
 * tables, every value a string or null as MySQL hands them over). Either a bare list or the
 * API's answer object (`{ "users": [...] }`, `{ "keys": [...] }`). Fields this import does not
 * use are ignored; the ones it uses must have their type, or the whole file is refused.
 *
 * The file is read by JSON.parse (native, twenty times faster on a 50 MB export); lines are
 * found by a second read with located-json.ts only when a message needs one.
 */

/** A user of the users export, as this import reads it. */
export interface KeyAuthUser {
  /** The line of its `username` (found when asked: it costs a second read of the file). */
  line: () => number;
  username: string;
  /** bcrypt as KeyAuth stores it (`$2y$…`), or null. */
  password: string | null;
  hwid: string | null;
  ip: string | null;
  banned: boolean;
  /** Epoch ms; null when the export does not say. */
  createdAt: number | null;
  lastLoginAt: number | null;
  /** The latest expiry among its subscriptions (epoch ms), or null without any. */
  expiresAt: number | null;
  /** A paused subscription: the time it had left (ms). */
  pausedRemainingMs: number | null;
}

export type KeyAuthKeyStatus = 'unused' | 'used' | 'banned';

/** A licence of the licences export. */
export interface KeyAuthKey {
  /** The line of its `key` (found when asked). */
  line: () => number;
  key: string;
  /** KeyAuth's `expires` on a key is its duration in seconds (days × 86400 when generated). */
  durationSeconds: number;
  status: KeyAuthKeyStatus;
  usedBy: string | null;
  usedAt: number | null;
  createdAt: number | null;
}

/** A file the import refuses whole, with the line that is wrong. */
export class KeyAuthFileError extends UnprocessableError {
  constructor(file: KeyAuthImportFile, line: number, reason: string) {
    super(
      m.fileInvalid(file === 'users' ? m.usersFile : m.licensesFile, line, reason),
      'KEYAUTH_FILE_INVALID',
    );
  }
}

/** KeyAuth's key statuses, by their lower-case text (a Map: `__proto__` is no status). */
const STATUSES: ReadonlyMap<string, KeyAuthKeyStatus> = new Map([
  ['not used', 'unused'],
  ['used', 'used'],
  ['banned', 'banned'],
]);

export function readUsersExport(text: string): KeyAuthUser[] {
  const { lines, entries, path } = readEntries(text, 'users', ['users']);
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const at = [...path, index];
    const field = fieldReader(lines, entry, at, 'users');
    const username = field.text('username', { required: true });
    const line = () => lines.of(at, 'username');
    const lower = username.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      const first = lines.of([...path, earlier], 'username');
      throw new KeyAuthFileError('users', line(), m.duplicateInFile(username, first));
    }
    seen.set(lower, index);
    let expiresAt = field.timestamp('expires');
    let pausedRemainingMs: number | null = null;
    for (const [position, subscription] of field.list('subscriptions').entries()) {
      const sub = fieldReader(lines, subscription, [...at, 'subscriptions', position], 'users');
      const expiry = sub.timestamp('expiry', { required: true });
      if (sub.flag('paused')) {
        // A paused KeyAuth subscription keeps the seconds it had left in `expiry`.
        pausedRemainingMs = Math.max(pausedRemainingMs ?? 0, expiry ?? 0);
        continue;
      }
      if (expiry !== null && (expiresAt === null || expiry > expiresAt)) expiresAt = expiry;
    }
    return {
      line,
      username,
      password: field.text('password') || null,
      hwid: field.text('hwid') || null,
      ip: field.text('ip') || null,
      banned: field.flag('banned'),
      createdAt: field.timestamp('createdate'),
      lastLoginAt: field.timestamp('lastlogin'),
      expiresAt: pausedRemainingMs === null ? expiresAt : null,
      pausedRemainingMs,
    };
  });
}

export function readLicensesExport(text: string): KeyAuthKey[] {
  const { lines, entries, path } = readEntries(text, 'licenses', ['keys', 'licenses']);
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const at = [...path, index];
    const field = fieldReader(lines, entry, at, 'licenses');
    const key = field.text('key', { required: true });
    const line = () => lines.of(at, 'key');
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const first = lines.of([...path, earlier], 'key');
      throw new KeyAuthFileError('licenses', line(), m.duplicateInFile(key, first));
    }
    seen.set(key, index);
    const statusText = field.text('status', { required: true });
    const status = STATUSES.get(statusText.trim().toLowerCase());
    if (!status) {
      throw new KeyAuthFileError('licenses', lines.of(at, 'status'), m.fieldStatus(statusText));
    }
    return {
      line,
      key,
      durationSeconds: field.seconds('expires'),
      // A key banned while unused still says "Not Used" beside its ban reason.
      status: status === 'unused' && field.flag('banned') ? 'banned' : status,
      usedBy: field.text('usedby') || null,
      usedAt: field.timestamp('usedon'),
      createdAt: field.timestamp('gendate'),
    };
  });
}

/**
 * Lines of the file for messages. The first question reads the file again with located-json.ts,
 * which remembers where each value begins; a file JSON.parse refused is read that way at once,
 * to find where it breaks.
 */
class FileLines {
  private located: LocatedJson | undefined;

  constructor(private readonly text: string) {}

  /** Where JSON.parse's refusal lies, and why. */
  syntaxError(): { line: number; reason: string } {
    try {
      parseLocatedJson(this.text);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const reason = error.reason === 'depth' ? m.nestedTooDeep : m.notJson;
      return { line: lineOfOffset(this.text, error.offset), reason };
    }
    return { line: 1, reason: m.notJson };
  }

  /** The line of the value at `path` (of its `field`, when given). */
  of(path: Path, field?: string): number {
    try {
      this.located ??= parseLocatedJson(this.text);
    } catch (error) {
      // Only nesting deeper than it reads: the line where that happens is the one to name.
      if (error instanceof JsonSyntaxError) return lineOfOffset(this.text, error.offset);
      throw error;
    }
    let parent: unknown;
    let node: unknown = this.located.value;
    for (const step of path) {
      parent = node;
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[step]
          : undefined;
    }
    if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
      return this.located.lineOf(node, field);
    }
    const last = path.at(-1);
    if (Array.isArray(parent) && typeof last === 'number') {
      return this.located.lineOfItem(parent, last);
    }
    return 1;
  }
}

/** The file's entries: the top-level list, or the list under one of `listFields`. */
function readEntries(text: string, file: KeyAuthImportFile, listFields: string[]) {
  const lines = new FileLines(text);
  let value: unknown;
  try {
    // A byte order mark some editors write is not JSON; it sits on line 1 either way.
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    const { line, reason } = lines.syntaxError();
    throw new KeyAuthFileError(file, line, reason);
  }
  const what = listFields[0] ?? file;
  let list: unknown = value;
  let path: Path = [];
  if (isObject(value)) {
    const name = listFields.find((candidate) => Array.isArray(value[candidate]));
    list = name === undefined ? undefined : value[name];
    path = name === undefined ? [] : [name];
  }
  if (!Array.isArray(list)) throw new KeyAuthFileError(file, 1, m.notAList(what));
  if (list.length > KEYAUTH_IMPORT_LIMITS.maxEntries) {
    const max = KEYAUTH_IMPORT_LIMITS.maxEntries.toLocaleString('pt-BR');
    throw new KeyAuthFileError(file, 1, m.tooMany(max, what));
  }
  for (const [index, entry] of list.entries()) {
    if (!isObject(entry)) {
      throw new KeyAuthFileError(file, lines.of([...path, index]), m.entryNotObject);
    }
    // The API's input guard per entry (nesting, NUL, lone surrogates), to name the entry's line.
    const problem = inputProblem(entry);
    if (problem) {
      const reason =
        problem.message === messages.errors.nestedTooDeep ? m.nestedTooDeep : m.invalidCharacters;
      throw new KeyAuthFileError(file, lines.of([...path, index]), reason);
    }
  }
  return { lines, entries: list as Record<string, unknown>[], path };
}

/** Typed reads of an entry's fields; a wrong type refuses the file, naming the field's line. */
function fieldReader(lines: FileLines, entry: unknown, at: Path, file: KeyAuthImportFile) {
  if (!isObject(entry)) throw new KeyAuthFileError(file, lines.of(at), m.entryNotObject);
  const refuse = (field: string, reason: string): never => {
    throw new KeyAuthFileError(file, lines.of(at, field), reason);
  };
  const present = (field: string) => entry[field] !== undefined && entry[field] !== null;

  return {
    text(field: string, options: { required?: boolean } = {}): string {
      const value = entry[field];
      if (!present(field) || value === '') {
        return options.required ? refuse(field, m.fieldRequired(field)) : '';
      }
      if (typeof value === 'number') return String(value);
      if (typeof value !== 'string') return refuse(field, m.fieldText(field));
      return value;
    },

    /** Unix seconds as a string or a number, to epoch ms; "" / null / "0" mean none. */
    timestamp(field: string, options: { required?: boolean } = {}): number | null {
      const value = entry[field];
      if (!present(field) || value === '') {
        return options.required ? refuse(field, m.fieldRequired(field)) : null;
      }
      const seconds =
        typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : value;
      if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 0) {
        return refuse(field, m.fieldTimestamp(field));
      }
      if (seconds > 1e11) return refuse(field, m.fieldTimestamp(field));
      return seconds === 0 ? null : seconds * 1000;
    },

    seconds(field: string): number {
      const value = entry[field];
      if (!present(field) || value === '') return refuse(field, m.fieldRequired(field));
      const seconds =
        typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
      if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 0) {
        return refuse(field, m.fieldSeconds(field));
      }
      return seconds;
    },

    /** KeyAuth's flags: a ban reason (text) or 1/0, "1"/"0", true/false; empty means no. */
    flag(field: string): boolean {
      const value = entry[field];
      if (!present(field)) return false;
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number') return value !== 0;
      if (typeof value === 'string') return value.trim() !== '' && value.trim() !== '0';
      return refuse(field, m.fieldText(field));
    },

    list(field: string): Record<string, unknown>[] {
      const value = entry[field];
      if (!present(field)) return [];
      if (!Array.isArray(value)) return refuse(field, m.fieldList(field));
      for (const [index, item] of value.entries()) {
        if (!isObject(item)) {
          throw new KeyAuthFileError(file, lines.of([...at, field, index]), m.entryNotObject);
        }
      }
      return value as Record<string, unknown>[];
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
