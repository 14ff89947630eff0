import { messages } from '@chaveiro/contract';
import { KeyAuthRefusal, refuseKeyAuth } from './keyauth-protocol-answers.js';

const text = messages.keyauthProtocol;

/** Fields one request may carry at most (the SDKs send a dozen). */
const MAX_FIELDS = 40;
/** Characters of one field's value at most (a hash, a log line, a password...). */
export const MAX_FIELD_LENGTH = 2048;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The fields of a KeyAuth request, by name. */
export type KeyAuthFields = ReadonlyMap<string, string>;

/**
 * Parses `application/x-www-form-urlencoded` text (a POST body or a 1.2 GET's query) as PHP
 * does for these SDKs: `+` is a space, `%XX` a byte, a malformed escape stays as written (the C++
 * SDK sends its fields unescaped). Refused, whole: bytes that are not UTF-8, a field named twice,
 * a bracketed name (PHP would nest it), a NUL, too many or too long fields.
 */
export function parseKeyAuthForm(raw: Buffer | string): KeyAuthFields {
  const source = typeof raw === 'string' ? raw : raw.toString('latin1');
  try {
    return parse(source);
  } catch (error) {
    // A refused request still names its ownerid when it can: the C++ SDK checks it first.
    if (error instanceof KeyAuthRefusal) error.ownerId = ownerIdIn(source);
    throw error;
  }
}

/** The first `ownerid` field's value when it is plain ASCII, else undefined. */
function ownerIdIn(source: string): string | undefined {
  const match = /(?:^|&)ownerid=([\x21-\x25\x27-\x7e]{1,64})(?:&|$)/.exec(source);
  return match?.[1];
}

function parse(source: string): KeyAuthFields {
  const fields = new Map<string, string>();
  if (source.length === 0) return fields;
  for (const pair of source.split('&')) {
    if (pair.length === 0) continue;
    const equals = pair.indexOf('=');
    const name = decode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1));
    if (name.length === 0) continue;
    if (name.includes('[') || name.includes(']')) refuseKeyAuth(text.nestedField);
    if (fields.has(name)) refuseKeyAuth(text.duplicateField(ascii(name)));
    if (name.includes('\u0000') || value.includes('\u0000')) refuseKeyAuth(text.invalidEncoding);
    if (value.length > MAX_FIELD_LENGTH) refuseKeyAuth(text.fieldTooLong(ascii(name)));
    fields.set(name, value);
    if (fields.size > MAX_FIELDS) refuseKeyAuth(text.tooManyFields);
  }
  return fields;
}

/** A form component (latin1-mapped bytes) as UTF-8 text, PHP's escapes applied. */
function decode(component: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < component.length; i++) {
    const char = component.charCodeAt(i);
    if (char === 0x2b) {
      bytes.push(0x20);
    } else if (char === 0x25 && isHex(component, i + 1) && isHex(component, i + 2)) {
      bytes.push(Number.parseInt(component.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(char & 0xff);
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return refuseKeyAuth(text.invalidEncoding);
  }
}

function isHex(text: string, at: number): boolean {
  return /^[0-9A-Fa-f]$/.test(text.charAt(at));
}

/** A name quoted in a message: printable ASCII only, short. */
function ascii(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}
