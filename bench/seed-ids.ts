// The seeded database's fixed names, shared by the generator and the load scripts.
export const BENCH_ADMIN = 'user0';
export const BENCH_PASSWORD = 'bench-password';
/** Reseller 0 of seed-shape (user 11): the busiest, a year of key purchases and redemptions. */
export const BENCH_RESELLER = 'user11';

/** Deterministic UUID-shaped ids, so a seeded database is the same on every machine. */
const id = (kind: string, n: number) =>
  `0190${kind}-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

export const benchUserId = (n: number) => id('0001', n);
export const benchProductId = (n: number) => id('0002', n);
export const benchSubscriptionId = (n: number) => id('0003', n);
export const benchMachineId = (n: number) => id('0004', n);
export const benchKeyId = (n: number) => id('0005', n);
export const benchActivityId = (n: number) => id('0006', n);
export const benchHwid = (n: number) => `BENCH-HWID-${n.toString().padStart(10, '0')}`;
