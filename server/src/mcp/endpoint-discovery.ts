// How `whetstone-agent mcp` finds the endpoint to bridge to, as any agent would: by the lock files
// (docs/AGENT-ENDPOINT.md "Finding the endpoint"). With --port, that endpoint's file; otherwise
// the live endpoint whose workspace folder holds the current folder (the innermost), else the
// newest live one. A lock file whose process is gone is stale: it is never chosen, and when only stale ones
// are left the answer says so, with what to do.
// The bridge sends the token, the agent's tool arguments and its source to the endpoint a lock
// file names, and passes the endpoint's instructions and tool descriptions to the agent, so it
// trusts only what serve would have written: the lock folder passes serve's own checks
// (lock-folder.ts), and a lock file is used only when it is the user's, of the right shape, its
// process is alive and the user's (lock-file.ts), and what listens on its port is the user's
// (listener-owner.ts). Any other is skipped with the reason.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { displayText } from '../agent';
import { loadLockFile, lockFilePath, processOwner, type LockFileContents, checkPrivateFolder, LockFolderError } from '../endpoint';
import { listenerOwner } from './listener-owner';

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

/** The endpoint chosen, or why there is none; `skipped` says which lock files were not used, and why. */
export type Discovery = (FoundEndpoint | { problem: string }) & { skipped: string[] };

const START_ONE =
  'Open the workspace in VS Code with the Whetstone extension (the endpoint runs in trusted workspaces), or run "whetstone-agent serve PATH...", or use "whetstone-agent mcp --serve PATH..." to serve the files from this process.';

/** The endpoint to use, or a message saying why there is none and what to do. Every message is one line, escaped. */
export async function discoverEndpoint(options: DiscoveryOptions): Promise<Discovery> {
  const folderProblem = await lockFolderProblem(options.lockDir);
  if (folderProblem !== undefined) return { problem: folderProblem, skipped: [] };
  const skipped: string[] = [];
  const examine = (lockFile: string): { live?: FoundEndpoint; stale?: string } => {
    const read = loadLockFile(lockFile);
    if ('problem' in read) {
      if (!read.missing) skipped.push(skippedMessage(lockFile, read.problem));
      return {};
    }
    const owner = processOwner(read.lock.pid);
    if (owner === 'gone') return { stale: staleMessage(lockFile, read.lock) };
    if (owner === 'theirs') {
      skipped.push(skippedMessage(lockFile, `its process ${read.lock.pid} belongs to another user, not to you`));
      return {};
    }
    const listener = listenerOwner(read.lock.port);
    if (listener === 'theirs') {
      skipped.push(skippedMessage(lockFile, `another user's process listens on 127.0.0.1:${read.lock.port}, not its process ${read.lock.pid}`));
      return {};
    }
    if (listener === 'none') {
      skipped.push(skippedMessage(lockFile, `nothing listens on 127.0.0.1:${read.lock.port} although its process ${read.lock.pid} runs`));
      return {};
    }
    return { live: { lockFile, lock: read.lock } };
  };

  if (options.port !== undefined) {
    const lockFile = lockFilePath(options.lockDir, options.port);
    const { live, stale } = examine(lockFile);
    if (live) return { ...live, skipped };
    if (stale) return { problem: stale, skipped };
    if (skipped.length > 0) return { problem: `No usable endpoint on port ${options.port}: its lock file was skipped. ${START_ONE}`, skipped };
    return { problem: `No endpoint on port ${options.port}: there is no lock file ${lockFile}. ${START_ONE}`, skipped };
  }
  let names: string[];
  try {
    names = readdirSync(options.lockDir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    names = [];
  }
  const live: (FoundEndpoint & { modifiedMs: number })[] = [];
  const stale: string[] = [];
  for (const name of names.sort()) {
    const lockFile = join(options.lockDir, name);
    const examined = examine(lockFile);
    if (examined.stale) stale.push(examined.stale);
    if (examined.live) live.push({ ...examined.live, modifiedMs: modifiedMs(lockFile) });
  }
  if (live.length === 0) {
    if (stale.length > 0) return { problem: stale.join(' '), skipped };
    if (skipped.length > 0) return { problem: `No usable Whetstone endpoint: every lock file in ${displayText(options.lockDir)} was skipped. ${START_ONE}`, skipped };
    return { problem: `No Whetstone endpoint is running: no lock file in ${displayText(options.lockDir)}. ${START_ONE}`, skipped };
  }
  const cwd = resolve(options.cwd);
  const depth = (found: FoundEndpoint): number => Math.max(-1, ...found.lock.workspaceFolders.filter((folder) => contains(folder, cwd)).map((folder) => resolve(folder).length));
  live.sort((a, b) => depth(b) - depth(a) || b.modifiedMs - a.modifiedMs);
  const { lockFile, lock } = live[0];
  return { lockFile, lock, skipped };
}

/** Why the bridge reads nothing from the lock folder (serve's rules), or undefined; a missing folder is no problem here (no lock file). */
async function lockFolderProblem(lockDir: string): Promise<string | undefined> {
  try {
    await checkPrivateFolder(lockDir);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const message = error instanceof LockFolderError ? error.message : `The lock folder ${lockDir} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    return displayText(message, 2_000);
  }
}

function skippedMessage(lockFile: string, problem: string): string {
  return `skipped the lock file ${displayText(lockFile)}: ${displayText(problem)}`;
}

function staleMessage(lockFile: string, lock: LockFileContents): string {
  return `The lock file ${displayText(lockFile)} is stale: process ${lock.pid} (${displayText(lock.ideName, 100)}) that served port ${lock.port} is no longer running. ${START_ONE} A new endpoint replaces the stale file.`;
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
