/**
 * A server process as far as the outbox is concerned, for outbox.test.ts: its own connection
 * (pool) to the database named in argv, a fixed clock, and the test's two handlers on
 * `user.banned`: `xp` (one XP per run, a database effect) and `mail` (prints `mail <event id>`).
 *
 *   outbox-process.ts <database JSON> <now ms> drain          runs what is due, prints `ran <n>`
 *   outbox-process.ts <database JSON> <now ms> record-and-die records an event; its `xp`
 *                                                             handler kills the process mid-run
 */
import type { DatabaseConfig } from '../../config.js';
import { createDatabase } from '../../platform/db/database.js';
import type { AnyEventHandler } from '../outbox.js';
import { createOutbox, defineHandler } from '../outbox.js';

const [databaseJson = '', nowText = '', mode = ''] = process.argv.slice(2);
const database = createDatabase({ database: JSON.parse(databaseJson) as DatabaseConfig });
const now = Number(nowText);
const dieWhileHandling = mode === 'record-and-die';

const handlers: AnyEventHandler[] = [
  defineHandler({
    name: 'xp',
    on: 'user.banned',
    async handle(event, trx) {
      await trx
        .updateTable('users')
        .set((eb) => ({ xp: eb('xp', '+', 1) }))
        .where('id', '=', event.payload.userId)
        .execute();
      // The change committed and its handler's transaction is open: the worst moment to die.
      if (dieWhileHandling) process.kill(process.pid, 'SIGKILL');
    },
  }),
  defineHandler({
    name: 'mail',
    on: 'user.banned',
    async deliver(event) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      process.stdout.write(`mail ${event.id}\n`);
    },
  }),
];

const outbox = createOutbox({
  db: database.db,
  dialect: database.dialect,
  clock: { now: () => now },
  log: { warn: (details, message) => console.error(message, details), error: console.error },
  handlers,
  batchSize: 4,
});

if (dieWhileHandling) {
  const userId = process.argv[5] ?? '';
  await outbox.transaction((trx) => outbox.record(trx, 'user.banned', { userId, by: 'admin' }));
  // The handlers run after the transaction returned: the `xp` one kills the process there.
  await outbox.idle();
  throw new Error('still alive after handling');
}
const ran = await outbox.drain();
process.stdout.write(`ran ${String(ran)}\n`);
await outbox.stop();
await database.destroy();
