// Discovery (docs/AGENT-ENDPOINT.md "Connection and discovery"): while the endpoint runs,
// `<dir>/<port>.json` says where it listens and holds the token; agents find the endpoint by
// reading these files. The folder is private to the user (0700) and the file too (0600): the token
// is the only thing between a local process and the person's buffers.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface LockFileContents {
  pid: number;
  port: number;
  host: string;
  transport: 'ws';
  token: string;
  workspaceFolders: string[];
  ideName: string;
  version: string;
}

/** `$WHETSTONE_LOCK_DIR`, or `~/.whetstone/agents`. */
export function defaultLockDir(): string {
  const fromEnvironment = process.env.WHETSTONE_LOCK_DIR;
  return fromEnvironment !== undefined && fromEnvironment !== '' ? fromEnvironment : join(homedir(), '.whetstone', 'agents');
}

export function lockFilePath(dir: string, port: number): string {
  return join(dir, `${port}.json`);
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The contents of a lock file, or undefined when it is missing or not one of ours. */
export function readLockFile(path: string): LockFileContents | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockFileContents>;
    if (typeof value.pid !== 'number' || typeof value.port !== 'number' || value.transport !== 'ws') return undefined;
    return value as LockFileContents;
  } catch {
    return undefined;
  }
}

/**
 * Writes the lock file for `contents.port`, replacing a stale one (its pid gone, or a file for the
 * port this process now holds, which no live endpoint can be listening on), and removes other
 * stale lock files of the folder so agents do not try dead endpoints. Returns its path.
 */
export function writeLockFile(dir: string, contents: LockFileContents): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to folders it creates; an existing folder is tightened too.
  tryChmod(dir, 0o700);
  removeStaleLockFiles(dir);
  const path = lockFilePath(dir, contents.port);
  // Written beside it and renamed, so a reader never sees half a file.
  const temporary = join(dir, `.${contents.port}.${randomBytes(6).toString('hex')}.tmp`);
  const descriptor = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(descriptor, `${JSON.stringify(contents, null, 2)}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  tryChmod(temporary, 0o600);
  renameSync(temporary, path);
  return path;
}

/** Removes the lock file if it is still this endpoint's (never a successor's for the same port). */
export function removeLockFile(path: string, token: string): void {
  const contents = readLockFile(path);
  if (contents === undefined || contents.token !== token) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone: nothing to clean.
  }
}

function removeStaleLockFiles(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^\d+\.json$/.test(name)) continue;
    const path = join(dir, name);
    const contents = readLockFile(path);
    if (contents && !isProcessAlive(contents.pid)) {
      try {
        unlinkSync(path);
      } catch {
        // Another endpoint cleaned it first.
      }
    }
  }
}

function tryChmod(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // Not ours to change (or a file system without modes): the file's own mode still holds.
  }
}
