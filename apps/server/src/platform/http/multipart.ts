import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS, messages } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../core/errors.js';
import { clearBodyDeadline, extendBodyDeadline } from './http-timeouts.js';
import { inputProblem } from './input-guard.js';
import { ensurePrivateDir } from '../web/private-files.js';

/** An uploaded file, written to a temporary file and hashed while it streamed in. */
export interface UploadedFile {
  filename: string;
  /** The temporary file; it is deleted once the form's handler has finished. */
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, to tell the file's type by its content. */
  head: Buffer;
}

export interface MultipartSpec {
  /** Text fields the form may carry; any other field is refused. */
  fields: readonly string[];
  /** The one file field the form may carry. */
  file: string;
  maxFileBytes: number;
  /** The pt-BR answer when the file exceeds `maxFileBytes` (413). */
  tooLargeMessage: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

export interface Uploads {
  /**
   * Reads a multipart form (the file to a temporary file), runs `handle` with it and deletes
   * the temporary file, whatever happens. Answers 429 when the caller's account or address
   * already has its share of uploads in flight, 503 when all uploads together leave no room.
   */
  receive<T>(
    request: FastifyRequest,
    spec: MultipartSpec,
    handle: (form: MultipartForm) => Promise<T>,
  ): Promise<T>;
}

/** Enough for the longest signature looked for (WebP: 12 bytes). */
const HEAD_BYTES = 16;
/**
 * Uploads received at once, each counted at the largest file it may carry: two product DLLs,
 * or one DLL and 32 avatars, and so on, rather than piling up temporary files and the memory
 * of their inserts.
 */
const BYTES_IN_FLIGHT = 2 * LIMITS.dllMaxBytes;
/**
 * How long an upload past that waits for room, its body unread (TCP holds the client back),
 * before the answer is 503: a client told to retry would send its whole body again.
 */
const WAIT_FOR_ROOM_MS = 5_000;
/**
 * Uploads one account, or one address, may have in flight: no client can take the whole room
 * and keep the admin's DLL waiting. An address may hold more, for people behind one NAT.
 */
const UPLOADS_PER_ACCOUNT = 2;
const UPLOADS_PER_ADDRESS = 8;
/** The slowest an upload may arrive, averaged over the rate window: a poor line still manages. */
const MIN_BYTES_PER_SECOND = 1024;

/**
 * Uploads stream to temporary files in `dir` (inside DATA_DIR, private), so a 64 MB DLL is
 * never held in memory while it arrives. Storing is done one upload at a time: each writes a
 * large BLOB, and on SQLite two at once would make one wait for the other's write lock.
 */
export function createUploads({
  dir,
  uploadTimeoutMs,
  uploadRateWindowMs,
}: {
  dir: string;
  uploadTimeoutMs: number;
  uploadRateWindowMs: number;
}): Uploads {
  // Temporary files of a process that stopped mid-upload.
  rmSync(dir, { recursive: true, force: true });
  ensurePrivateDir(dir);
  const room = createByteBudget(BYTES_IN_FLIGHT, WAIT_FOR_ROOM_MS);
  const perAccount = createShares(UPLOADS_PER_ACCOUNT);
  const perAddress = createShares(UPLOADS_PER_ADDRESS);
  const minimumRate = {
    bytes: Math.ceil((MIN_BYTES_PER_SECOND * uploadRateWindowMs) / 1000),
    everyMs: uploadRateWindowMs,
  };
  let storing: Promise<unknown> = Promise.resolve();

  function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const result = storing.then(task);
    storing = result.catch(() => undefined);
    return result;
  }

  return {
    async receive(request, spec, handle) {
      if (!request.isMultipart()) throw new BadRequestError(messages.admin.multipartRequired);
      const releaseShares = claimShares(request);
      try {
        if (!(await room.reserve(spec.maxFileBytes))) {
          throw new ServiceUnavailableError(messages.errors.uploadsBusy, 'UPLOADS_BUSY');
        }
        const temporary = join(dir, randomUUID());
        try {
          extendBodyDeadline(request, uploadTimeoutMs, minimumRate);
          const form = await readForm(request, spec, temporary);
          clearBodyDeadline(request);
          return await oneAtATime(() => handle(form));
        } finally {
          room.release(spec.maxFileBytes);
          await rm(temporary, { force: true });
        }
      } finally {
        releaseShares();
      }
    },
  };

  /** Counts the upload against its account and address, or answers 429 if either is at its cap. */
  function claimShares(request: FastifyRequest): () => void {
    // Every upload route is behind a role guard; the address alone bounds any other caller.
    const account = request.auth?.userId;
    if (account !== undefined && !perAccount.take(account)) {
      throw new TooManyRequestsError(messages.errors.uploadsPerClient);
    }
    if (!perAddress.take(request.ip)) {
      if (account !== undefined) perAccount.give(account);
      throw new TooManyRequestsError(messages.errors.uploadsPerClient);
    }
    return () => {
      if (account !== undefined) perAccount.give(account);
      perAddress.give(request.ip);
    };
  }
}

/** How many uploads each holder (an account, an address) has in flight, up to `limit`. */
function createShares(limit: number) {
  const held = new Map<string, number>();
  return {
    /** Counts one more upload for `holder`, or answers false if it already holds `limit`. */
    take(holder: string): boolean {
      const count = held.get(holder) ?? 0;
      if (count >= limit) return false;
      held.set(holder, count + 1);
      return true;
    },
    give(holder: string): void {
      const count = (held.get(holder) ?? 1) - 1;
      if (count === 0) held.delete(holder);
      else held.set(holder, count);
    },
  };
}

interface Waiter {
  bytes: number;
  grant: (granted: boolean) => void;
}

/** A count of bytes in use, up to `limit`; a reservation past it waits, first come first served. */
function createByteBudget(limit: number, maxWaitMs: number) {
  let used = 0;
  const waiters: Waiter[] = [];
  return {
    /** Resolves true once `bytes` are reserved, false if no room came within the wait. */
    reserve(bytes: number): Promise<boolean> {
      if (waiters.length === 0 && used + bytes <= limit) {
        used += bytes;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          resolve(false);
        }, maxWaitMs);
        const waiter: Waiter = {
          bytes,
          grant: (granted) => {
            clearTimeout(timer);
            resolve(granted);
          },
        };
        waiters.push(waiter);
      });
    },
    release(bytes: number): void {
      used -= bytes;
      for (let next = waiters[0]; next && used + next.bytes <= limit; next = waiters[0]) {
        waiters.shift();
        used += next.bytes;
        next.grant(true);
      }
    },
  };
}

async function readForm(
  request: FastifyRequest,
  spec: MultipartSpec,
  temporary: string,
): Promise<MultipartForm> {
  try {
    return await readParts(request, spec, temporary);
  } catch (error) {
    // The plugin's own limit errors carry their 4xx status; anything else thrown while parsing
    // (busboy: "Unexpected end of form", malformed headers) is a broken body, not a server fault.
    if (error instanceof AppError || hasStatusCode(error)) throw error;
    throw new BadRequestError(messages.errors.invalidRequest);
  }
}

async function readParts(
  request: FastifyRequest,
  spec: MultipartSpec,
  temporary: string,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, file: undefined };
  const parts = request.parts({ limits: { fileSize: spec.maxFileBytes, files: 1, fields: 10 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!spec.fields.includes(part.fieldname) || typeof part.value !== 'string') {
        throw new BadRequestError(messages.admin.unexpectedField(part.fieldname));
      }
      const problem = inputProblem(part.value);
      if (problem) throw problem;
      form.fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== spec.file) {
      part.file.resume();
      throw new BadRequestError(messages.admin.unexpectedField(part.fieldname));
    }
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        }
        done(null, chunk);
      },
    });
    await pipeline(part.file, measure, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    // busboy stops at the limit and marks the stream truncated instead of failing it.
    if (part.file.truncated) throw new PayloadTooLargeError(spec.tooLargeMessage);
    form.file = {
      filename: part.filename,
      path: temporary,
      size,
      sha256: hash.digest('hex'),
      head,
    };
  }
  return form;
}

function hasStatusCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error;
}
