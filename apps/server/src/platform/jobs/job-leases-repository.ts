import type { AppDatabase } from '../db/database.js';

/**
 * The `job_leases` table (platform/jobs/job-leases.ts): who runs each periodic job's timer. Its
 * renewals, one per job tick, commit on the SQLite worker: on the event loop each commit's
 * fsync held every request for 2–5 ms.
 */
export function createJobLeasesRepository({
  db,
  runInBackground,
}: Pick<AppDatabase, 'db' | 'runInBackground'>) {
  return {
    /**
     * Takes the lease `name` for `holder` until `expiresAt` when nobody holds it, when its holder
     * let it lapse (`expires_at <= now`), or renews it when `holder` already holds it; true when
     * `holder` holds it afterwards. One statement: two processes asking at once cannot both win
     * (PostgreSQL re-checks the condition on the row the other committed; SQLite has one writer),
     * and it changed a row exactly when `holder` holds the lease (gated).
     */
    async acquireOrRenew(request: {
      name: string;
      holder: string;
      now: number;
      expiresAt: number;
    }): Promise<boolean> {
      const { name, holder, now, expiresAt } = request;
      const upsert = db
        .insertInto('job_leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: expiresAt })
            .where((eb) =>
              eb.or([eb('job_leases.holder', '=', holder), eb('job_leases.expires_at', '<=', now)]),
            ),
        )
        .compile();
      return runInBackground([upsert], { transaction: true, gated: true });
    },

    /** Gives the lease up if `holder` holds it (a lease taken over meanwhile stays). */
    async release(name: string, holder: string): Promise<void> {
      await db
        .deleteFrom('job_leases')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    /** Who holds the lease `name`, lapsed or not; undefined when nobody does. */
    async holderOf(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('job_leases')
        .select('holder')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.holder;
    },

    /** Moves the lease `name` from `from` to `holder` until `expiresAt`, if `from` still holds it. */
    async takeOver(request: {
      name: string;
      from: string;
      holder: string;
      expiresAt: number;
    }): Promise<boolean> {
      const { name, from, holder, expiresAt } = request;
      const result = await db
        .updateTable('job_leases')
        .set({ holder, expires_at: expiresAt })
        .where('name', '=', name)
        .where('holder', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Who holds each lease now, by name (expired ones included: nobody took them yet). */
    async holders(): Promise<Record<string, string>> {
      const rows = await db.selectFrom('job_leases').select(['name', 'holder']).execute();
      return Object.fromEntries(rows.map((row) => [row.name, row.holder]));
    },
  };
}

export type JobLeasesRepository = ReturnType<typeof createJobLeasesRepository>;
