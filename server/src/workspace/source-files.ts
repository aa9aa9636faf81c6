// Finding the Whetstone files under a source root for the index (file-index.ts), off the event
// loop. The root's contents may come from anywhere (a cloned repository), so the walk follows the
// command line's rules (cli/files.ts): dependency and hidden folders are skipped, a link to a
// folder is not entered (it could lead outside, or round in a circle), and a link to a file is
// taken only when the file lies inside the root. Every other entry named `*.wst` is handed on, a
// FIFO or a device too: reading goes through regular-file.ts, which refuses those with a reason.
import { opendir, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

export const WHETSTONE_EXTENSION = '.wst';

/** How many folder entries one walk looks at, at most: a root set to a home folder or `/` must end. */
export const MAX_WALKED_ENTRIES = 1_000_000;

/** A folder whose files are indexed: its path as the editor names it (files are named under it), and its real path (a link must stay inside it). */
export interface SourceRoot {
  path: string;
  real: string;
}

export interface SourceFile {
  path: string;
  /** The root it was found under. */
  root: SourceRoot;
  /** Whether it is reached through a symbolic link (to a file inside the root). */
  link: boolean;
}

export interface SourceWalk {
  files: SourceFile[];
  /** Entries named `*.wst` not taken, with why (a link out of the root). */
  skipped: { path: string; problem: string }[];
  /** Set when the walk stopped early (`limit` files found, or MAX_WALKED_ENTRIES looked at). */
  truncated?: string;
}

/** Folders a walk does not enter: installed dependencies and hidden folders (.git…). */
export function skippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/** Whether the path `path` lies inside the folder `root`. */
export function isInside(path: string, root: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Whether `path`, inside `root`, lies in a folder a walk would not enter. */
export function inSkippedFolder(path: string, root: string): boolean {
  const folders = path.slice(root.length).split(sep).slice(0, -1);
  return folders.some((folder) => folder !== '' && skippedFolder(folder));
}

/** The `*.wst` files under `root` (or under its folder `from`), in a stable order, at most `limit` of them. */
export async function findSourceFiles(root: SourceRoot, limit: number, from = root.path): Promise<SourceWalk> {
  const walk: SourceWalk = { files: [], skipped: [] };
  let entries = 0;
  const visit = async (folder: string): Promise<void> => {
    let directory;
    try {
      directory = await opendir(folder);
    } catch {
      return; // gone, or not readable: nothing to index there
    }
    const names: { name: string; kind: 'folder' | 'file' | 'link' }[] = [];
    for await (const entry of directory) {
      if (++entries > MAX_WALKED_ENTRIES) {
        walk.truncated = `more than ${MAX_WALKED_ENTRIES.toLocaleString('en-US')} folder entries under ${from}`;
        break;
      }
      if (entry.isDirectory()) names.push({ name: entry.name, kind: 'folder' });
      else if (entry.name.endsWith(WHETSTONE_EXTENSION)) names.push({ name: entry.name, kind: entry.isSymbolicLink() ? 'link' : 'file' });
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const { name, kind } of names) {
      if (walk.truncated !== undefined) return;
      const path = join(folder, name);
      if (kind === 'folder') {
        if (!skippedFolder(name)) await visit(path);
        continue;
      }
      if (walk.files.length >= limit) {
        walk.truncated = `more than ${limit.toLocaleString('en-US')} Whetstone files`;
        return;
      }
      if (kind === 'file') walk.files.push({ path, root, link: false });
      else {
        const problem = await linkProblem(path, root.real);
        if (problem === undefined) walk.files.push({ path, root, link: true });
        else if (problem !== '') walk.skipped.push({ path, problem });
      }
    }
  };
  await visit(from);
  return walk;
}

/** Why a link is not taken ('' for one to a folder or to nothing, which are passed over silently), or undefined to take it; `root` is a real path. */
export async function linkProblem(path: string, root: string): Promise<string | undefined> {
  try {
    if (!(await stat(path)).isFile()) return '';
    return isInside(await realpath(path), root) ? undefined : 'it is a symbolic link to a file outside the source root; not read';
  } catch {
    return ''; // a dangling link, or one that points at itself
  }
}
