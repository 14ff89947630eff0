import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AnyEventHandler, EventRecorder, Outbox } from './events/index.js';
import type { AppContext } from './platform/context.js';
import type { CountCache } from './platform/count-cache.js';
import type { EarlyRefusals } from './platform/early-refusals.js';
import type { Signer } from './platform/signing.js';

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
  ) {}

  static of<P extends object>(platform: P): Composition<P, object> {
    return new Composition(platform, {}, [], []);
  }

  add<NS extends object = object, NJ extends object = object>(
    factory: (deps: S) => Module<NS, NJ>,
  ): Composition<S & NS, J & NJ> {
    const module = factory(this.services);
    const services = module.services ?? ({} as NS);
    const jobs = module.jobs ?? ({} as NJ);
    clashes(this.services, services, 'service');
    clashes(this.jobs, jobs, 'job');
    return new Composition<S & NS, J & NJ>(
      { ...this.services, ...services },
      { ...this.jobs, ...jobs },
      [...this.routes, ...(module.routes ?? [])],
      [...this.handlers, ...(module.handlers ?? [])],
    );
  }
}

/** Two modules giving one name would leave one of them unreachable: refused at start. */
function clashes(existing: object, added: object, kind: string): void {
  for (const name of Object.keys(added)) {
    if (name in existing) throw new Error(`Two modules provide the ${kind} "${name}"`);
  }
}
