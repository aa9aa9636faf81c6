// A file `whetstone-agent serve` serves, checked each time it is read or written, not only when
// serve starts: a checkout of another branch, or anyone who can write the folder, may replace the
// file (or a folder on its path) by a symbolic link to a private file elsewhere while serve runs.
// A file found in a folder named, or a file named that was not a link, must then still lie inside
// its folder once links are followed; else it is neither read (its text would reach agents) nor
// written (their edits would land there), as for a FIFO. Only a link the person named on the
// command line is followed wherever it leads: they chose it.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { replaceIfUnchanged, type Replacement } from '../agent';
import { tooLargeForBuffer, tooLargeMessage } from '../workspace/buffer-limits';
import { SOURCE_FILE_LIMITS } from '../workspace/file-limits';
import { readFileWithin, readOpenFile, type FileText, type ReadLimits, type ReadProblem } from '../workspace/regular-file';
import { isInside } from './files';

export interface ServedFile {
  /** The path served (its buffer's URI is its file URL). */
  path: string;
  /** The real folder the file must lie inside; undefined for a link the person named, followed wherever it leads. */
  within: string | undefined;
}

/** Read and written without following a link: the path is resolved first (servedFileNow). */
const SERVED_FILE_LIMITS: ReadLimits = { ...SOURCE_FILE_LIMITS, followLinks: false };

/** How a path given to serve is checked from now on: `foundIn` is the real path of the folder named it was found in. */
export function servedFile(path: string, foundIn: string | undefined): ServedFile {
  if (foundIn !== undefined) return { path, within: foundIn };
  return isLink(path) ? { path, within: undefined } : { path, within: realFolder(dirname(path)) };
}

/** The real path of the served file now, checked to lie inside its folder; or why it is not read. */
function servedFileNow(file: ServedFile): { real: string } | ReadProblem {
  let real: string;
  try {
    real = realpathSync(file.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A dangling link or a file gone in the middle of a save are both "nothing there" for now.
    if (code === 'ENOENT') return { problem: 'no such file or folder', missing: true };
    return { problem: error instanceof Error ? error.message : String(error), missing: false };
  }
  if (file.within !== undefined && !isInside(real, file.within)) return { problem: 'a symbolic link takes it outside the folder served; not read', missing: false };
  return { real };
}

/** The served file's bytes as text, if it is (now) a regular file inside its folder, within SOURCE_FILE_LIMITS and not too large to be a buffer. */
export function readServedFile(file: ServedFile): FileText {
  const now = servedFileNow(file);
  if ('problem' in now) return now;
  const read = readFileWithin(now.real, SERVED_FILE_LIMITS);
  if ('problem' in read || !tooLargeForBuffer(read.text.length)) return read;
  return { problem: `${tooLargeMessage(read.text.length)}; not read`, missing: false };
}

/**
 * Replaces the served file's bytes with `bytes` atomically if it (now a regular file inside its
 * folder) still holds `expected` (see replaceIfUnchanged); a link is replaced at the file it
 * leads to, so a link the person named stays a link.
 */
export function replaceServedFile(file: ServedFile, expected: string, bytes: string): Replacement {
  const now = servedFileNow(file);
  if ('problem' in now) return { replaced: false, onDisk: now };
  return replaceIfUnchanged(now.real, expected, bytes, SERVED_FILE_LIMITS);
}

function realFolder(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The text of a served file replaced meanwhile, still open as `descriptor` (see replaceIfUnchanged). */
export function readOldServedFile(descriptor: number): FileText {
  return readOpenFile(descriptor, SERVED_FILE_LIMITS);
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
