/**
 * Lets `size` holders in at once; the others wait their turn, first come first served, and a
 * place that frees up passes straight to the next in line (no thundering herd).
 */
export class FifoGate {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size = 1) {
    this.#free = size;
  }

  enter(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((turn) => this.#waiting.push(turn));
  }

  leave(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }
}
