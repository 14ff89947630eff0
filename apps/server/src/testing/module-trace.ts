import { AsyncLocalStorage } from 'node:async_hooks';
import type { ModuleTrace } from '../module.js';

/** The modules one request entered, in the order first entered. */
export interface Walk {
  /** Before its answer: its route, the services it called, the handlers that run in it. */
  beforeAnswer: string[];
  /** After its answer: the event handlers that follow it, and what they called. */
  afterAnswer: string[];
}

interface Recording {
  walk: Walk;
  phase: keyof Walk;
}

/**
 * A ModuleTrace that records per request: work started by `record`'s request (its handlers
 * after the answer included, which run in its async context) is told apart from any other.
 */
export function createModuleTrace(): ModuleTrace & {
  /** Runs `request` and answers the modules it entered once `settled` resolves. */
  record(request: () => Promise<unknown>, settled: () => Promise<unknown>): Promise<Walk>;
} {
  const current = new AsyncLocalStorage<Recording>();
  return {
    enter(module) {
      const recording = current.getStore();
      if (!recording) return;
      const seen = recording.walk[recording.phase];
      if (!seen.includes(module)) seen.push(module);
    },
    handling(afterAnswer, work) {
      const recording = current.getStore();
      if (!recording) return work();
      return current.run(
        { walk: recording.walk, phase: afterAnswer ? 'afterAnswer' : 'beforeAnswer' },
        work,
      );
    },
    async record(request, settled) {
      const walk: Walk = { beforeAnswer: [], afterAnswer: [] };
      await current.run({ walk, phase: 'beforeAnswer' }, request);
      await settled();
      return walk;
    },
  };
}
