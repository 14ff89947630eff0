import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswer, logRefusal } from './error-handler.js';

/** What a request refused before routing asked: its method and target as sent. */
export interface EarlyRequest {
  method: string;
  url: string;
}

export interface EarlyAnswer {
  statusCode: number;
  /** The refusal's code, for the log. */
  code: string;
  /** Headers besides the JSON content type and no-store. */
  headers: Record<string, string>;
  body: string;
}

/** A scope's answer to a request refused before routing; `error` carries the status. */
export type EarlyRefuser = (request: EarlyRequest, error: unknown) => EarlyAnswer;

export type EarlyRefusals = ReturnType<typeof createEarlyRefusals>;

/** Headers of every early refusal: JSON, and never stored (like every API answer). */
const REFUSAL_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

/**
 * Requests refused before the router picks a scope: Node's HTTP parser refused them (headers
 * over 16 KB, a malformed request line, Content-Length beside chunked) or their path does not
 * decode (`%zz`, `%ff`). Each gets the refusal of the scope its path names, as the router would
 * have picked it: a prefixed scope adds its own (the loader's is signed), any other path gets
 * the site's `{ message, code }`.
 */
export function createEarlyRefusals() {
  const scopes: { prefix: string; refuse: EarlyRefuser; except: string[] }[] = [];
  const answerTo = (request: EarlyRequest, error: unknown): EarlyAnswer => {
    const path = routedPath(request.url);
    const scope = scopes.find(
      ({ prefix, except }) =>
        (path === prefix || path.startsWith(`${prefix}/`)) && !except.includes(path),
    );
    return (scope?.refuse ?? siteRefusal)(request, error);
  };

  /** Fastify's clientErrorHandler: no request or reply exists, the socket is written to. */
  function clientErrorHandler(
    this: { log: FastifyBaseLogger },
    error: Error & { code?: string; rawPacket?: unknown },
    socket: Socket,
  ): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const request = requestLineOf(error.rawPacket);
    const answer = answerTo(request ?? { method: '', url: '' }, {
      code: error.code,
      statusCode: parserStatus(error.code),
    });
    logRefusal(this.log, answer.statusCode, answer.code);
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const headers = { ...REFUSAL_HEADERS, ...answer.headers };
    const head =
      `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode]}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `content-length: ${Buffer.byteLength(answer.body)}\r\nconnection: close\r\n\r\n`;
    // An answer to HEAD has no body: its bytes would be read as the start of another answer.
    socket.end(request?.method === 'HEAD' ? head : head + answer.body, () => socket.destroy());
  }

  return {
    /** Refuses `prefix` and every path under it with `refuse`, but the paths in `except`. */
    add: (prefix: string, refuse: EarlyRefuser, except: string[] = []): void => {
      scopes.push({ prefix, refuse, except });
    },
    clientErrorHandler,

    /** Fastify's frameworkErrors: a path the router cannot decode or a parameter too long. */
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
      const answer = answerTo(request, error);
      logRefusal(request.log, answer.statusCode, answer.code);
      void reply
        .status(answer.statusCode)
        .headers({ ...REFUSAL_HEADERS, ...answer.headers })
        .send(answer.body);
    },
  };
}

/** Any other path: the site's `{ message, code }`, as its error handler would answer. */
function siteRefusal(_request: EarlyRequest, error: unknown): EarlyAnswer {
  const { statusCode, body } = errorAnswer(error);
  return { statusCode, code: body.code, headers: {}, body: JSON.stringify(body) };
}

/** The status of a refusal by Node's HTTP parser, from its error code. */
function parserStatus(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * The request line the parser choked on, when the packet it was reading starts with one (a
 * timeout has no packet; a request sent in pieces may have its line in an earlier one).
 */
function requestLineOf(packet: unknown): EarlyRequest | undefined {
  const line =
    Buffer.isBuffer(packet) && /^([A-Z]+) (\/[^ \r\n]*)/.exec(packet.toString('utf8', 0, 65_536));
  return line ? { method: line[1] ?? '', url: line[2] ?? '' } : undefined;
}

/**
 * The path as the router matches it, so `/api/lo%61der/%zz` is the loader's: escapes that
 * decode are decoded (reserved ones such as %2F kept, as decodeURI does), the others left as
 * sent; no query.
 */
function routedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.replace(/(?:%[0-9a-fA-F]{2})+/g, (escapes) => {
    try {
      return decodeURI(escapes);
    } catch {
      return escapes;
    }
  });
}
