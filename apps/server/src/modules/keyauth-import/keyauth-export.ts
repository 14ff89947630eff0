import type { KeyAuthImportFile } from '@chaveiro/contract';
import { KEYAUTH_IMPORT_LIMITS, keyAuthImportMessages as m } from '@chaveiro/contract';
import { UnprocessableError } from '../../platform/errors.js';
import { inputProblem } from '../../platform/input-guard.js';
import type { LocatedJson } from './located-json.js';
import { JsonSyntaxError, lineOfOffset, parseLocatedJson } from './located-json.js';

/**
 * KeyAuth's exports as its seller panel and seller API give them (KeyAuth-Source-Code,
 * api/seller/index.php `fetchallusers` / `fetchallkeys`: the rows of its `users` and `keys`
 * tables, every value a string or null as MySQL hands them over). Either a bare list or the
 * API's answer object (`{ "users": [...] }`, `{ "keys": [...] }`). Fields this import does not
 * use are ignored; the ones it uses must have their type, or the whole file is refused.
 */

/** A user of the users export, as this import reads it. */
export interface KeyAuthUser {
  /** The line of its `username`. */
  line: number;
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
  /** The line of its `key`. */
  line: number;
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

const STATUSES: Record<string, KeyAuthKeyStatus> = {
  'not used': 'unused',
  used: 'used',
  banned: 'banned',
};

export function readUsersExport(text: string): KeyAuthUser[] {
  const { json, entries } = readEntries(text, 'users', ['users']);
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const field = fieldReader(json, entry, 'users');
    const username = field.text('username', { required: true });
    const line = json.lineOf(entry, 'username');
    const lower = username.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      throw new KeyAuthFileError('users', line, m.duplicateInFile(username, earlier));
    }
    seen.set(lower, line);
    const subscriptions = field.list('subscriptions');
    let expiresAt = field.timestamp('expires');
    let pausedRemainingMs: number | null = null;
    for (const subscription of subscriptions) {
      const sub = fieldReader(json, subscription, 'users');
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
  const { json, entries } = readEntries(text, 'licenses', ['keys', 'licenses']);
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const field = fieldReader(json, entry, 'licenses');
    const key = field.text('key', { required: true });
    const line = json.lineOf(entry, 'key');
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new KeyAuthFileError('licenses', line, m.duplicateInFile(key, earlier));
    }
    seen.set(key, line);
    const statusText = field.text('status', { required: true });
    const status = STATUSES[statusText.trim().toLowerCase()];
    if (!status) {
      throw new KeyAuthFileError(
        'licenses',
        json.lineOf(entry, 'status'),
        m.fieldStatus(statusText),
      );
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

/** The file's entries: the top-level list, or the list under one of `listFields`. */
function readEntries(text: string, file: KeyAuthImportFile, listFields: string[]) {
  let json: LocatedJson;
  try {
    json = parseLocatedJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const reason = error.reason === 'depth' ? m.nestedTooDeep : m.notJson;
    throw new KeyAuthFileError(file, lineOfOffset(text, error.offset), reason);
  }
  const what = listFields[0] ?? file;
  let list: unknown = json.value;
  if (isObject(list)) {
    const name = listFields.find((candidate) =>
      Array.isArray((list as Record<string, unknown>)[candidate]),
    );
    list = name === undefined ? undefined : list[name];
  }
  if (!Array.isArray(list)) throw new KeyAuthFileError(file, 1, m.notAList(what));
  if (list.length > KEYAUTH_IMPORT_LIMITS.maxEntries) {
    const max = KEYAUTH_IMPORT_LIMITS.maxEntries.toLocaleString('pt-BR');
    throw new KeyAuthFileError(file, 1, m.tooMany(max, what));
  }
  for (const [index, entry] of list.entries()) {
    if (!isObject(entry)) {
      throw new KeyAuthFileError(file, json.lineOfItem(list, index), m.entryNotObject);
    }
    // No NUL or lone surrogate (the API's input guard, applied per entry to name its line).
    if (inputProblem(entry)) {
      throw new KeyAuthFileError(file, json.lineOf(entry), m.invalidCharacters);
    }
  }
  return { json, entries: list as Record<string, unknown>[] };
}

/** Typed reads of an entry's fields; a wrong type refuses the file, naming the field's line. */
function fieldReader(json: LocatedJson, entry: unknown, file: KeyAuthImportFile) {
  if (!isObject(entry)) throw new KeyAuthFileError(file, 1, m.entryNotObject);
  const refuse = (field: string, reason: string): never => {
    throw new KeyAuthFileError(file, json.lineOf(entry, field), reason);
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
          throw new KeyAuthFileError(file, json.lineOfItem(value, index), m.entryNotObject);
        }
      }
      return value as Record<string, unknown>[];
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
