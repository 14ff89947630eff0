import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AnyEventHandler, EventRecorder, Outbox } from './events/index.js';
import type { AppContext } from './platform/core/context.js';
import type { CountCache, GroupCountCache } from './platform/state/count-cache.js';
import type { EarlyRefusals } from './platform/http/early-refusals.js';
import type { Signer } from './platform/crypto/signing.js';

/**
 * What every module may be built from besides other modules' services: the app context, the
 * log, the outbox's recorder, and the few platform pieces built once per app.
 */
export interface Platform extends AppContext {
  log: FastifyBaseLogger;
  /** Transactions to record domain events in (the outbox). */
  events: EventRecorder;
  /** The outbox itself, for the admin's view of its dead deliveries. */
  outbox: Pick<Outbox, 'listDead' | 'requeue'>;
  /**
   * Totals of the licence-key list's filters: read by the keys repository, cleared by every
   * write that changes them (key writes, and deletes that cascade into keys or their redeemer).
   */
  keyTotals: CountCache;
  /**
   * Totals of the user list's filters (and its page anchors): read by the user directory,
   * cleared by every write of the users module that changes who matches a filter or where a
   * user sorts (accounts made or deleted, role, status, username, e-mail, balance).
   */
  userTotals: CountCache;
  /**
   * Counts of subscriptions by product over a span of expiries (analytics' expiring list): read
   * by analytics, cleared by every write that changes a subscription's status, expiry or
   * product (the subscriptions module, and deletes that cascade into subscriptions).
   */
  subscriptionCounts: GroupCountCache;
  /** The loader signing key, shared by our loader API and KeyAuth's. */
  loaderSigner: Signer;
  /** Requests refused before the router picks a scope; the loader adds its signed refusal. */
  earlyRefusals: EarlyRefusals;
  /** Route plugins under /api/v1 beside the seller API's own (tests' probe routes). */
  sellerApiExtensions: readonly FastifyPluginCallbackZod[];
}

/**
 * Where a route plugin is served. Each scope has its own hooks, set once in app.ts: `api` is the
 * site's `/api` (browser headers, sessions, the maintenance gate), `site` the site without
 * `/api`'s hooks (the seller API brings its own), `loader` the desktop clients' (signed answers,
 * no browser headers or uploads, never cached).
 */
export type RouteScope = 'api' | 'site' | 'loader';

export interface ModuleRoutes {
  scope: RouteScope;
  /** Under the scope's own (`/api` for `api`); no two modules mount the same one. */
  prefix: string;
  plugin: FastifyPluginCallbackZod;
}

/** Work on a timer, started once the app is ready and stopped (awaited) when it closes. */
export interface BackgroundJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * What a module contributes: services other modules (and app.ts) may depend on, route plugins,
 * event handlers and background jobs, each optional. A module's `index.ts` exports one factory
 * returning this from typed, narrowed deps (`Pick<Platform & …, …>`).
 */
export interface Module<S extends object = object, J extends object = object> {
  /** The module's folder under modules/ (what a trace of a request names). */
  name: string;
  services?: S;
  routes?: readonly ModuleRoutes[];
  handlers?: readonly AnyEventHandler[];
  /** Named so tests can run one at will (`app.jobs.<name>.runOnce()`). */
  jobs?: J;
}

/** Declares a module's contribution with its service and job names inferred. */
export function defineModule<S extends object = object, J extends object = object>(
  module: Module<S, J>,
): Module<S, J> {
  return module;
}

/**
 * Which modules a request enters, for the tests that hold docs/architecture.md's request walks
 * to the code: told of each route, service call and event handler of a module.
 */
export interface ModuleTrace {
  enter(module: string): void;
  /** Runs a handler's work: what it enters happens after the answer unless it is in-answer. */
  handling<T>(afterAnswer: boolean, work: () => Promise<T>): Promise<T>;
}

/**
 * The modules of an app, added in dependency order: each factory receives everything built so
 * far (the platform and earlier modules' services) and its parameter type names what it reads,
 * so a module added before what it needs fails to compile.
 */
export class Composition<S extends object, J extends object> {
  private constructor(
    readonly services: S,
    readonly jobs: J,
    readonly routes: readonly ModuleRoutes[],
    readonly handlers: readonly AnyEventHandler[],
    private readonly trace: ModuleTrace | undefined,
  ) {}

  static of<P extends object>(platform: P, trace?: ModuleTrace): Composition<P, object> {
    return new Composition(platform, {}, [], [], trace);
  }

  add<NS extends object = object, NJ extends object = object>(
    factory: (deps: S) => Module<NS, NJ>,
  ): Composition<S & NS, J & NJ> {
    const built = factory(this.services);
    const module = this.trace ? traced(built, this.trace) : built;
    const services = module.services ?? ({} as NS);
    const jobs = module.jobs ?? ({} as NJ);
    clashes(this.services, services, 'service');
    clashes(this.jobs, jobs, 'job');
    for (const route of module.routes ?? []) {
      const other = this.routes.find((r) => r.scope === route.scope && r.prefix === route.prefix);
      // One prefix, one module: where a URL is served is read off its prefix.
      if (other) throw new Error(`Two modules mount ${route.scope} ${route.prefix || '/'}`);
    }
    return new Composition<S & NS, J & NJ>(
      { ...this.services, ...services },
      { ...this.jobs, ...jobs },
      [...this.routes, ...(module.routes ?? [])],
      [...this.handlers, ...(module.handlers ?? [])],
      this.trace,
    );
  }
}

/** The module with every route, service method and handler telling `trace` it was entered. */
function traced<S extends object, J extends object>(
  module: Module<S, J>,
  trace: ModuleTrace,
): Module<S, J> {
  const enter = () => trace.enter(module.name);
  const services = module.services
    ? (Object.fromEntries(
        Object.entries(module.services).map(([key, service]) => [
          key,
          tracedService(service, enter),
        ]),
      ) as S)
    : undefined;
  return {
    ...module,
    ...(services ? { services } : {}),
    routes: module.routes?.map((route) => ({
      ...route,
      plugin: (app, options, done) => {
        app.addHook('onRequest', (_request, _reply, next) => {
          enter();
          next();
        });
        route.plugin(app, options, done);
      },
    })),
    handlers: module.handlers?.map((handler) => tracedHandler(handler, trace, enter)),
  };
}

function tracedService(service: unknown, enter: () => void): unknown {
  if (typeof service !== 'object' || service === null) return service;
  return new Proxy(service, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return function (this: unknown, ...args: unknown[]) {
        enter();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

function tracedHandler(
  handler: AnyEventHandler,
  trace: ModuleTrace,
  enter: () => void,
): AnyEventHandler {
  const afterAnswer = !('inAnswer' in handler && handler.inAnswer);
  const run = <T>(work: () => Promise<T>) =>
    trace.handling(afterAnswer, () => {
      enter();
      return work();
    });
  if (handler.handle) {
    const handle = handler.handle as (event: never, trx: never) => Promise<void>;
    return {
      ...handler,
      handle: (event: never, trx: never) => run(() => handle(event, trx)),
    } as AnyEventHandler;
  }
  const deliver = handler.deliver as (event: never) => Promise<void>;
  return { ...handler, deliver: (event: never) => run(() => deliver(event)) } as AnyEventHandler;
}

/** Two modules giving one name would leave one of them unreachable: refused at start. */
function clashes(existing: object, added: object, kind: string): void {
  for (const name of Object.keys(added)) {
    if (name in existing) throw new Error(`Two modules provide the ${kind} "${name}"`);
  }
}
