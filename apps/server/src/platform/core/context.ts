import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { TokenService } from '../http/auth.js';
import type { BackgroundWork } from '../jobs/background-work.js';
import type { Clock } from './clock.js';
import type { Draining } from '../http/draining.js';
import type { JobLeases } from '../jobs/job-leases.js';
import type { ReadNow, SqlDialect } from '../db/database.js';
import type { Mailer } from '../mail/mail.js';
import type { Uploads } from '../http/multipart.js';
import type { SharedState } from '../state/shared-state.js';
import type { RunQueries } from '../db/sqlite-worker.js';

/** What every module's services are built from (services are factories over their deps). */
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** Idempotent writes nobody waits on, off the event loop (AppDatabase.runInBackground). */
  runInBackground: RunQueries;
  /** One hot read-only statement at once (AppDatabase.readNow). */
  readNow: ReadNow;
  /** Heavy reads off the event loop, no transactions (AppDatabase.backgroundReads). */
  backgroundReads: Kysely<Database>;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  /** Work done after answering (sign-up and reset mails), logged on failure, awaited at close. */
  background: BackgroundWork;
  /** Multipart uploads, streamed to temporary files (avatars, product DLLs). */
  uploads: Uploads;
  /** Set once a shutdown signal arrived (readiness answers 503 from then on). */
  draining: Draining;
  /** Rate-limit windows, nonces and cache announcements: memory, or Redis with REDIS_URL. */
  sharedState: SharedState;
  /** This process's leases on periodic jobs: each job's timer runs in one process of all. */
  jobLeases: JobLeases;
}
