import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

/**
 * Requests to URLs someone typed in (webhook endpoints): the SSRF guard and a bounded POST.
 *
 * The host is resolved once, every address it resolves to is checked, and the connection is
 * made to a checked address through the request's `lookup` (a DNS answer that changes between
 * the check and the connect cannot swap it). Redirects are never followed; the answer is read
 * up to a cap; the whole attempt has one deadline.
 */

/** An address (or a host resolving to one) the guard refuses. */
export class AddressNotAllowedError extends Error {
  constructor(readonly address: string) {
    super(`address not allowed: ${address}`);
    this.name = 'AddressNotAllowedError';
  }
}

/** A host name that resolves to nothing. */
export class HostNotFoundError extends Error {
  constructor(readonly host: string) {
    super(`host not found: ${host}`);
    this.name = 'HostNotFoundError';
  }
}

/** The attempt took longer than its deadline. */
export class OutboundTimeoutError extends Error {
  constructor() {
    super('timed out');
    this.name = 'OutboundTimeoutError';
  }
}

const IPV4_BLOCKED: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv4Blocked(address: string): boolean {
  const value = ipv4ToInt(address);
  return IPV4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4ToInt(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a dotted tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - start.length - end.length).fill(0);
  return [...start, ...zeros, ...end];
}

function embeddedIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function ipv6Blocked(address: string): boolean {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (firstFiveZero && g5 === 0) return true;
  // ::ffff:a.b.c.d: an IPv4 address in IPv6 clothing, judged as IPv4
  if (firstFiveZero && g5 === 0xffff) return ipv4Blocked(embeddedIpv4(g6, g7));
  // NAT64 64:ff9b::a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return ipv4Blocked(embeddedIpv4(g6, g7));
  }
  // 6to4 2002:AABB:CCDD::
  if (g0 === 0x2002) return ipv4Blocked(embeddedIpv4(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation 2001:db8::/32
  return false;
}

/**
 * Whether an IP address is one the outside world may be reached at: not loopback, private,
 * CGNAT, link-local (cloud metadata), "this network", multicast, reserved or documentation, in
 * IPv4 or IPv6 (mapped, NAT64 and 6to4 forms judged by their IPv4 address).
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !ipv4Blocked(address);
  if (version === 6) return !ipv6Blocked(address);
  return false;
}

/** A URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export interface GuardOptions {
  /** Lets private addresses through (a trusted network, tests). */
  allowPrivate: boolean;
}

/**
 * The addresses `host` resolves to, all checked: throws AddressNotAllowedError when any is
 * refused (a host with one private address among public ones is refused whole), and
 * HostNotFoundError when it resolves to nothing.
 */
export async function resolveAllowed(
  host: string,
  options: GuardOptions,
): Promise<LookupAddress[]> {
  const literal = isIP(host);
  const addresses: LookupAddress[] = literal
    ? [{ address: host, family: literal }]
    : await dnsLookup(host, { all: true, verbatim: true }).catch((error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_AGAIN') {
          throw new HostNotFoundError(host);
        }
        throw error;
      });
  if (addresses.length === 0) throw new HostNotFoundError(host);
  if (!options.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) throw new AddressNotAllowedError(refused.address);
  }
  return addresses;
}

export interface PostOptions extends GuardOptions {
  headers: Record<string, string>;
  body: string;
  /** Connect, send and read the answer within this. */
  timeoutMs: number;
  /** Bytes of the answer read at most; the rest is dropped. */
  maxResponseBytes: number;
}

export interface PostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The start of the answer (up to maxResponseBytes), as UTF-8. */
  body: string;
}

/**
 * POSTs `body` to `url` through the SSRF guard. Answers any HTTP status (a 3xx is answered, not
 * followed); throws AddressNotAllowedError, HostNotFoundError, OutboundTimeoutError or the
 * network error.
 */
export async function guardedPost(url: URL, options: PostOptions): Promise<PostResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new OutboundTimeoutError());
  }, options.timeoutMs);
  try {
    const addresses = await Promise.race([
      resolveAllowed(hostOf(url), options),
      new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener('abort', () => {
          reject(controller.signal.reason as Error);
        });
      }),
    ]);
    return await send(url, addresses, options, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new OutboundTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function send(
  url: URL,
  addresses: LookupAddress[],
  options: PostOptions,
  signal: AbortSignal,
): Promise<PostResult> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
        signal,
        agent: false,
        // Connect only to the addresses checked above, whatever DNS says now.
        lookup: (_hostname, lookupOptions, callback) => {
          const all = (lookupOptions as { all?: boolean }).all === true;
          const [first] = addresses;
          if (all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
          else callback(null, first?.address ?? '', first?.family ?? 4);
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        };
        response.on('data', (chunk: Buffer) => {
          const room = options.maxResponseBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= options.maxResponseBytes) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
        // Cut short (the deadline's abort): no 'end' will come. A no-op once finished.
        response.on('close', () => {
          reject(new Error('answer cut short'));
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
