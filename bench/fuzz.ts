// `npm run check:fuzz [-- --seed 1 --cases 120 --only /api/keys --keep]`
// Malformed requests to every operation of the server's own OpenAPI document: wrong types,
// missing and extra fields, huge strings, unicode oddities (lone surrogates, NUL, RTL, emoji),
// 6 000-level nested JSON, malformed JSON, wrong content types, oversized bodies, bad path
// parameters (non-UUID, `..`, percent-encoding), bad query strings, odd headers and, for upload
// routes, odd multipart bodies. Starts the built server (SQLite; PostgreSQL when
// TEST_DATABASE_URL or DATABASE_URL is set) with an admin, a reseller and a client, and asserts
// 0 × 5xx and that every refusal is `{ message, code }` with a pt-BR message (loader routes: the
// signed envelope). Cases are seeded: `--seed N --only "<METHOD> <path>" --case K` replays one.
import { randomBytes, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ADMIN,
  PASSWORD,
  errorProblem,
  nextFakeIp,
  login,
  postgresUrl,
  printRows,
  seededRandom,
  send,
  serverErrorReport,
  sleep,
  startServer,
  type Answer,
  type CheckServer,
  type Outgoing,
  type Target,
  withTarget,
} from './check-lib.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    /** Cases per operation (at least 100). */
    cases: { type: 'string', default: '120' },
    /** Only operations whose "METHOD /path" contains this text. */
    only: { type: 'string' },
    /** Only this case number of each selected operation (replay). */
    case: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const SEED = Number(values.seed);
const CASES = Math.max(100, Number(values.cases));

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/users/{id}. */
  path: string;
  summary: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Multipart file field, for upload routes. */
  upload?: { field: string; fields: string[] };
  apiKey: boolean;
}

interface Case {
  name: string;
  request: Outgoing;
}

/** The multipart routes (their body is not in the OpenAPI document): file field, text fields. */
const UPLOADS: Record<string, { field: string; fields: string[] }> = {
  'POST /api/products/{id}/upload-dll': { field: 'dllFile', fields: [] },
  'POST /api/products/{id}/loader': { field: 'loaderFile', fields: ['version', 'notes'] },
  'POST /api/profile/avatar/upload': { field: 'avatar', fields: [] },
  'PATCH /api/admin/profile': { field: 'avatar', fields: ['username'] },
};

// ---------------------------------------------------------------------------------------------
// Fixtures: the accounts and rows the valid parts of a request point at.

interface Fixtures {
  admin: string;
  reseller: string;
  client: string;
  resellerId: string;
  clientId: string;
  productId: string;
  keyId: string;
  subscriptionId: string;
  depositId: string;
  ticketId: string;
  bypassUid: string;
  apiKey: string;
  apiKeyId: string;
}

let server: CheckServer;
let fixtures: Fixtures;

async function ok(outgoing: Outgoing): Promise<Answer> {
  const answer = await send(server.url, { ip: nextFakeIp(), ...outgoing });
  if (answer.status >= 300) {
    throw new Error(`set-up ${outgoing.method} ${outgoing.path}: ${answer.status} ${answer.text}`);
  }
  return answer;
}

async function adminToken(): Promise<string> {
  // By e-mail: a fuzzed PATCH /api/admin/profile may have renamed the admin.
  return login(server.url, ADMIN.email, ADMIN.password, nextFakeIp());
}

async function makeFixtures(): Promise<Fixtures> {
  const admin = await adminToken();
  const as = (token: string, method: string, path: string, json?: unknown) =>
    ok({ method, path, token, json });
  const product = await as(admin, 'POST', '/api/products', {
    name: `Fuzz ${randomBytes(3).toString('hex')}`,
    description: 'fuzz',
    plans: { daily: 1, weekly: 4, monthly: 10 },
  });
  const productId = (product.body as { product: { id: string } }).product.id;
  const name = () => `f${randomBytes(5).toString('hex')}`;
  const resellerName = name();
  const reseller = await as(admin, 'POST', '/api/resellers', {
    type: 'new',
    username: resellerName,
    email: `${resellerName}@example.com`,
    password: PASSWORD,
    initialBalance: 1000,
  });
  const clientName = name();
  const client = await as(admin, 'POST', '/api/users', {
    username: clientName,
    email: `${clientName}@example.com`,
    password: PASSWORD,
    subscription: { productId, days: 30, devices: 2 },
  });
  const clientId = (client.body as { id: string }).id;
  const clientToken = await login(server.url, clientName, PASSWORD, nextFakeIp());
  const resellerToken = await login(server.url, resellerName, PASSWORD, nextFakeIp());
  await as(admin, 'POST', '/api/keys', { productId, days: 7, quantity: 3 });
  const keys = await as(admin, 'GET', '/api/keys?pageSize=1');
  const keyId = (keys.body as { items: { id: string }[] }).items[0]?.id ?? '';
  const subs = await as(admin, 'GET', `/api/users/${clientId}/subscriptions`);
  const subscriptionId = (subs.body as { id: string }[])[0]?.id ?? '';
  await as(admin, 'PATCH', '/api/admin/payment-settings', {
    pix_key: 'pix@example.com',
    pix_beneficiary: 'Chaveiro Teste',
    pix_city: 'São Paulo',
  });
  const deposit = await as(clientToken, 'POST', '/api/deposits', { amount: 10 });
  const depositId = (deposit.body as { deposit: { id: string } }).deposit.id;
  const ticket = await as(clientToken, 'POST', '/api/support/tickets', {
    subject: 'Assunto de teste',
    message: 'Mensagem de teste do fuzz.',
  });
  const ticketId =
    (ticket.body as { ticket?: { id: string }; id?: string }).ticket?.id ??
    (ticket.body as { id?: string }).id ??
    '';
  const bypassUid = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  await as(admin, 'POST', '/api/bypass/uids', { uid: bypassUid, duration: 24 });
  const apiKey = await as(admin, 'POST', '/api/bypass/api-keys', { name: 'fuzz' });
  const apiKeyBody = apiKey.body as { key?: string; apiKey?: { id: string }; id?: string };
  return {
    admin,
    reseller: resellerToken,
    client: clientToken,
    resellerId: (reseller.body as { id: string }).id,
    clientId,
    productId,
    keyId,
    subscriptionId,
    depositId,
    ticketId,
    bypassUid,
    apiKey: apiKeyBody.key ?? '',
    apiKeyId: apiKeyBody.apiKey?.id ?? apiKeyBody.id ?? '',
  };
}

/** Puts back what a fuzz case may have changed: settings, and accounts or rows it removed. */
async function restore(): Promise<void> {
  const adminAlive =
    (await send(server.url, { method: 'GET', path: '/api/admin/profile', token: fixtures.admin }))
      .status === 200;
  const admin = adminAlive ? fixtures.admin : await adminToken();
  for (const [key, value] of [
    ['maintenance_mode', 'off'],
    ['server_status', 'online'],
    ['pause_all_users', 'off'],
  ]) {
    await ok({ method: 'PATCH', path: '/api/settings', token: admin, json: { key, value } });
  }
  const alive = async (token: string, path: string): Promise<boolean> =>
    (await send(server.url, { method: 'GET', path, token, ip: nextFakeIp() })).status === 200;
  const intact =
    (await alive(fixtures.client, '/api/client/dashboard')) &&
    (await alive(fixtures.reseller, '/api/reseller/stats')) &&
    (await alive(admin, `/api/keys/${fixtures.keyId}`)) &&
    (await alive(admin, `/api/users/${fixtures.clientId}/subscriptions`)) &&
    (await alive(fixtures.client, `/api/deposits/${fixtures.depositId}`));
  fixtures = intact ? { ...fixtures, admin } : await makeFixtures();
}

// ---------------------------------------------------------------------------------------------
// The operations, from the server's OpenAPI document.

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: Record<string, unknown>[];
      }
    >
  >;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const id = `${method.toUpperCase()} ${path}`;
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: spec.summary ?? '',
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content?.['application/json']?.schema,
        upload: UPLOADS[id],
        apiKey: (spec.security ?? []).some((entry) => 'bypassApiKey' in entry),
      });
      if (/multipart/i.test(spec.summary ?? '') && !UPLOADS[id]) {
        throw new Error(`${id} takes multipart: add it to UPLOADS`);
      }
    }
  }
  // Operations that delete or reset many things go last, so they do not starve the others.
  const rank = (op: Operation) =>
    op.path.startsWith('/api/admin-actions')
      ? 3
      : op.method === 'DELETE'
        ? 2
        : op.method === 'GET'
          ? 0
          : 1;
  return operations.sort((a, b) => rank(a) - rank(b));
}

/** The valid value of a path parameter in the context of its path. */
function pathValue(op: Operation, name: string): string {
  if (name === 'subId') return fixtures.subscriptionId;
  if (name === 'uid') return fixtures.bypassUid;
  if (name === 'sha256') return '0'.repeat(64);
  if (name === 'style') return 'bottts';
  const p = op.path;
  if (p.startsWith('/api/users') || p.startsWith('/api/resellers')) {
    return p.startsWith('/api/resellers') ? fixtures.resellerId : fixtures.clientId;
  }
  if (p.startsWith('/api/products')) return fixtures.productId;
  if (p.startsWith('/api/keys')) return fixtures.keyId;
  if (p.includes('/deposits')) return fixtures.depositId;
  if (p.includes('/support/')) return fixtures.ticketId;
  if (p.startsWith('/api/client/subscriptions')) return fixtures.subscriptionId;
  if (p.startsWith('/api/bypass/api-keys')) return fixtures.apiKeyId;
  return randomUUID();
}

/** A valid-looking value for a schema (the baseline each case breaks one part of). */
function example(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const named: Record<string, () => unknown> = {
    productId: () => fixtures.productId,
    userId: () => fixtures.clientId,
    subscriptionId: () => fixtures.subscriptionId,
    email: () => `z${randomBytes(4).toString('hex')}@example.com`,
    username: () => `z${randomBytes(4).toString('hex')}`,
    password: () => 'fuzz-password-1',
    identifier: () => 'nobody-here',
    uid: () => String(100_000_000 + Math.floor(Math.random() * 800_000_000)),
    newUid: () => String(100_000_000 + Math.floor(Math.random() * 800_000_000)),
    nonce: () => randomBytes(16).toString('base64url'),
    hwid: () => `HWID-${randomBytes(6).toString('hex')}`,
    keyValue: () => 'AAAAAAAAAAAAAAAAAA',
    key: () => 'AAAAAAAAAAAAAAAAAA',
  };
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return example(alternatives[0], name, depth + 1);
  if (schema.allOf)
    return example(Object.assign({}, ...schema.allOf) as JsonSchema, name, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      value[key] = example(child, key, depth + 1);
    }
    return value;
  }
  if (named[name] && (type === 'string' || type === undefined)) return named[name]();
  if (type === 'string') return 'x'.repeat(Math.max(1, schema.minLength ?? 3));
  if (type === 'integer' || type === 'number') {
    return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
  }
  if (type === 'boolean') return true;
  if (type === 'array') return [example(schema.items, name, depth + 1)];
  return null;
}

// ---------------------------------------------------------------------------------------------
// The malformed parts.

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';
const ODD_STRINGS: [string, unknown][] = [
  ['empty string', ''],
  ['spaces', '   '],
  ['NUL inside', 'a\u0000b'],
  ['lone high surrogate', `a${LONE_HIGH}b`],
  ['lone low surrogate', `${LONE_LOW}`],
  ['RTL override', '\u202eabc\u202d'],
  ['emoji', '🔑🙂‍↔️👨‍👩‍👧‍👦'],
  ['zero-width', '\u200b\u200c\u200d\ufeff'],
  ['combining marks', 'e\u0301\u0301\u0301\u0301\u0301'],
  ['control chars', '\u0001\u0007\u001b[31m\r\n'],
  ['1 MB string', 'a'.repeat(1_000_000)],
  ['100 k string', 'é'.repeat(100_000)],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['path', '../../../../etc/passwd'],
  ['HTML', '<script>alert(1)</script>'],
  ['format string', '%s%s%n%x'],
  ['numeric string', '12345'],
  ['uuid', '00000000-0000-0000-0000-000000000000'],
];
const WRONG_TYPES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['beyond max safe integer', 2 ** 53 + 2],
  ['array', []],
  ['array of strings', ['a', 'b']],
  ['object', {}],
  ['nested object', { a: { b: { c: 1 } } }],
  ['string "NaN"', 'NaN'],
  ['string "-1"', '-1'],
];

function nested(depth: number, kind: 'object' | 'array'): string {
  return kind === 'object'
    ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    : '['.repeat(depth) + '1' + ']'.repeat(depth);
}

const MALFORMED_JSON: [string, string | Buffer][] = [
  ['unclosed object', '{'],
  ['cut after key', '{"a":'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['bare word', 'nul'],
  ['NaN literal', '{"a":NaN}'],
  ['Infinity', '{"a":Infinity}'],
  ['1e999999', '{"a":1e999999}'],
  ['escaped lone surrogate', '{"a":"\\ud800"}'],
  ['escaped NUL', '{"a":"\\u0000"}'],
  ['BOM first', '\ufeff{}'],
  [
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
  ],
  ['only whitespace', '   \n\t'],
  ['comment', '{/* x */}'],
  ['two documents', '{}{}'],
  ['__proto__ key', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
  ['duplicate keys', '{"a":1,"a":2,"a":3}'],
  ['6 000 nested objects', nested(6000, 'object')],
  ['6 000 nested arrays', nested(6000, 'array')],
  ['100 000 nested arrays', nested(100_000, 'array')],
  ['top-level string', '"hello"'],
  ['top-level number', '42'],
  ['top-level null', 'null'],
  ['top-level array', '[]'],
  [
    '10 000 keys',
    JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))),
  ],
];

const CONTENT_TYPES: [string, string | undefined][] = [
  ['text/plain', 'text/plain'],
  ['form urlencoded', 'application/x-www-form-urlencoded'],
  ['multipart without boundary', 'multipart/form-data'],
  ['json latin1', 'application/json; charset=latin1'],
  ['json utf-16', 'application/json; charset=utf-16'],
  ['two types', 'application/json, text/plain'],
  ['xml', 'application/xml'],
  ['octet-stream', 'application/octet-stream'],
  ['garbage', ';;;==='],
  ['no content type', undefined],
  ['json+junk', 'application/jsonx'],
  ['huge parameter', `application/json; x=${'a'.repeat(5000)}`],
];

const PATH_VALUES: [string, string][] = [
  ['non-UUID', 'abc'],
  ['dot dot', '..'],
  ['encoded dot dot', '%2e%2e'],
  ['traversal', '..%2f..%2fetc%2fpasswd'],
  ['encoded slash', 'a%2Fb'],
  ['NUL', '%00'],
  ['lone percent', '%'],
  ['bad escape', '%zz'],
  ['invalid UTF-8', '%ff%fe'],
  ['lone surrogate (UTF-8 of U+D800)', '%ED%A0%80'],
  ['double-encoded', '%252e%252e'],
  ['5 000 chars', 'a'.repeat(5000)],
  ['emoji', encodeURIComponent('🔑')],
  ['RTL', encodeURIComponent('\u202eabc')],
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1e9'],
  ['null', 'null'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['space', '%20'],
  ['SQL', encodeURIComponent("' OR '1'='1")],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['random UUID', 'RANDOM_UUID'],
  ['upper-case UUID', 'UPPER_UUID'],
  ['semicolon', ';a=b'],
  ['plus', '+'],
];

const QUERY_STRINGS: [string, string][] = [
  ['page=-1', 'page=-1'],
  ['page=0', 'page=0'],
  ['page=1e9', 'page=1e9'],
  ['page huge', 'page=99999999999999999999999'],
  ['page=abc', 'page=abc'],
  ['pageSize=1e9', 'pageSize=1e9'],
  ['pageSize=0', 'pageSize=0'],
  ['pageSize=-5', 'pageSize=-5'],
  ['page array', 'page[]=1&page[]=2'],
  ['page twice', 'page=1&page=2'],
  ['page object', 'page[a]=1'],
  ['q 10 000 chars', `q=${'a'.repeat(10_000)}`],
  ['q NUL', 'q=%00'],
  ['q invalid UTF-8', 'q=%ff%fe'],
  ['q lone surrogate', 'q=%ED%A0%80'],
  ['q percent', 'q=%'],
  ['q LIKE wildcards', 'q=%25_%25'],
  ['status bogus', 'status=bogus'],
  ['status twice', 'status=used&status=active'],
  ['unknown parameter', 'zzz=1'],
  ['empty pairs', '&&&=&='],
  ['question marks', '??a=b'],
  ['productId not uuid', 'productId=..%2f'],
  ['cascade bogus', 'cascade=maybe'],
  ['session junk', 'session=%00&nonce=%ff'],
  ['seed huge', `seed=${'x'.repeat(3000)}`],
  ['token junk', 'token=%ED%A0%80'],
];

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function multipart(
  parts: { name: string; filename?: string; type?: string; data: string | Buffer }[],
  boundary = `----fuzz${randomBytes(6).toString('hex')}`,
): { body: Buffer; type: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Cases for one operation.

type Random = ReturnType<typeof seededRandom>;

function casesFor(op: Operation, token: string | undefined, random: Random): Case[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headers = (): Record<string, string> => (op.apiKey ? { 'x-api-key': fixtures.apiKey } : {});
  const path = (override?: [string, string]) => {
    let built = op.path;
    for (const param of pathParams) {
      let value = pathValue(op, param.name);
      if (override && override[0] === param.name) {
        value =
          override[1] === 'RANDOM_UUID'
            ? randomUUID()
            : override[1] === 'UPPER_UUID'
              ? value.toUpperCase()
              : override[1];
      }
      built = built.replace(`{${param.name}}`, value);
    }
    return built;
  };
  const base = (): Outgoing => ({ method: op.method, path: path(), token, headers: headers() });
  const withJson = (json: unknown, extra: Partial<Outgoing> = {}): Outgoing => ({
    ...base(),
    body: JSON.stringify(json),
    headers: { ...headers(), 'content-type': 'application/json' },
    ...extra,
  });
  const withRaw = (body: string | Buffer, type: string | undefined): Outgoing => ({
    ...base(),
    body,
    headers: { ...headers(), ...(type ? { 'content-type': type } : {}) },
  });
  const cases: Case[] = [];
  const add = (name: string, request: Outgoing) => cases.push({ name, request });
  const baseline = op.body ? example(op.body) : undefined;
  const hasBodyMethod = op.method !== 'GET';

  // Body: each property missing, of a wrong type or odd; extra and unknown fields.
  if (op.body && baseline && typeof baseline === 'object' && !Array.isArray(baseline)) {
    const object = baseline as Record<string, unknown>;
    add('valid-looking body', withJson(object));
    for (const key of Object.keys(object)) {
      const { [key]: _dropped, ...rest } = object;
      add(`${key}: missing`, withJson(rest));
      for (const [label, value] of [...WRONG_TYPES, ...ODD_STRINGS]) {
        add(`${key}: ${label}`, withJson({ ...object, [key]: value }));
      }
    }
    add('extra field role', withJson({ ...object, role: 'admin', balance_cents: 1e9 }));
    add('extra field, odd name', withJson({ ...object, [`${LONE_HIGH}\u0000`]: 1 }));
  }
  if (hasBodyMethod) {
    for (const [label, raw] of MALFORMED_JSON)
      add(`body: ${label}`, withRaw(raw, 'application/json'));
    for (const [label, type] of CONTENT_TYPES) {
      add(`content-type: ${label}`, withRaw(JSON.stringify(baseline ?? {}), type));
    }
    add('empty body, JSON type', withRaw('', 'application/json'));
    add('1.5 MB JSON body', withJson({ ...(baseline as object), pad: 'a'.repeat(1_500_000) }));
    add('3 MB JSON body', withRaw(`{"a":"${'b'.repeat(3_000_000)}"}`, 'application/json'));
    add('chunked JSON body', {
      ...withRaw(JSON.stringify(baseline ?? {}), 'application/json'),
      headers: { ...headers(), 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    add('content-length and chunked', {
      ...withRaw('{"a":1}', 'application/json'),
      headers: {
        ...headers(),
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        'content-length': '7',
      },
    });
  }
  // Path parameters.
  for (const param of pathParams) {
    for (const [label, value] of PATH_VALUES) {
      const request = baseline !== undefined ? withJson(baseline) : base();
      add(`path ${param.name}: ${label}`, { ...request, path: path([param.name, value]) });
    }
  }
  // Query strings (every operation: unknown parameters too).
  for (const [label, query] of QUERY_STRINGS) {
    if (queryParams.length === 0 && !/unknown|empty|question/.test(label) && random.next() < 0.6)
      continue;
    const request = baseline !== undefined ? withJson(baseline) : base();
    add(`query ${label}`, { ...request, path: `${path()}?${query}` });
  }
  // Headers.
  const request = () => (baseline !== undefined ? withJson(baseline) : base());
  add('no credentials', { ...request(), token: undefined, headers: {} });
  add('bearer empty', {
    ...request(),
    token: undefined,
    headers: { ...headers(), authorization: 'Bearer' },
  });
  add('bearer garbage', { ...request(), token: 'a.b.c' });
  add('bearer alg none', {
    ...request(),
    token: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","role":"admin"}').toString('base64url')}.`,
  });
  add('basic auth', {
    ...request(),
    token: undefined,
    headers: { ...headers(), authorization: 'Basic YWRtaW46YWRtaW4=' },
  });
  add('20 KB header', { ...request(), headers: { ...headers(), 'x-junk': 'a'.repeat(20_000) } });
  add('odd accept', { ...request(), headers: { ...headers(), accept: 'application/xml;q=abc' } });
  add('api key junk', { ...request(), headers: { ...headers(), 'x-api-key': 'junk' } });
  // Multipart.
  if (op.upload) {
    const field = op.upload.field;
    const parts: [
      string,
      { name: string; filename?: string; type?: string; data: string | Buffer }[],
    ][] = [
      ['no parts', []],
      ['field only', [{ name: 'username', data: 'a' }]],
      [
        'wrong field name',
        [{ name: 'nope', filename: 'a.png', type: 'image/png', data: PNG_HEADER }],
      ],
      ['empty file', [{ name: field, filename: 'a.png', type: 'image/png', data: '' }]],
      ['text as file', [{ name: field, filename: 'a.png', type: 'image/png', data: 'hello' }]],
      [
        'PNG header only',
        [{ name: field, filename: 'a.png', type: 'image/png', data: PNG_HEADER }],
      ],
      [
        'MZ header only',
        [{ name: field, filename: 'a.dll', type: 'application/octet-stream', data: 'MZ' }],
      ],
      [
        'two files',
        [
          { name: field, filename: 'a.png', type: 'image/png', data: PNG_HEADER },
          { name: field, filename: 'b.png', type: 'image/png', data: PNG_HEADER },
        ],
      ],
      ['filename traversal', [{ name: field, filename: '../../etc/passwd', data: 'MZ' }]],
      ['filename NUL and RTL', [{ name: field, filename: 'a\u0000\u202egnp.exe', data: 'MZ' }]],
      ['filename 5 000 chars', [{ name: field, filename: 'a'.repeat(5000), data: 'MZ' }]],
      [
        '3 MB file',
        [
          {
            name: field,
            filename: 'a.png',
            type: 'image/png',
            data: Buffer.concat([PNG_HEADER, Buffer.alloc(3_000_000)]),
          },
        ],
      ],
      ['username 10 000 chars', [{ name: 'username', data: 'u'.repeat(10_000) }]],
      ['username lone surrogate', [{ name: 'username', data: `ab${LONE_HIGH}c` }]],
      [
        'username twice',
        [
          { name: 'username', data: 'abc' },
          { name: 'username', data: 'def' },
        ],
      ],
      ['1 000 fields', Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, data: 'x' }))],
    ];
    for (const [label, list] of parts) {
      const { body, type } = multipart(list);
      add(`multipart: ${label}`, withRaw(body, type));
    }
    const { body } = multipart([{ name: field, filename: 'a.png', data: PNG_HEADER }]);
    add('multipart: wrong boundary', withRaw(body, 'multipart/form-data; boundary=nope'));
    add('multipart: truncated', withRaw(body.subarray(0, body.length - 20), multipart([]).type));
    add('multipart: garbage', withRaw('--x\r\nnope\r\n', 'multipart/form-data; boundary=x'));
    add('multipart: JSON', withRaw('{}', 'application/json'));
  }
  // Seeded random combinations until the operation has CASES cases.
  const pools: (() => Case)[] = [];
  if (op.body && baseline && typeof baseline === 'object' && !Array.isArray(baseline)) {
    const keys = Object.keys(baseline);
    pools.push(() => {
      const broken: Record<string, unknown> = { ...(baseline as Record<string, unknown>) };
      const labels: string[] = [];
      for (let n = random.int(1, 3); n > 0; n -= 1) {
        const key =
          random.next() < 0.8 && keys.length > 0 ? random.pick(keys) : `extra${random.int(0, 9)}`;
        const [label, value] = random.pick([...WRONG_TYPES, ...ODD_STRINGS]);
        broken[key] = value;
        labels.push(`${key}=${label}`);
      }
      return { name: `random: ${labels.join(', ')}`, request: withJson(broken) };
    });
  }
  if (pathParams.length > 0) {
    pools.push(() => {
      const param = random.pick(pathParams).name;
      const [label, value] = random.pick(PATH_VALUES);
      const suffix = random.pick(['', '/', '/..', '//', '/x']);
      return {
        name: `random path ${param}: ${label} + "${suffix}"`,
        request: { ...request(), path: path([param, value]) + suffix },
      };
    });
  }
  pools.push(() => {
    const [a, qa] = random.pick(QUERY_STRINGS);
    const [b, qb] = random.pick(QUERY_STRINGS);
    return {
      name: `random query: ${a} & ${b}`,
      request: { ...request(), path: `${path()}?${qa}&${qb}` },
    };
  });
  if (hasBodyMethod) {
    pools.push(() => {
      const [label, raw] = random.pick(MALFORMED_JSON);
      const [typeLabel, type] = random.pick(CONTENT_TYPES);
      return { name: `random body: ${label} as ${typeLabel}`, request: withRaw(raw, type) };
    });
    pools.push(() => {
      const [label, value] = random.pick([...WRONG_TYPES, ...ODD_STRINGS]);
      return {
        name: `random whole body: ${label}`,
        request: withRaw(JSON.stringify(value), 'application/json'),
      };
    });
  }
  while (cases.length < CASES) cases.push(random.pick(pools)());
  return cases;
}

/**
 * Requests to no operation at all: dot segments, odd encodings and unknown names under the API,
 * the loader (whose every answer is signed) and the site, with each method.
 */
function strayCases(random: Random): Case[] {
  const prefixes = ['', '/api', '/api/loader', '/api/users', '/api/keys/x', '/assets'];
  const tails = [
    '/..',
    '/../api/health',
    '/%2e%2e',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/.%2e/',
    '/nope',
    '/%',
    '/%zz',
    '/%ff',
    '/%00',
    '/a%2Fb',
    '//',
    '/./',
    `/${'a'.repeat(3000)}`,
    '/🔑',
    '/%ED%A0%80',
    '/index.html/..',
    '/openapi.json/..',
    '/\\..',
  ];
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  const cases: Case[] = [];
  const paths = prefixes.flatMap((prefix) => tails.map((tail) => `${prefix}${tail}`));
  // Every method once on an unknown loader and API name, then a random method per odd path.
  const pairs: [string, string][] = [
    ...methods.flatMap((method): [string, string][] => [
      [method, '/api/loader/nope'],
      [method, '/api/nope'],
    ]),
    ...paths.map((path): [string, string] => [random.pick(methods), path]),
  ];
  for (const [method, path] of pairs) {
    cases.push({
      name: `${method} ${path.slice(0, 60)}`,
      request: {
        method,
        path,
        token: random.next() < 0.5 ? fixtures.admin : undefined,
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { body: '{}', headers: { 'content-type': 'application/json' } }),
      },
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------

interface Failure {
  operation: string;
  index: number;
  name: string;
  request: string;
  status: number;
  problem: string;
  body: string;
  log: string[];
}

function describeRequest(request: Outgoing): string {
  const body = request.body === undefined ? '' : Buffer.from(request.body).toString('utf8');
  const shown = body.length > 160 ? `${body.slice(0, 160)}… (${body.length} bytes)` : body;
  const type = request.headers?.['content-type'];
  const path =
    request.path.length > 200
      ? `${request.path.slice(0, 200)}… (${request.path.length} chars)`
      : request.path;
  return `${request.method} ${path}${type ? ` [${String(type).slice(0, 60)}]` : ''} ${shown}`.trim();
}

/** Loader answers are signed envelopes, except the public key's. */
function isLoaderPath(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return bare.startsWith('/api/loader/') && bare !== '/api/loader/public-key';
}

async function roleOf(op: Operation): Promise<{ label: string; token: string | undefined }> {
  for (const [label, token] of [
    ['admin', fixtures.admin],
    ['reseller', fixtures.reseller],
    ['client', fixtures.client],
  ] as const) {
    // A body that cannot parse: the guard answers first, and nothing else runs.
    const probe: Outgoing =
      op.method === 'GET'
        ? { method: op.method, path: op.path.replace(/\{[^}]+\}/g, randomUUID()), token }
        : {
            method: op.method,
            path: op.path.replace(/\{[^}]+\}/g, randomUUID()),
            token,
            body: '{',
            headers: { 'content-type': 'application/json' },
          };
    const answer = await send(server.url, { ip: nextFakeIp(), ...probe });
    if (answer.status !== 401 && answer.status !== 403) return { label, token };
  }
  return { label: 'none', token: undefined };
}

async function fuzzCheck(target: Target, logFile: string) {
  server = await startServer(target, logFile);
  const failures: Failure[] = [];
  const rows: (string | number)[][] = [];
  let total = 0;
  try {
    fixtures = await makeFixtures();
    const document = (await send(server.url, { method: 'GET', path: '/api/openapi.json' })).body;
    const operations = operationsOf(document as Parameters<typeof operationsOf>[0]);
    console.log(
      `fuzzing ${operations.length} operations on ${target.kind}, seed ${SEED}, ${CASES} cases each`,
    );
    const STRAY = 'ANY (no operation)';
    for (const op of [...operations, undefined]) {
      const id = op ? `${op.method} ${op.path}` : STRAY;
      if (values.only && !id.includes(values.only)) continue;
      await restore();
      const { label, token } = op ? await roleOf(op) : { label: 'mixed', token: undefined };
      // One generator per operation: its cases do not depend on which other operations ran.
      const random = seededRandom(
        SEED * 1_000_003 + [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7),
      );
      const cases = op ? casesFor(op, token, random) : strayCases(random);
      const statuses = new Map<string, number>();
      let opFailures = 0;
      for (const [index, testCase] of cases.entries()) {
        if (values.case !== undefined && Number(values.case) !== index) continue;
        const logBefore = statSync(logFile).size;
        let answer: Answer;
        try {
          answer = await send(server.url, {
            ip: nextFakeIp(),
            ...testCase.request,
            timeoutMs: 30_000,
          });
        } catch (error) {
          answer = { status: 0, headers: {}, text: (error as Error).message, body: undefined };
        }
        total += 1;
        const bucket = answer.status === 0 ? 'none' : `${Math.floor(answer.status / 100)}xx`;
        statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
        const problem =
          answer.status === 0
            ? `no answer (${answer.text})`
            : testCase.request.method === 'HEAD'
              ? answer.status >= 500
                ? String(answer.status)
                : null
              : errorProblem(answer, isLoaderPath(testCase.request.path));
        if (problem) {
          opFailures += 1;
          await sleep(30);
          failures.push({
            operation: id,
            index,
            name: testCase.name,
            request: describeRequest(testCase.request),
            status: answer.status,
            problem,
            body: answer.text.slice(0, 240),
            log: serverErrorReport(logFile, logBefore),
          });
        }
      }
      rows.push([
        id,
        label,
        cases.length,
        ['2xx', '4xx', '5xx', 'none'].map((bucket) => `${statuses.get(bucket) ?? 0}`).join('/'),
        opFailures,
      ]);
    }
  } finally {
    await server.stop();
  }
  printRows(['operation', 'as', 'cases', '2xx/4xx/5xx/none', 'failures'], rows);
  const fivexx = failures.filter((failure) => failure.status >= 500 || failure.status === 0).length;
  console.log(
    `\n${rows.length} operations · ${total} requests · ${fivexx} × 5xx or no answer · ${failures.length - fivexx} unclean 4xx`,
  );
  // One kind of failure: same status, error code and problem (echoed text left out); each
  // kind lists every case that showed it, and the first one in full, to replay.
  const kinds = new Map<string, Failure[]>();
  for (const failure of failures) {
    const code = /"code":"([A-Z_]+)"/.exec(failure.body)?.[1] ?? '-';
    const key = `${failure.status} ${code} ${failure.problem.replace(/"[^"]*"/g, '…')}`;
    kinds.set(key, [...(kinds.get(key) ?? []), failure]);
  }
  for (const [kind, group] of kinds) {
    const first = group[0]!;
    const operations = new Set(group.map((failure) => failure.operation));
    console.log(`\nFAIL ${kind}: ${group.length} case(s) in ${operations.size} operation(s)`);
    console.log(
      `  e.g. replay: --seed ${SEED} --only "${first.operation}" --case ${first.index} (${first.name})`,
    );
    console.log(`  request: ${first.request}`);
    console.log(`  answer: ${first.status} ${first.body}`);
    for (const line of [...new Set(first.log)].slice(0, 2)) console.log(`  server: ${line}`);
    for (const failure of group) {
      console.log(`  - ${failure.operation} #${failure.index} ${failure.name}`);
    }
  }
  console.log(failures.length === 0 ? '\nfuzz: ok' : '\nfuzz: FAIL');
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await withTarget(
  { name: 'fuzz', kind: postgresUrl ? 'postgres' : 'sqlite', keep: values.keep },
  fuzzCheck,
);
