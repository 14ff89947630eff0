import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work.js';

function recordingLogger() {
  const errors: { details: object; message: string }[] = [];
  return { errors, error: (details: object, message: string) => errors.push({ details, message }) };
}

describe('background work', () => {
  it('starts a task only after the caller has returned', async () => {
    const work = createBackgroundWork(recordingLogger());
    const order: string[] = [];
    work.run('tarefa', () => {
      order.push('task');
      return Promise.resolve();
    });
    order.push('caller');
    await Promise.resolve();
    order.push('caller continued');
    await work.settle(1_000);
    expect(order).toEqual(['caller', 'caller continued', 'task']);
  });

  it('logs a failing task instead of throwing, and settles', async () => {
    const logger = recordingLogger();
    const work = createBackgroundWork(logger);
    work.run('envio', () => Promise.reject(new Error('SMTP fora do ar')));
    await work.settle(1_000);
    expect(logger.errors).toEqual([
      {
        details: expect.objectContaining({ task: 'envio' }) as object,
        message: 'background task failed',
      },
    ]);
  });

  it('stops waiting at the deadline and names the tasks left', async () => {
    const logger = recordingLogger();
    const work = createBackgroundWork(logger);
    work.run('pendurada', () => new Promise(() => undefined));
    await work.settle(20);
    expect(logger.errors).toEqual([
      { details: { tasks: ['pendurada'] }, message: 'background tasks abandoned at shutdown' },
    ]);
  });
});
