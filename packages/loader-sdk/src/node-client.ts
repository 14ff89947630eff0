import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LoaderClient, LoaderClientOptions } from './client.js';
import { createLoaderClient } from './client.js';
import type { LoaderRefusedError } from './errors.js';
import { LoaderUpdateError } from './errors.js';
import { sodiumCrypto } from './node-sodium.js';
import type { OfflineStore } from './offline.js';

export interface NodeLoaderClientOptions extends Omit<
  LoaderClientOptions,
  'crypto' | 'loader' | 'offlineStore'
> {
  /**
   * Report this loader at auth: the version compiled in and the SHA-256 of its executable
   * (`executablePath`, default `process.execPath`).
   */
  loader?: { version: string; executablePath?: string };
  /** The offline licence file; default `defaultOfflineStorePath(productId)`; false: never kept. */
  offlineStorePath?: string | false;
}

export interface SelfUpdateOptions {
  /** The executable to replace, e.g. `process.execPath` for a packaged loader. */
  targetPath: string;
  /** Start the new executable (same arguments) and exit this process. Default false. */
  restart?: boolean;
  /** Arguments for the restarted loader. Default `process.argv.slice(2)`. */
  args?: string[];
  /** How this process exits after the restart. Default `process.exit`. */
  exit?: (code: number) => void;
}

export interface SelfUpdateResult {
  targetPath: string;
  version: string;
  sha256: string;
  size: number;
  /** Windows: where the replaced executable was moved (delete it at the next start). */
  previousPath: string | null;
}

export interface NodeLoaderClient extends LoaderClient {
  /**
   * Answers a LOADER_OUTDATED refusal: downloads the current loader through the signed update
   * token, checks its SHA-256 and size against the SIGNED refusal, writes `<target>.new`, swaps
   * it in (Windows: the running file is renamed to `<target>.old` first), and restarts on request.
   * An offer whose hash is the target's own is refused (`LoaderUpdateError`), nothing swapped.
   */
  selfUpdate(refusal: LoaderRefusedError, options: SelfUpdateOptions): Promise<SelfUpdateResult>;
}

/** `%LOCALAPPDATA%\Chaveiro\<productId>.lic` on Windows, else `$XDG_DATA_HOME/chaveiro/…`. */
export function defaultOfflineStorePath(
  productId: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const file = `${productId.replace(/[^A-Za-z0-9._-]/g, '_')}.lic`;
  if (platform === 'win32') {
    const base = env.LOCALAPPDATA ?? path.join(os.homedir(), 'AppData', 'Local');
    return path.win32.join(base, 'Chaveiro', file);
  }
  const base = env.XDG_DATA_HOME ?? path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'chaveiro', file);
}

/** The offline licence in one file, written atomically and readable by this user only. */
export function fileOfflineStore(filePath: string): OfflineStore {
  return {
    async read() {
      try {
        return new Uint8Array(await readFile(filePath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(bytes) {
      await mkdir(path.dirname(filePath), { recursive: true });
      const temporary = `${filePath}.${String(process.pid)}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, filePath);
    },
    async remove() {
      await rm(filePath, { force: true });
    },
  };
}

/** Lower-case hex SHA-256 of a file, streamed. */
export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function sha256FileIfPresent(filePath: string): Promise<string | null> {
  try {
    return await sha256File(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The loader client with Node's parts: sodium-native (a session key per client, sealed
 * downloads), the offline licence file, the executable's hash, and `selfUpdate`.
 */
export function createNodeLoaderClient(options: NodeLoaderClientOptions): NodeLoaderClient {
  const { loader, offlineStorePath, ...rest } = options;
  const storePath =
    offlineStorePath === false
      ? undefined
      : (offlineStorePath ?? defaultOfflineStorePath(options.productId));
  const client = createLoaderClient({
    ...rest,
    crypto: sodiumCrypto,
    ...(loader && {
      loader: {
        version: loader.version,
        sha256: () => sha256File(loader.executablePath ?? process.execPath),
      },
    }),
    ...(storePath !== undefined && { offlineStore: fileOfflineStore(storePath) }),
  });

  async function selfUpdate(
    refusal: LoaderRefusedError,
    { targetPath, restart = false, args = process.argv.slice(2), exit }: SelfUpdateOptions,
  ): Promise<SelfUpdateResult> {
    // The seller published a loader whose built-in version is still below the minimum: the
    // restart would replay the same command line into the same refusal, over and over.
    const offered = refusal.loader?.sha256;
    if (offered !== undefined && offered === (await sha256FileIfPresent(targetPath))) {
      throw new LoaderUpdateError(offered);
    }
    const update = await client.downloadLoaderUpdate(refusal);
    const next = `${targetPath}.new`;
    await writeFile(next, update.bytes, { mode: 0o755 });
    await chmod(next, 0o755);
    let previousPath: string | null = null;
    if (process.platform === 'win32') {
      // A running .exe cannot be overwritten, but it can be renamed.
      previousPath = `${targetPath}.old`;
      await rm(previousPath, { force: true }).catch(() => undefined);
      await rename(targetPath, previousPath);
    }
    await rename(next, targetPath);
    if (restart) {
      const child = spawn(targetPath, args, { detached: true, stdio: 'inherit' });
      child.unref();
      (exit ?? ((code: number) => process.exit(code)))(0);
    }
    return {
      targetPath,
      version: update.version,
      sha256: update.sha256,
      size: update.size,
      previousPath,
    };
  }

  return Object.assign(client, { selfUpdate });
}
