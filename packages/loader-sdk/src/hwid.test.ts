import { describe, expect, it } from 'vitest';
import type { MachineFacts } from './hwid.js';
import { deriveHwid, readMachineFacts } from './hwid.js';

const facts: MachineFacts = {
  hostname: 'estacao-01',
  platform: 'linux',
  arch: 'x64',
  cpuModel: 'AMD Ryzen 7 5800X 8-Core Processor',
  mac: '02:42:ac:11:00:02',
  machineId: '4c4c4544003510468052b4c04f4e3732',
};

describe('deriveHwid', () => {
  it('is 64 hex characters, which the server accepts as an HWID', () => {
    expect(deriveHwid(facts)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is stable for the same machine and changes with any fact', () => {
    expect(deriveHwid({ ...facts })).toBe(deriveHwid(facts));
    for (const change of [
      { hostname: 'estacao-02' },
      { machineId: null },
      { mac: null },
      { cpuModel: 'Intel' },
    ]) {
      expect(deriveHwid({ ...facts, ...change })).not.toBe(deriveHwid(facts));
    }
  });

  it('reads this machine twice to the same id', () => {
    expect(deriveHwid(readMachineFacts())).toBe(deriveHwid(readMachineFacts()));
    expect(deriveHwid()).toBe(deriveHwid(readMachineFacts()));
  });
});
