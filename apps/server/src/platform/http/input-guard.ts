import { messages } from '@chaveiro/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from '../core/errors.js';

/**
 * Nesting deeper than any request of the API needs. A JSON body of a few kilobytes can nest
 * thousands of levels; refusing it here keeps every later step (validation, the handlers) from
 * ever walking such a value.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * preValidation hook refusing input the databases cannot store as given, before anything else
 * reads it: a NUL character (PostgreSQL text cannot hold U+0000 and fails the query; SQLite
 * stores it silently), a lone UTF-16 surrogate (both drivers store it as U+FFFD, so the value
 * saved differs from the one checked: a name could pass a uniqueness check and then collide) and
 * nesting deeper than MAX_INPUT_DEPTH. Params, query and JSON body alike, keys included.
 */
export function rejectUnstorableInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(inputProblem([request.params, request.query, request.body]));
}

/** Why a parsed input is refused, or undefined when it is fine. Walks without recursion. */
export function inputProblem(input: unknown): BadRequestError | undefined {
  const values: unknown[] = [input];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() ?? 0;
    if (typeof value === 'string') {
      if (!storable(value)) return new BadRequestError(messages.errors.invalidCharacters);
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (depth > MAX_INPUT_DEPTH) return new BadRequestError(messages.errors.nestedTooDeep);
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!storable(key)) return new BadRequestError(messages.errors.invalidCharacters);
      values.push(item);
      depths.push(depth + 1);
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function storable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
