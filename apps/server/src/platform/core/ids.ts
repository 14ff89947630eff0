import { v7 } from 'uuid';

/** Time-ordered UUIDv7: portable text ids that index well and cannot be guessed. */
export function newId(): string {
  return v7();
}
