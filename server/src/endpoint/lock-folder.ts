// The lock folder holds the token of every running endpoint, and agents trust what they find in
// it: whoever can write there can put a lock file naming their own port and token, and agents
// would connect to them. So the endpoint writes only into a folder that is really the user's own:
// a folder (never a symbolic link, which would send our files and our chmod elsewhere), owned by
// the user, writable by nobody else, and so is every folder above it inside the user's home. A
// folder that fails is refused with what to do, never "fixed" silently. The checks open the folder
// itself (O_NOFOLLOW) and tighten its mode through that handle, so nothing can swap it in between.
// A reader that acts on the lock files (the stdio bridge) applies the same checks, changing nothing.
import { constants } from 'node:fs';
import { lstat, mkdir, open, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The lock folder cannot be used; the message names the folder and the fix. */
export class LockFolderError extends Error {
  override readonly name = 'LockFolderError';
}

/** Write bits for the group and for others. */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Creates the lock folder (0700, parents too) if it is missing, checks it and the folders above it
 * inside the home folder, and narrows its own mode to 0700. Throws LockFolderError when any of them
 * is a folder another user could write into.
 */
export async function preparePrivateFolder(dir: string): Promise<void> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await checkFolder(folder, true);
}

/**
 * The same checks for a reader of the folder (the stdio bridge), which creates and changes
 * nothing: throws LockFolderError when the folder or a folder above it inside the home folder is
 * a link, not the user's, or writable by another user; ENOENT when the folder does not exist.
 */
export async function checkPrivateFolder(dir: string): Promise<void> {
  await checkFolder(resolve(dir), false);
}

async function checkFolder(folder: string, narrowMode: boolean): Promise<void> {
  // Without POSIX owners and modes (Windows) there is nothing more to check.
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (uid === undefined) return;
  const handle = await openFolder(folder);
  try {
    const status = await handle.stat();
    checkOwnedAndPrivate(folder, status, uid, 'lock folder');
    // Readable by others is not a takeover, but the token's folder need not be listed by anyone.
    if (narrowMode && (status.mode & 0o077) !== 0) await handle.chmod(0o700);
  } finally {
    await handle.close();
  }
  for (const parent of parentsInsideHome(folder)) {
    checkOwnedAndPrivate(parent, await stat(parent), uid, 'folder above the lock folder');
  }
}

async function openFolder(folder: string): Promise<Awaited<ReturnType<typeof open>>> {
  try {
    return await open(folder, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Linux answers ENOTDIR for a link opened with O_DIRECTORY | O_NOFOLLOW, others ELOOP.
    const link = (code === 'ELOOP' || code === 'ENOTDIR') && (await lstat(folder)).isSymbolicLink();
    if (link) {
      throw new LockFolderError(
        `The lock folder ${folder} is a symbolic link; agents' tokens are only written into a real folder of your own. Fix: remove the link (rm ${folder}) to let a private folder be created there, or set WHETSTONE_LOCK_DIR to a folder of yours.`,
      );
    }
    if (code === 'ENOTDIR') {
      throw new LockFolderError(`The lock folder ${folder} is not a folder. Fix: remove it, or set WHETSTONE_LOCK_DIR to a folder of yours.`);
    }
    throw error;
  }
}

function checkOwnedAndPrivate(folder: string, status: { uid: number; mode: number; isDirectory(): boolean }, uid: number, what: string): void {
  if (!status.isDirectory()) {
    throw new LockFolderError(`The ${what} ${folder} is not a folder. Fix: remove it, or set WHETSTONE_LOCK_DIR to a folder of yours.`);
  }
  const problem = notPrivate(status, uid);
  if (problem === undefined) return;
  const fix = status.uid !== uid ? `use a folder of your own (set WHETSTONE_LOCK_DIR, or remove ${folder} so it is created for you).` : `chmod 700 ${folder}`;
  throw new LockFolderError(`The ${what} ${folder} ${problem}: they could replace the lock file agents read. Fix: ${fix}`);
}

/**
 * Why a file or folder in the lock folder's chain cannot be trusted as the user's own ("belongs
 * to another user (uid …)", "is writable by others (mode …)"), or undefined when it can.
 */
export function notPrivate(status: { uid: number; mode: number }, uid: number): string | undefined {
  if (status.uid !== uid) return `belongs to another user (uid ${status.uid}, you are ${uid})`;
  const writable = status.mode & WRITABLE_BY_OTHERS;
  if (writable === 0) return undefined;
  const who = writable === WRITABLE_BY_OTHERS ? 'its group and by others' : writable & 0o020 ? 'its group' : 'others';
  return `is writable by ${who} (mode ${(status.mode & 0o7777).toString(8).padStart(4, '0')})`;
}

/** The folders above `folder` that are inside the home folder (not the home folder itself), nearest first. */
export function parentsInsideHome(folder: string, home: string = homedir()): string[] {
  const parents: string[] = [];
  const root = resolve(home);
  for (let current = dirname(folder); current !== dirname(current); current = dirname(current)) {
    const fromHome = relative(root, current);
    if (fromHome === '' || fromHome.startsWith(`..${sep}`) || fromHome === '..' || isAbsolute(fromHome)) break;
    parents.push(current);
  }
  return parents;
}
