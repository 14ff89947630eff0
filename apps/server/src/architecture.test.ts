import { describe, expect, it } from 'vitest';
import {
  eventRecordSites,
  moduleCycles,
  moduleImports,
  tableWriters,
} from './testing/architecture.js';

describe('server architecture', () => {
  it('has no import cycle between modules, type-only imports and re-exports included', () => {
    const imports = moduleImports();
    // The scan sees the graph at all (a broken scan would find no cycle either).
    expect(imports.some((edge) => edge.from === 'client' && edge.to === 'subscriptions')).toBe(
      true,
    );
    expect(moduleCycles(imports)).toEqual([]);
  });

  it('names a cycle by its modules and the files that close it', () => {
    expect(
      moduleCycles([
        { from: 'a', to: 'b', file: 'modules/a/a-service.ts' },
        { from: 'b', to: 'c', file: 'modules/b/b-service.ts' },
        { from: 'c', to: 'a', file: 'modules/c/c-service.ts' },
        { from: 'c', to: 'd', file: 'modules/c/c-routes.ts' },
      ]),
    ).toEqual([
      'a → b (modules/a/a-service.ts) → c (modules/b/b-service.ts) → a (modules/c/c-service.ts)',
    ]);
  });

  it('has one module that writes each table', () => {
    const writers = tableWriters();
    // The scan sees the writes at all.
    expect(writers.get('license_keys')?.has('keys')).toBe(true);
    const shared = [...writers]
      .filter(([, modules]) => modules.size > 1)
      .map(([table, modules]) => `${table}: ${[...modules.keys()].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('has the users module alone write users', () => {
    expect([...(tableWriters().get('users')?.keys() ?? [])]).toEqual(['users']);
  });

  it.each(['subscriptions', 'machines'])(
    'has one module that writes %s: subscriptions',
    (table) => {
      const writers = tableWriters().get(table);
      expect(writers && Object.fromEntries(writers)).toEqual({
        subscriptions: expect.any(Array) as unknown,
      });
    },
  );

  it.each(['subscription.paused', 'subscription.resumed', 'hwid.reset', 'machine.released'])(
    'records %s in one place, in the subscriptions module',
    (type) => {
      const sites = eventRecordSites().get(type) ?? [];
      expect(sites).toHaveLength(1);
      expect(sites[0]).toMatch(/^modules\/subscriptions\//);
    },
  );
});
