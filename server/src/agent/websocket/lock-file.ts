// Discovery (docs/AGENT-ENDPOINT.md "Connection and discovery"): while the endpoint runs,
// `<dir>/<port>.json` says where it listens and holds the token; agents find the endpoint by
// reading these files. The folder is private to the user (0700) and the file too (0600): the token
// is the only thing between a local process and the person's buffers. A folder another user could
// write into is refused (lock-folder.ts), and nothing in it but a regular file is ever opened
// (workspace/regular-file.ts): the lock folder never blocks the process.
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { preparePrivateFolder } from './lock-folder';
import { readRegularFile, readRegularFileSync } from '../../workspace/regular-file';

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

/** Lock files are a few hundred bytes; anything much larger is not one of ours. */
const MAX_LOCK_FILE_BYTES = 64 * 1024;

/** The contents of a lock file, or undefined when it is missing or not one of ours. */
export function readLockFile(path: string): LockFileContents | undefined {
  return lockFileContents(readRegularFileSync(path, MAX_LOCK_FILE_BYTES));
}

function lockFileContents(text: string | undefined): LockFileContents | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<LockFileContents>;
    if (typeof value.pid !== 'number' || typeof value.port !== 'number' || value.transport !== 'ws') return undefined;
    return value as LockFileContents;
  } catch {
    return undefined;
  }
}

/**
 * Writes the lock file for `contents.port`, replacing a stale one (its pid gone, or a file for the
 * port this process now holds, which no live endpoint can be listening on), and removes other
 * stale lock files of the folder so agents do not try dead endpoints. Returns its path. Rejects
 * with LockFolderError when the folder is not private to this user.
 */
export async function writeLockFile(dir: string, contents: LockFileContents): Promise<string> {
  await preparePrivateFolder(dir);
  await removeStaleLockFiles(dir);
  const path = lockFilePath(dir, contents.port);
  // Written beside it and renamed, so a reader never sees half a file.
  const temporary = join(dir, `.${contents.port}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(contents, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
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

async function removeStaleLockFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^\d+\.json$/.test(name)) continue;
    const path = join(dir, name);
    const contents = lockFileContents(await readRegularFile(path, MAX_LOCK_FILE_BYTES));
    if (contents && !isProcessAlive(contents.pid)) {
      try {
        await unlink(path);
      } catch {
        // Another endpoint cleaned it first.
      }
    }
  }
}
