// How `whetstone-agent mcp` finds the endpoint to bridge to, as any agent would: by the lock files
// (PROTOCOL.md "Connection and discovery"). With --port, that endpoint's file; otherwise the live
// endpoint whose workspace folder holds the current folder (the innermost), else the newest live
// one. A lock file whose process is gone is stale: it is never chosen, and when only stale ones
// are left the answer says so, with what to do.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { isProcessAlive, lockFilePath, readLockFile, type LockFileContents } from '../agent/websocket/lock-file';

export interface FoundEndpoint {
  lockFile: string;
  lock: LockFileContents;
}

export interface DiscoveryOptions {
  lockDir: string;
  /** The endpoint's port, when the agent names one. */
  port?: number;
  /** The folder the agent works in (its current folder). */
  cwd: string;
}

const START_ONE =
  'Open the workspace in VS Code with the Whetstone extension (the endpoint runs in trusted workspaces), or run "whetstone-agent serve PATH...", or use "whetstone-agent mcp --serve PATH..." to serve the files from this process.';

/** The endpoint to use, or a message saying why there is none and what to do. */
export function discoverEndpoint(options: DiscoveryOptions): FoundEndpoint | { problem: string } {
  if (options.port !== undefined) {
    const lockFile = lockFilePath(options.lockDir, options.port);
    const lock = readLockFile(lockFile);
    if (!lock) return { problem: `No endpoint on port ${options.port}: there is no lock file ${lockFile}. ${START_ONE}` };
    if (!isProcessAlive(lock.pid)) return { problem: staleMessage(lockFile, lock) };
    return { lockFile, lock };
  }
  let names: string[];
  try {
    names = readdirSync(options.lockDir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    names = [];
  }
  const live: (FoundEndpoint & { modifiedMs: number })[] = [];
  const stale: FoundEndpoint[] = [];
  for (const name of names) {
    const lockFile = join(options.lockDir, name);
    const lock = readLockFile(lockFile);
    if (!lock) continue;
    if (!isProcessAlive(lock.pid)) {
      stale.push({ lockFile, lock });
      continue;
    }
    live.push({ lockFile, lock, modifiedMs: modifiedMs(lockFile) });
  }
  if (live.length === 0) {
    if (stale.length > 0) return { problem: `${stale.map(({ lockFile, lock }) => staleMessage(lockFile, lock)).join(' ')}` };
    return { problem: `No Whetstone endpoint is running: no lock file in ${options.lockDir}. ${START_ONE}` };
  }
  const cwd = resolve(options.cwd);
  const depth = (found: FoundEndpoint): number => Math.max(-1, ...found.lock.workspaceFolders.filter((folder) => contains(folder, cwd)).map((folder) => resolve(folder).length));
  live.sort((a, b) => depth(b) - depth(a) || b.modifiedMs - a.modifiedMs);
  const { lockFile, lock } = live[0];
  return { lockFile, lock };
}

function staleMessage(lockFile: string, lock: LockFileContents): string {
  return `The lock file ${lockFile} is stale: process ${lock.pid} (${lock.ideName}) that served port ${lock.port} is no longer running. ${START_ONE} A new endpoint replaces the stale file.`;
}

function contains(folder: string, path: string): boolean {
  const root = resolve(folder);
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function modifiedMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
