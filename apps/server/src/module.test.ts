import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { Composition, defineModule } from './module.js';

const plugin: FastifyPluginCallbackZod = (_app, _options, done) => done();

describe('the composition of modules', () => {
  it('hands each module what the platform and the modules before it provide', () => {
    const built = Composition.of({ clock: 'platform clock' })
      .add(({ clock }) => defineModule({ name: 'a', services: { greeting: `a on ${clock}` } }))
      .add(({ greeting }) =>
        defineModule({ name: 'b', services: { echo: `b heard ${greeting}` } }),
      );
    expect(built.services).toEqual({
      clock: 'platform clock',
      greeting: 'a on platform clock',
      echo: 'b heard a on platform clock',
    });
  });

  it('refuses two modules giving one service or job name', () => {
    const one = Composition.of({}).add(() =>
      defineModule({ name: 'a', services: { users: 1 }, jobs: { sweep: 1 } }),
    );
    expect(() => one.add(() => defineModule({ name: 'b', services: { users: 2 } }))).toThrow(
      'Two modules provide the service "users"',
    );
    expect(() => one.add(() => defineModule({ name: 'b', jobs: { sweep: 2 } }))).toThrow(
      'Two modules provide the job "sweep"',
    );
  });

  it('refuses two modules mounting one prefix of one scope', () => {
    const one = Composition.of({}).add(() =>
      defineModule({ name: 'a', routes: [{ scope: 'api', prefix: '/users', plugin }] }),
    );
    expect(() =>
      one.add(() =>
        defineModule({ name: 'b', routes: [{ scope: 'api', prefix: '/users', plugin }] }),
      ),
    ).toThrow('Two modules mount api /users');
    // A longer prefix of its own is another module's to mount.
    expect(
      one.add(() =>
        defineModule({ name: 'b', routes: [{ scope: 'api', prefix: '/users/:id', plugin }] }),
      ).routes,
    ).toHaveLength(2);
  });

  it('tells a trace each service call of a module', async () => {
    const entered: string[] = [];
    const built = Composition.of(
      {},
      {
        enter: (module) => entered.push(module),
        handling: (_afterAnswer, work) => work(),
      },
    ).add(() =>
      defineModule({
        name: 'counter',
        services: { counter: { count: (n: number) => Promise.resolve(n + 1), label: 'c' } },
      }),
    );
    expect(await built.services.counter.count(1)).toBe(2);
    expect(built.services.counter.label).toBe('c');
    expect(entered).toEqual(['counter']);
  });
});
