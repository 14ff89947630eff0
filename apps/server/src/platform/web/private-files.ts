import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';

// DATA_DIR holds the TOTP secrets (in the SQLite file), the JWT secret, the loader's signing key
// and mails carrying password-reset links: none may be readable by other users of the machine.
// Modes are set with chmod after creating, because the umask can only take bits away and a
// file an earlier version created with a looser mode must be tightened too.
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its missing parents) for the owner only, tightening it if it exists. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  setMode(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty if missing; either way it ends up readable by its owner only. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  setMode(file, PRIVATE_FILE_MODE);
}

/**
 * Writes `contents` to `file`, owner-only, unless `file` exists. The contents go to a temporary
 * file first and are linked into place (atomic, and refused when the name is taken), so a
 * process starting at the same moment never reads the file half-written.
 */
export function createFileOnce(file: string, contents: string): void {
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  writeFileSync(temporary, contents, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Makes an existing file readable by its owner only; a missing one is left missing. */
export function restrictToOwner(file: string): void {
  setMode(file, PRIVATE_FILE_MODE);
}

function setMode(path: string, mode: number): void {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (current !== mode) chmodSync(path, mode);
}
