/**
 * Whether this process is shutting down: set on SIGTERM/SIGINT by shutdown.ts, read
 * by the readiness probe so a load balancer stops sending traffic before the listener closes.
 */
export interface Draining {
  readonly active: boolean;
  begin(): void;
}

export function createDraining(): Draining {
  let active = false;
  return {
    get active() {
      return active;
    },
    begin() {
      active = true;
    },
  };
}
