// Watches the files `whetstone-agent serve` serves, so that a file edited on disk (by the person's
// editor, git, a formatter) becomes a new revision of its buffer instead of a stale tree. The
// folders are watched rather than the files: editors save by writing a new file and renaming it
// over the old one, which a watch on the old file would not see. A symbolic link's target folder
// is watched too. Events are gathered for a moment (a save is several events) before the files
// are read again; the server's own writes read back unchanged and are no news.
import { watch, realpathSync, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** A save arrives as several events (write, rename, attributes): they are taken together. */
const SETTLE_MS = 30;

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

  const due = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    timer = undefined;
    const uris = [...due];
    due.clear();
    for (const uri of uris) {
      try {
        host.syncFromDisk(uri);
      } catch (error) {
        log(`whetstone-agent: could not take the change on disk of ${uri}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const schedule = (uris: readonly string[]): void => {
    for (const uri of uris) due.add(uri);
    timer ??= setTimeout(flush, SETTLE_MS);
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

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
