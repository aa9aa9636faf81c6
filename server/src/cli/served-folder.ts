// The files `whetstone-agent serve` and `mcp --serve` serve, through a headless host: the .wst
// files named (and every .wst under the folders named), the first one open as the active buffer
// and each other one opened when a request names it (let go again when none has for a while), the
// index of the folders built in the background (who imports whom: a rename reaches every
// importer), the library of --library, plans and reviewed changes decided by --approve, importers
// analysed again when a module changes, and a file changed on disk taken as the buffer's next
// revision. What serves it to agents (the WebSocket endpoint, or MCP on stdio) is the caller's.
import { statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Session } from '../agent';
import type { LibraryContext } from '../core/semantics';
import { FileIndex } from '../workspace/file-index';
import { indexAndCheckWorkspace } from '../workspace/index-and-check';
import { loadGrammar } from '../workspace/grammar';
import type { SourceRoot } from '../workspace/source-files';
import { Workspace } from '../workspace/workspace';
import { collectFiles, messageOf } from './files';
import { HeadlessAgentHost } from './headless-host';
import { readLibraryOption } from './library-file';
import { readServedFile, servedFile, type ServedFile } from './served-file';
import { watchServedFiles } from './served-file-watcher';
import { createPlanApproval, type ApprovalMode, type Terminal } from './terminal-approval';

/**
 * How the served files are held: every one as a buffer from the start, or each when a request
 * names it (let go again when none has for a while).
 */
export const BUFFER_MODES = ['all', 'on-demand'] as const;
export type BufferMode = (typeof BUFFER_MODES)[number];

/** Files that together are at most this large are all buffers from the start, unless said otherwise. */
const ALL_BUFFERS_UP_TO_BYTES = 4 * 1024 * 1024;

export interface ServedFolderOptions {
  /** The files and folders named on the command line. */
  paths: readonly string[];
  /** --buffers; by default every file when they are small enough together (ALL_BUFFERS_UP_TO_BYTES), else on demand. */
  buffers?: BufferMode;
  approve: ApprovalMode;
  /** The library file of --library. */
  library?: string;
  /** Where `ask` puts its questions and reads the answers. */
  terminal: Pick<Terminal, 'input' | 'output'>;
  /** What getCapabilities names the host ("whetstone-agent serve"). */
  ideName: string;
  version: string;
  /** Problems that end the start (a file named that cannot be read), before anything is served. */
  fail: (line: string) => void;
  /** Everything else worth saying (a file skipped, a file changed on disk); never the token. */
  log: (line: string) => void;
}

export interface ServedFolder {
  host: HeadlessAgentHost;
  workspace: Workspace;
  /** The folders served: each folder named, and the folder of each file named. */
  folders: string[];
  /** How many files are served. */
  fileCount: number;
  /** Where the sessions come from (the endpoint or the stdio server, made after the folder). */
  setSessionSource(source: () => readonly Session[]): void;
  /** Stops watching and asking, and drops the buffers. */
  close(): void;
}

/** Opens the files; undefined when the start failed (said through `fail`). */
export async function openServedFolder(options: ServedFolderOptions): Promise<ServedFolder | undefined> {
  const { log } = options;
  let library: LibraryContext | undefined;
  if (options.library !== undefined) {
    const read = readLibraryOption(options.library);
    if ('problem' in read) {
      options.fail(read.problem);
      return undefined;
    }
    library = read.library;
  }
  await loadGrammar();
  const { files: paths, foundIn, problems } = collectFiles([...options.paths]);
  if (problems.length > 0) {
    for (const problem of problems) options.fail(`${problem.path}: ${problem.message}`);
    return undefined;
  }
  const onDemand = (options.buffers ?? (totalBytes(paths) <= ALL_BUFFERS_UP_TO_BYTES ? 'all' : 'on-demand')) === 'on-demand';
  // A file named that cannot be served ends the start. One found in a folder named that cannot be
  // read is skipped with the reason (at the start, or when a request names it), as a FIFO there
  // is: one file of a cloned repository does not refuse the rest.
  const served = new Map<string, ServedFile>();
  const texts = new Map<string, string>();
  for (const path of paths) {
    const file = servedFile(resolve(path), foundIn.get(path));
    const uri = pathToFileURL(resolve(file.path)).href;
    if (!onDemand || !foundIn.has(path)) {
      const read = readServedFile(file);
      if ('problem' in read) {
        if (!foundIn.has(path)) {
          options.fail(`${path}: ${read.problem}`);
          return undefined;
        }
        log(`whetstone-agent: ${path}: ${read.problem}; skipped`);
        continue;
      }
      texts.set(uri, read.text);
    }
    served.set(uri, file);
  }
  if (served.size === 0) log('whetstone-agent: no .wst files found; serving no buffers');

  const workspace = new Workspace((error) => log(`whetstone-agent: ${messageOf(error)}`));
  workspace.setLibrary(library);
  const folders = workspaceFolders(options.paths);
  // `use a.b` is the file a/b.wst under the folders served, as under the editor's workspace
  // folders (module-exports.ts): served files answer from their buffers, others are read.
  workspace.modules.setRoots(folders);
  let sessions: () => readonly Session[] = () => [];
  const approval = createPlanApproval(options.approve, {
    ...options.terminal,
    workspace,
    stillWanted: (plan) => sessions().some((session) => session.id === plan.sessionId && session.connected),
  });
  // The index of the folders: what agents find by name (listFiles, findSymbol, findReferences)
  // and who imports whom. With every file a buffer it reads none; on demand it reads them all in
  // the background (serve answers meanwhile; a change that must reach every importer waits).
  const index = new FileIndex(workspace, {
    skipped: (path, problem) => log(`whetstone-agent: ${path}: ${problem}; not indexed`),
    error: (error) => log(`whetstone-agent: indexing: ${messageOf(error)}`),
  });
  let closed = false;
  const roots = await realRoots(folders);
  // Each file is read once, as the language server reads it: its summary, and its exports for the
  // module cache (what a file that imports it is analysed with), so the first change that reaches
  // its importers does not parse every module they import again. Its diagnostics are not kept:
  // an agent asks for those of the files it opens.
  const withoutDiagnostics = { checked: () => undefined, cancelled: () => closed, error: (error: unknown) => log(`whetstone-agent: indexing: ${messageOf(error)}`) };
  const indexBuilt = onDemand
    ? index
        .build(roots, {
          found: () => undefined,
          indexed: () => undefined,
          cancelled: () => closed,
          readAndCheck: (files, pool, accept) => indexAndCheckWorkspace(files, index, workspace.modules, pool, withoutDiagnostics, accept),
        })
        .catch((error: unknown) => log(`whetstone-agent: indexing: ${messageOf(error)}`))
    : Promise.resolve(index.useRoots(roots));
  const host = new HeadlessAgentHost({
    workspace,
    index,
    library,
    decidePlan: approval.decidePlan,
    reviewChange: approval.reviewChange,
    info: { ideName: options.ideName, version: options.version },
    log,
    // Beside the served files, as VS Code keeps it in the workspace folder.
    feedbackFile: folders.length > 0 ? join(folders[0], '.whetstone', 'feedback.json') : undefined,
    served,
    indexBuilt,
    releaseIdle: onDemand,
  });
  // Every file read is a buffer (on demand: the named ones); the first is the active buffer, which
  // requests without a uri go to. On demand, the first file found is read for it.
  for (const [uri, file] of served) {
    const text = texts.get(uri) ?? (workspace.activeBufferUri === null ? readServedFile(file) : undefined);
    if (text === undefined) continue;
    if (typeof text !== 'string' && !('text' in text)) {
      log(`whetstone-agent: ${file.path}: ${text.problem}; skipped`);
      continue;
    }
    const buffer = host.openFile(uri, typeof text === 'string' ? text : text.text, file);
    if (workspace.activeBufferUri === null) workspace.setActive(buffer.uri);
  }
  // A buffer changed (by an agent, or its file on disk): when what it exports differs from what
  // its importers were analysed with, they are analysed again when next asked (their diagnostics).
  const importersFollow = workspace.onDidChange(({ buffer }) => {
    try {
      workspace.modules.noteAnalysed(buffer);
    } catch (error) {
      log(`whetstone-agent: ${messageOf(error)}`);
    }
  });
  // A file edited on disk becomes a new revision, and the sessions hear bufferChanged.
  const watched = watchServedFiles(host, log);
  return {
    host,
    workspace,
    folders,
    fileCount: served.size,
    setSessionSource(source) {
      sessions = source;
      host.setSessionSource(source);
    },
    close() {
      closed = true;
      host.dispose();
      approval.close();
      watched.close();
      importersFollow.dispose();
      // Before the buffers close: a closing buffer would have the index read its file again.
      index.dispose();
      workspace.dispose();
    },
  };
}

/** What the files found weigh together, in bytes (a file that cannot be looked at counts nothing). */
function totalBytes(paths: readonly string[]): number {
  let total = 0;
  for (const path of paths) {
    try {
      total += statSync(path).size;
    } catch {
      // Read (and refused with its reason) when it is served.
    }
  }
  return total;
}

/** The folders as the index takes them (each with its real path); one that cannot be resolved is left out. */
async function realRoots(folders: readonly string[]): Promise<SourceRoot[]> {
  const roots: SourceRoot[] = [];
  for (const folder of folders) {
    try {
      roots.push({ path: folder, real: await realpath(folder) });
    } catch {
      // Gone since it was named: nothing there to index.
    }
  }
  return roots;
}

/** The folders served: each folder named, and the folder of each file named. */
function workspaceFolders(paths: readonly string[]): string[] {
  const folders = paths.map((path) => {
    const absolute = resolve(path);
    return isFile(absolute) ? dirname(absolute) : absolute;
  });
  return [...new Set(folders)];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
