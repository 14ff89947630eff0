import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineFacts {
  hostname: string;
  platform: string;
  arch: string;
  cpuModel: string;
  /** The first physical-looking, non-internal MAC address, by interface name. */
  mac: string | null;
  /** systemd's /etc/machine-id when readable. */
  machineId: string | null;
}

// Interfaces that come and go (containers, VPNs, VMs) would change the HWID from one run to
// the next and lock the user out with HWID_MISMATCH.
const VIRTUAL_INTERFACE = /^(veth|docker|br-|virbr|vmnet|vboxnet|tun|tap|utun|wg|zt|tailscale)/i;

export function readMachineFacts(): MachineFacts {
  return {
    hostname: os.hostname(),
    platform: os.platform(),
    arch: os.arch(),
    cpuModel: os.cpus()[0]?.model.trim() ?? '',
    mac: firstMac(),
    machineId: readMachineId(),
  };
}

/** A stable id for this machine: the SHA-256 (64 hex characters) of its facts. */
export function deriveHwid(facts: MachineFacts = readMachineFacts()): string {
  const material = JSON.stringify([
    'chaveiro-hwid-v1',
    facts.hostname,
    facts.platform,
    facts.arch,
    facts.cpuModel,
    facts.mac,
    facts.machineId,
  ]);
  return createHash('sha256').update(material).digest('hex');
}

function firstMac(): string | null {
  const interfaces = os.networkInterfaces();
  for (const name of Object.keys(interfaces).sort()) {
    if (VIRTUAL_INTERFACE.test(name)) continue;
    for (const address of interfaces[name] ?? []) {
      if (!address.internal && address.mac !== '00:00:00:00:00:00') return address.mac;
    }
  }
  return null;
}

function readMachineId(): string | null {
  try {
    return readFileSync('/etc/machine-id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
