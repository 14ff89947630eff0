import { createHash } from 'node:crypto';
import { messages } from '@chaveiro/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError, PayloadTooLargeError } from './errors.js';
import { inputProblem } from './input-guard.js';

/** A file part read into memory, hashed while it streamed in. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  sha256: string;
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

/**
 * Reads a multipart form once: text fields as strings, the file's bytes with their sha256
 * computed chunk by chunk. The size limit applies per route (the plugin's global one is the
 * largest upload). Files are kept in memory because they are stored in the database.
 */
export async function readMultipart(
  request: FastifyRequest,
  spec: MultipartSpec,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new BadRequestError(messages.admin.multipartRequired);
  try {
    return await readParts(request, spec);
  } catch (error) {
    // The plugin's own limit errors carry their 4xx status; anything else thrown while parsing
    // (busboy: "Unexpected end of form", malformed headers) is a broken body, not a server fault.
    if (error instanceof AppError || hasStatusCode(error)) throw error;
    throw new BadRequestError(messages.errors.invalidRequest);
  }
}

async function readParts(request: FastifyRequest, spec: MultipartSpec): Promise<MultipartForm> {
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
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      hash.update(chunk);
      chunks.push(chunk);
    }
    // busboy stops at the limit and marks the stream truncated instead of failing it.
    if (part.file.truncated) throw new PayloadTooLargeError(spec.tooLargeMessage);
    form.file = {
      filename: part.filename,
      bytes: Buffer.concat(chunks),
      sha256: hash.digest('hex'),
    };
  }
  return form;
}

function hasStatusCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error;
}
