import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpTimeouts } from '../../config.js';
import { errorAnswer } from './error-handler.js';

/**
 * Proxies in front usually drop idle upstream sockets after 60 s: ours outlive theirs, so the
 * proxy closes first and never sends a request on a socket we are closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node checks the header and request limits (30 s by default: too coarse). */
const CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's server options: no client may hold a socket without sending. Node cuts a request
 * whose headers are not in by `headersTimeoutMs` (an idle socket counts) and any request not in
 * by `uploadTimeoutMs`, the longest window; `bodyDeadlines` gives other bodies a shorter one.
 */
export function serverTimeouts(timeouts: HttpTimeouts) {
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, timeouts.uploadTimeoutMs);
  return {
    requestTimeout: timeouts.uploadTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout,
      requestTimeout: timeouts.uploadTimeoutMs,
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 2)),
    },
  };
}

interface Deadline {
  timer: NodeJS.Timeout;
  response: ServerResponse;
  /** Checks that an upload keeps arriving, while it has its longer window. */
  pace?: NodeJS.Timeout;
}

/** The least an upload must send: `bytes` in every `everyMs` (a slow line manages 1 KB/s). */
export interface MinimumRate {
  bytes: number;
  everyMs: number;
}

const deadlines = new WeakMap<IncomingMessage, Deadline>();

/**
 * A request body must be in within `bodyTimeoutMs` of its headers, or its socket is closed:
 * a body dribbled a byte at a time would otherwise hold the socket for the whole upload window.
 * Upload handlers grant themselves the longer window with `extendBodyDeadline`.
 */
export const bodyDeadlines = fp<{ bodyTimeoutMs: number }>(
  (app, { bodyTimeoutMs }, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      const { headers } = request.raw;
      const hasBody =
        headers['transfer-encoding'] !== undefined ||
        (headers['content-length'] !== undefined && headers['content-length'] !== '0');
      if (hasBody) {
        deadlines.set(request.raw, {
          timer: cutAfter(request.raw, reply.raw, bodyTimeoutMs),
          response: reply.raw,
        });
      }
      next();
    });
    // The body has been parsed by now, unless the handler reads it (multipart uploads).
    app.addHook('preValidation', (request, _reply, next) => {
      if (request.raw.complete) forgetDeadline(request.raw);
      next();
    });
    done();
  },
  { name: 'body-deadlines' },
);

/**
 * Gives the request's body `ms` from now to arrive (an upload's window), provided it keeps
 * arriving at `minimumRate`: one dribbling a byte now and then would otherwise hold its socket
 * and its share of the uploads' room for the whole window.
 */
export function extendBodyDeadline(
  request: FastifyRequest,
  ms: number,
  minimumRate: MinimumRate,
): void {
  const deadline = deadlines.get(request.raw);
  if (!deadline) return;
  clearTimeout(deadline.timer);
  deadline.timer = cutAfter(request.raw, deadline.response, ms);
  clearInterval(deadline.pace);
  deadline.pace = cutWhenSlowerThan(request.raw, deadline.response, minimumRate);
}

/** Ends the body's wait, once it has been read. */
export function clearBodyDeadline(request: FastifyRequest): void {
  forgetDeadline(request.raw);
}

/**
 * Stops the request's timers and drops its entry at once. Left in the WeakMap, the entry
 * (whose timer holds the request and the response) kept every answered request alive through
 * V8's young-generation collections until the next full one: each heartbeat's HTTP objects
 * (~3 KB) were copied to the old generation, and scavenges took 5-25 ms.
 */
function forgetDeadline(request: IncomingMessage): void {
  const deadline = deadlines.get(request);
  if (!deadline) return;
  clearTimeout(deadline.timer);
  clearInterval(deadline.pace);
  deadlines.delete(request);
}

function cutAfter(request: IncomingMessage, response: ServerResponse, ms: number) {
  const timer = setTimeout(() => cut(request, response), ms);
  timer.unref();
  return timer;
}

function cutWhenSlowerThan(
  request: IncomingMessage,
  response: ServerResponse,
  { bytes, everyMs }: MinimumRate,
) {
  const { socket } = request;
  // Injected requests (tests) have no real socket and arrive whole.
  if (typeof socket.bytesRead !== 'number') return undefined;
  let readBefore = socket.bytesRead;
  const pace = setInterval(() => {
    const read = socket.bytesRead;
    if (request.complete || socket.destroyed) clearInterval(pace);
    else if (read - readBefore < bytes) {
      clearInterval(pace);
      cut(request, response);
    }
    readBefore = read;
  }, everyMs);
  pace.unref();
  return pace;
}

function cut(request: IncomingMessage, response: ServerResponse): void {
  if (request.complete) return;
  // The same pt-BR 408 the parser's own request timeout gets, then the socket closes.
  const { socket } = request;
  if (!response.headersSent && socket.writable) {
    const body = JSON.stringify(errorAnswer({ statusCode: 408 }).body);
    socket.write(
      'HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
