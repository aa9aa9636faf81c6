// Which files a command-line run reads: the files named, and every *.wst file under the folders
// named (recursively; dependency and hidden folders are skipped), in a stable order. A folder
// being walked may come from anywhere (a cloned repository): a link in it to a folder is not
// entered (it could lead outside, or round in a circle), a link to a file is taken only when the
// file lies inside the folder named (else `key.wst` → ~/.ssh/id_rsa would hand that file to an
// agent, and an agent's edit would be written there), and only regular files are taken (a FIFO
// named `x.wst` would stop the run). A path named is taken whatever it is: the person chose it.
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { tooLargeForBuffer, tooLargeMessage } from '../workspace/buffer-limits';
import { SOURCE_FILE_LIMITS } from '../workspace/file-limits';
import { readFileWithin, type FileText } from '../workspace/regular-file';

export const WHETSTONE_EXTENSION = '.wst';

/** Folders a recursive walk does not enter: installed dependencies and hidden folders (.git…). */
function skipFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/** Whether the real path `path` lies inside the real folder `root`. */
export function isInside(path: string, root: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export interface CollectedFiles {
  files: string[];
  /** For each file found by walking a folder named (not named itself), the real path of that folder. */
  foundIn: Map<string, string>;
  /** Paths that do not exist or cannot be read, with why. */
  problems: { path: string; message: string }[];
}

export function collectFiles(paths: readonly string[]): CollectedFiles {
  const files: string[] = [];
  const foundIn = new Map<string, string>();
  const named: string[] = [];
  const problems: CollectedFiles['problems'] = [];
  /** Whether `path` is a folder; undefined (and a problem recorded) when it cannot be read. */
  const isFolder = (path: string): boolean | undefined => {
    try {
      return statSync(path).isDirectory();
    } catch (error) {
      problems.push({ path, message: messageOf(error) });
      return undefined;
    }
  };
  /**
   * What a folder's entry is: a link is followed to a file inside `root` (a real path), not to a
   * folder nor out of the root; undefined: skip it.
   */
  const entryKind = (path: string, root: string): 'folder' | 'file' | undefined => {
    try {
      const entry = lstatSync(path);
      if (entry.isDirectory()) return 'folder';
      if (entry.isFile()) return 'file';
      return entry.isSymbolicLink() && statSync(path).isFile() && isInside(realpathSync(path), root) ? 'file' : undefined;
    } catch {
      // A dangling link, or one that points at itself: nothing to read.
      return undefined;
    }
  };
  const walk = (folder: string, root: string): void => {
    let entries: string[];
    try {
      entries = readdirSync(folder).sort();
    } catch (error) {
      problems.push({ path: folder, message: messageOf(error) });
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry);
      const kind = entryKind(path, root);
      if (kind === 'folder') {
        if (!skipFolder(entry)) walk(path, root);
      } else if (kind === 'file' && entry.endsWith(WHETSTONE_EXTENSION)) {
        files.push(path);
        if (!foundIn.has(path)) foundIn.set(path, root);
      }
    }
  };
  for (const path of paths) {
    const folder = isFolder(path);
    if (folder === undefined) continue;
    // A file named explicitly is read whatever its extension: the person asked for it.
    if (!folder) {
      files.push(path);
      named.push(path);
    } else {
      try {
        walk(path, realpathSync(path));
      } catch (error) {
        problems.push({ path, message: messageOf(error) });
      }
    }
  }
  for (const path of named) foundIn.delete(path);
  return { files: [...new Set(files)], foundIn, problems };
}

export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && error.code === 'ENOENT') return 'no such file or folder';
  return error instanceof Error ? error.message : String(error);
}

/** A source file's bytes as text (a byte-order mark kept), if it is a regular file within SOURCE_FILE_LIMITS. */
export function readSourceFile(path: string): FileText {
  return readFileWithin(path, SOURCE_FILE_LIMITS);
}

/** A Whetstone file's bytes as text, if it can be a buffer: read as readSourceFile, and not too large to parse. */
export function readBufferFile(path: string): FileText {
  const read = readSourceFile(path);
  if ('problem' in read || !tooLargeForBuffer(read.text.length)) return read;
  return { problem: `${tooLargeMessage(read.text.length)}; not read`, missing: false };
}

/** A source file's text as an editor shows it: a leading byte-order mark is not part of the text. */
export function sourceText(bytes: string): string {
  return bytes.charCodeAt(0) === 0xfeff ? bytes.slice(1) : bytes;
}
