import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for an outside service the app calls (a webhook
 * receiver, a seller's storefront): records every request and answers from a queue, then
 * `fallback` (200 "ok" unless set). Node builtins only, so the e2e journeys can use it too.
 */
export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const queue: (Answer | 'hold')[] = [];
  let fallback: Answer = { status: 200, body: 'ok' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = queue.shift() ?? fallback;
      if (answer === 'hold') return;
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    answerNext(...answers: Answer[]) {
      queue.push(...answers);
    },
    /** The next request gets no answer at all (until close), as from a receiver that hangs. */
    holdNext() {
      queue.push('hold');
    },
    setFallback(answer: Answer) {
      fallback = answer;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      fallback = { status: 200, body: 'ok' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
