// Writing a file so that nobody ever sees half of it: the headless host's edits and the annotation
// feedback model both go to disk this way. The headless host also must not throw away what someone
// else wrote meanwhile (replaceIfUnchanged).
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openWithin, readOpenFile, type FileText, type ReadLimits } from '../workspace/regular-file';

/**
 * Writes `bytes` to a temporary file beside `path` and renames it over `path`, keeping its mode: a
 * reader (or a crash of this process) sees the old file or the new one, never half of either. It
 * does not fsync, as editors do not on save: a flush costs milliseconds per mutation (more than the
 * whole mutation), and durability across power loss is left to the file system (ext4, APFS and
 * NTFS order a rename over an existing file after its data). With `throughLinks` (a served file
 * the person may have linked) a symbolic link is written through: the rename replaces the file it
 * points to, and the link stays a link. Without it the rename replaces whatever is at the path
 * itself, a link included, so nothing outside the path's folder is ever written.
 */
export function writeAtomically(linkOrPath: string, bytes: string, options: { throughLinks: boolean }): void {
  const path = options.throughLinks ? realTarget(linkOrPath) : linkOrPath;
  let mode = 0o644;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    // A new file gets the usual mode.
  }
  renameOver(writeTemporary(path, bytes, mode), path);
}

/**
 * What replaceIfUnchanged did: replaced the file, or left it because it no longer held what was
 * expected (what it holds, or why it could not be read). `oldFile`: the replaced file, still open,
 * for the caller to watch and close — a writer that opened it before the rename may still write to
 * it, and that write would otherwise be left in a file that no longer has a name.
 */
export type Replacement = { replaced: true; oldFile: number } | { replaced: false; onDisk: FileText };

/**
 * Replaces the regular file at `path` (not a link: it is not followed) with `bytes` as
 * writeAtomically does, but only if it still holds `expected`, compared just before the rename.
 * The old file's descriptor, held across the rename, is handed back (`oldFile`): only the caller
 * can tell, by reading it once its writers have finished, whether someone wrote to it late.
 */
export function replaceIfUnchanged(path: string, expected: string, bytes: string, limits: ReadLimits): Replacement {
  const descriptor = openWithin(path, { ...limits, followLinks: false });
  if (typeof descriptor !== 'number') return { replaced: false, onDisk: descriptor };
  let replaced = false;
  try {
    const temporary = writeTemporary(path, bytes, fstatSync(descriptor).mode & 0o7777);
    const before = readOpenFile(descriptor, limits);
    if (!('text' in before) || before.text !== expected) {
      removeTemporary(temporary);
      return { replaced: false, onDisk: before };
    }
    renameOver(temporary, path);
    replaced = true;
    return { replaced: true, oldFile: descriptor };
  } finally {
    if (!replaced) closeSync(descriptor);
  }
}

/** A temporary file beside `path` holding `bytes`, with `mode`. */
function writeTemporary(path: string, bytes: string, mode: number): string {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const descriptor = openSync(temporary, 'wx', mode);
  try {
    writeSync(descriptor, bytes);
  } catch (error) {
    closeSync(descriptor);
    removeTemporary(temporary);
    throw error;
  }
  closeSync(descriptor);
  return temporary;
}

function renameOver(temporary: string, path: string): void {
  try {
    renameSync(temporary, path);
  } catch (error) {
    removeTemporary(temporary);
    throw error;
  }
}

function removeTemporary(temporary: string): void {
  try {
    unlinkSync(temporary);
  } catch {
    // Never created, or already renamed.
  }
}

/** The file a path names after following symbolic links; the path itself when it does not exist yet. */
function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
