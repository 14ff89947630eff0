/** Time source injected through the app deps so tests can move time (expiry, pauses, tokens). */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
