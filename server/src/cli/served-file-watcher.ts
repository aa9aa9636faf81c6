// Watches the files `whetstone-agent serve` serves, so that a file edited on disk (by the person's
// editor, git, a formatter) becomes a new revision of its buffer instead of a stale tree. The
// folders are watched rather than the files: editors save by writing a new file and renaming it
// over the old one, which a watch on the old file would not see. A symbolic link's target folder
// is watched too. Events are gathered until the file has settled (a save is several events, and
// a writer may truncate before it writes) before it is read again; the server's own writes read
// back unchanged and are no news. A write that finds the file changed waits the same way
// (whenSettled) before the buffer takes the new text.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** A save arrives as several events (write, rename, attributes): they are taken together. */
const SETTLE_MS = 30;
/** How often a file watched for a least time (whenOpenFileSettled) is looked at until it changes. */
const WINDOW_LOOK_MS = 100;
/** The longest a file keeps changing before it is read anyway. */
const MAX_WAIT_MS = 300;
/**
 * How long a file that looks unfinished (empty, or its last line cut: no line break at its end)
 * must stay so before it is taken: a save in place truncates first, a save in pieces stops inside
 * a line, and on a busy machine the writer may pause longer than SETTLE_MS between the two.
 */
const UNFINISHED_SETTLE_MS = 1_000;

export interface WatchedFiles {
  close(): void;
}

export interface ServedFiles {
  servedFiles(): { uri: string; path: string }[];
  syncFromDisk(uri: string): number | undefined;
}

export function watchServedFiles(host: ServedFiles, log: (line: string) => void): WatchedFiles {
  const files = host.servedFiles();
  /** For each watched folder, the URIs of the files in it (by the name seen there). */
  const byFolder = new Map<string, Map<string, string[]>>();
  const add = (path: string, uri: string): void => {
    const names = byFolder.get(dirname(path)) ?? new Map<string, string[]>();
    byFolder.set(dirname(path), names);
    names.set(basename(path), [...(names.get(basename(path)) ?? []), uri]);
  };
  for (const { uri, path } of files) {
    add(path, uri);
    const real = realPath(path);
    if (real !== path) add(real, uri);
  }

  const paths = new Map(files.map(({ uri, path }) => [uri, path]));
  const due = new Set<string>();
  /** What each due file looked like at the last look (size, time, inode), to see it has settled. */
  const lastSeen = new Map<string, string>();
  /** Since when each due file has looked unfinished (see UNFINISHED_SETTLE_MS). */
  const unfinishedSince = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let firstEventAt = 0;
  const flush = (): void => {
    timer = undefined;
    // A file is read only once it looks the same twice in a row, SETTLE_MS apart: a writer that
    // truncates and then writes (not every program saves by renaming) is never read half way.
    // One that keeps writing is read anyway after MAX_WAIT_MS.
    const overdue = Date.now() - firstEventAt >= MAX_WAIT_MS;
    for (const uri of [...due]) {
      const seen = fileState(paths.get(uri)!);
      if (isUnfinishedState(seen)) {
        const since = unfinishedSince.get(uri) ?? Date.now();
        unfinishedSince.set(uri, since);
        if (Date.now() - since < UNFINISHED_SETTLE_MS) {
          lastSeen.set(uri, seen);
          continue;
        }
      } else unfinishedSince.delete(uri);
      if (!overdue && seen !== lastSeen.get(uri)) {
        lastSeen.set(uri, seen);
        continue;
      }
      due.delete(uri);
      lastSeen.delete(uri);
      unfinishedSince.delete(uri);
      try {
        host.syncFromDisk(uri);
      } catch (error) {
        log(`whetstone-agent: could not take the change on disk of ${uri}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (due.size > 0) timer = setTimeout(flush, SETTLE_MS);
  };
  const schedule = (uris: readonly string[]): void => {
    for (const uri of uris) due.add(uri);
    if (timer !== undefined) return;
    firstEventAt = Date.now();
    timer = setTimeout(flush, SETTLE_MS);
  };

  const watchers: FSWatcher[] = [];
  for (const [folder, names] of byFolder) {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        // Without a name (some platforms) any served file of the folder may have changed.
        const uris = name === null ? [...names.values()].flat() : (names.get(name.toString()) ?? []);
        if (uris.length > 0) schedule(uris);
      });
      watcher.on('error', (error) => log(`whetstone-agent: stopped watching ${folder}: ${error.message}`));
      watchers.push(watcher);
    } catch (error) {
      log(`whetstone-agent: cannot watch ${folder} for changes on disk: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/**
 * Resolves once the file at `path` has looked the same twice in a row, SETTLE_MS apart (as the
 * watcher waits), or after MAX_WAIT_MS of changing; a file that looks unfinished once it has
 * stayed so for UNFINISHED_SETTLE_MS.
 */
export function whenSettled(path: string): Promise<void> {
  return settled(() => fileState(path), 0, undefined);
}

/**
 * As whenSettled, for a file open as `descriptor` (one that may have no name any more), watched
 * for at least `atLeastMs` unless `stop` is aborted first (then at once).
 */
export function whenOpenFileSettled(descriptor: number, atLeastMs: number, stop: AbortSignal): Promise<void> {
  return settled(() => openFileState(descriptor), atLeastMs, stop);
}

async function settled(look: () => string, atLeastMs: number, stop: AbortSignal | undefined): Promise<void> {
  let seen = look();
  // For the least time, a look now and then: a write shows as a different look, and from then on
  // the file is waited for as usual (its writer is taken as soon as it has finished).
  for (const from = Date.now(); Date.now() - from < atLeastMs && !stop?.aborted; ) {
    await pause(WINDOW_LOOK_MS, stop);
    const now = look();
    if (now === seen) continue;
    seen = now;
    break;
  }
  const started = Date.now();
  let unfinishedSince = isUnfinishedState(seen) ? started : undefined;
  for (;;) {
    await pause(SETTLE_MS, stop);
    if (stop?.aborted) return;
    const now = look();
    if (isUnfinishedState(now)) {
      unfinishedSince ??= Date.now();
      if (Date.now() - unfinishedSince >= UNFINISHED_SETTLE_MS) return;
      seen = now;
      continue;
    }
    unfinishedSince = undefined;
    if (now === seen || Date.now() - started >= MAX_WAIT_MS) return;
    seen = now;
  }
}

/** Waits `ms`, or until `stop` is aborted (at once when it already is). */
function pause(ms: number, stop: AbortSignal | undefined): Promise<void> {
  if (stop?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    stop?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Whether a look (fileState, openFileState) saw a file that is empty or whose last line is cut. */
function isUnfinishedState(state: string): boolean {
  return state.startsWith('0:') || state.endsWith(':cut');
}

function openFileState(descriptor: number): string {
  try {
    const stat = fstatSync(descriptor, { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${lastLineEnd(descriptor, stat.size)}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unreadable';
  }
}

/** Size, modification time and inode of a file, and whether its last line ends (or why it cannot be seen), to compare two looks. */
function fileState(path: string): string {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.ino}:${stat.isFile() ? lastLineEndOf(path, stat.size) : 'other'}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'unreadable';
  }
}

/** As lastLineEnd, for a regular file by its path; `line` when it cannot be opened (it is refused when read). */
function lastLineEndOf(path: string, size: bigint): 'line' | 'cut' {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return 'line';
  }
  try {
    return lastLineEnd(descriptor, size);
  } catch {
    return 'line';
  } finally {
    closeSync(descriptor);
  }
}

/** `line` when the file's last byte is a line break (or it is empty), `cut` otherwise. */
function lastLineEnd(descriptor: number, size: bigint): 'line' | 'cut' {
  if (size === 0n) return 'line';
  const last = Buffer.alloc(1);
  const read = readSync(descriptor, last, 0, 1, Number(size - 1n));
  return read === 1 && last[0] !== 0x0a && last[0] !== 0x0d ? 'cut' : 'line';
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
