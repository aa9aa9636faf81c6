// Discovery (docs/AGENT-ENDPOINT.md "Connection and discovery"): while the endpoint runs,
// `<dir>/<port>.json` says where it listens and holds the token; agents find the endpoint by
// reading these files. The folder is private to the user (0700) and the file too (0600): the token
// is the only thing between a local process and the person's buffers. A folder another user could
// write into is refused (lock-folder.ts), and nothing in it but a regular file is ever opened
// (workspace/regular-file.ts): the lock folder never blocks the process. A reader that acts on a
// lock file (the stdio bridge sends the token, the agent's requests and its source there) takes
// only one that is the user's, whose every field has its shape, and whose process is the user's.
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { notPrivate, preparePrivateFolder } from './lock-folder';
import { readFileWithin, readRegularFile } from '../workspace/regular-file';

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

/** Lock files are a few hundred bytes; anything much larger is not one of ours. */
const MAX_LOCK_FILE_BYTES = 64 * 1024;

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

/** A lock file's process: gone, the user's own, or another user's. */
export type ProcessOwner = 'gone' | 'ours' | 'theirs';

/**
 * Whether the process runs and is the user's. kill(pid, 0) refused (EPERM) means another user's;
 * allowed, it says nothing to root, so on Linux /proc/<pid>/status names the owner (its real and
 * effective uid). Elsewhere an allowed signal means the user's own, except for root, where the
 * lock file and its folder being root's are the check.
 */
export function processOwner(pid: number): ProcessOwner {
  if (!Number.isInteger(pid) || pid <= 0) return 'gone';
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'theirs' : 'gone';
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid === undefined || process.platform !== 'linux') return 'ours';
  const status = readFileWithin(`/proc/${pid}/status`, { maxBytes: MAX_LOCK_FILE_BYTES, followLinks: false });
  // Gone between the signal and the read.
  if (!('text' in status)) return 'gone';
  const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status.text);
  return uids !== null && Number(uids[1]) === uid && Number(uids[2]) === uid ? 'ours' : 'theirs';
}

/** What a lock file must hold; fields a later version adds are allowed (and not used). */
const LOCK_FILE_SCHEMA = {
  type: 'object',
  properties: {
    pid: { type: 'integer', minimum: 1, maximum: 2147483647 },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    host: { const: '127.0.0.1' },
    transport: { const: 'ws' },
    // Sent in an HTTP header: visible ASCII only.
    token: { type: 'string', pattern: '^[!-~]{16,256}$' },
    workspaceFolders: { type: 'array', maxItems: 1024, items: { type: 'string', maxLength: 4096 } },
    ideName: { type: 'string', maxLength: 200 },
    version: { type: 'string', maxLength: 100 },
  },
  required: ['pid', 'port', 'host', 'transport', 'token', 'workspaceFolders', 'ideName', 'version'],
};

let validateShape: ValidateFunction | undefined;

function shapeProblem(value: unknown): string | undefined {
  validateShape ??= new Ajv2020({ allErrors: false, strict: false }).compile(LOCK_FILE_SCHEMA);
  if (validateShape(value)) return undefined;
  const error = validateShape.errors?.[0];
  return error === undefined ? 'it is not a lock file' : `its ${fieldOf(error)} ${error.message ?? 'is not valid'}${allowed(error)}`;
}

function fieldOf(error: ErrorObject): string {
  return error.instancePath === '' ? 'contents' : `field ${error.instancePath.slice(1).replace(/\//g, '.')}`;
}

function allowed(error: ErrorObject): string {
  return error.keyword === 'const' ? ` ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}` : '';
}

/** A lock file read and checked, or why it is not one to use (a sentence to show after its path). */
export type LockFileRead = { lock: LockFileContents } | { problem: string; missing: boolean };

/**
 * Reads a lock file the way a client that acts on it must: a regular file (no link followed), the
 * user's own and writable by nobody else, JSON of the lock file's shape, for the port its name
 * says. Whether its process is alive and the user's is the caller's next question (processOwner).
 */
export function loadLockFile(path: string): LockFileRead {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const check = uid === undefined ? undefined : (status: { uid: number; mode: number }): string | undefined => {
    const problem = notPrivate(status, uid);
    return problem === undefined ? undefined : `it ${problem}`;
  };
  const read = readFileWithin(path, { maxBytes: MAX_LOCK_FILE_BYTES, followLinks: false, check });
  if (!('text' in read)) return read;
  const contents = parsedLockFile(read.text);
  if ('problem' in contents) return { problem: contents.problem, missing: false };
  const named = /^(\d+)\.json$/.exec(basename(path));
  if (named && Number(named[1]) !== contents.lock.port) return { problem: `it names port ${contents.lock.port}, not the port its name says (${named[1]})`, missing: false };
  return contents;
}

/** The contents of a lock file, or undefined when it is missing or not one to use (loadLockFile). */
export function readLockFile(path: string): LockFileContents | undefined {
  const read = loadLockFile(path);
  return 'lock' in read ? read.lock : undefined;
}

function parsedLockFile(text: string): { lock: LockFileContents } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the text: not shown.
    return { problem: 'it is not JSON' };
  }
  const problem = shapeProblem(value);
  return problem === undefined ? { lock: value as LockFileContents } : { problem };
}

function lockFileContents(text: string | undefined): LockFileContents | undefined {
  if (text === undefined) return undefined;
  const contents = parsedLockFile(text);
  return 'lock' in contents ? contents.lock : undefined;
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
