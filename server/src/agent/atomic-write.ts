// Writing a file so that nobody ever sees half of it: the headless host's edits and the annotation
// feedback model both go to disk this way.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const descriptor = openSync(temporary, 'wx', mode);
  try {
    try {
      writeSync(descriptor, bytes);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Never created, or already renamed.
    }
    throw error;
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
