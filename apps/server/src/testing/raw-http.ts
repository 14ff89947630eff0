import { connect } from 'node:net';
import type { App } from '../app.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte over a real socket to the listening app and reads the answer
 * until the server closes the connection (send `connection: close` or a request it refuses). For what app.inject cannot reproduce: requests Node's
 * HTTP parser refuses, and paths inject would normalise (`/a/../b`).
 */
export function sendRaw(app: App, request: string): Promise<RawAnswer> {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening');
  return new Promise((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset a connection it refused once its answer is out; the answer counts.
    socket.on('error', (error) => {
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(raw)}`));
      const [statusLine = '', ...headerLines] = raw.slice(0, headEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: raw.slice(headEnd + 4),
      });
    });
    // Not ended: Node's server drops a request still in flight once the client half-closes.
    // Requests ask for `connection: close`, so the server closes after its answer.
    socket.write(request);
  });
}

/** A GET over a real socket, the path sent exactly as given. */
export function getRaw(app: App, path: string, headers: Record<string, string> = {}) {
  const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return sendRaw(app, `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
}
