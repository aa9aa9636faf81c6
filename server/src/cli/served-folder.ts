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
import { loadGrammar } from '../workspace/grammar';
import type { SourceRoot } from '../workspace/source-files';
import { Workspace } from '../workspace/workspace';
import { collectFiles, messageOf } from './files';
import { HeadlessAgentHost } from './headless-host';
import { readLibraryOption } from './library-file';
import { readServedFile, servedFile, type ServedFile } from './served-file';
import { watchServedFiles } from './served-file-watcher';
import { createPlanApproval, type ApprovalMode, type Terminal } from './terminal-approval';

export interface ServedFolderOptions {
  /** The files and folders named on the command line. */
  paths: readonly string[];
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
  // A file named that cannot be served ends the start. One found in a folder named is read when a
  // request names it (one that cannot be read then is refused with the reason, as a FIFO there
  // is): one file of a cloned repository does not refuse the rest.
  const served = new Map<string, ServedFile>();
  const firstTexts = new Map<string, string>();
  for (const path of paths) {
    const file = servedFile(resolve(path), foundIn.get(path));
    const uri = pathToFileURL(resolve(file.path)).href;
    if (!foundIn.has(path)) {
      const read = readServedFile(file);
      if ('problem' in read) {
        options.fail(`${path}: ${read.problem}`);
        return undefined;
      }
      firstTexts.set(uri, read.text);
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
  // The index of the folders, read in the background (serve answers meanwhile): who imports whom,
  // and what agents find by name (listFiles, findSymbol, findReferences).
  const index = new FileIndex(workspace, {
    skipped: (path, problem) => log(`whetstone-agent: ${path}: ${problem}; not indexed`),
    error: (error) => log(`whetstone-agent: indexing: ${messageOf(error)}`),
  });
  let closed = false;
  const indexBuilt = realRoots(folders)
    .then((roots) => index.build(roots, { found: () => undefined, indexed: () => undefined, cancelled: () => closed }))
    .catch((error: unknown) => log(`whetstone-agent: indexing: ${messageOf(error)}`));
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
  });
  // The first file that can be read is the active buffer (requests without a uri go to it).
  for (const [uri, file] of served) {
    const read = firstTexts.has(uri) ? { text: firstTexts.get(uri)! } : readServedFile(file);
    if (!('text' in read)) {
      log(`whetstone-agent: ${file.path}: ${read.problem}; skipped`);
      continue;
    }
    workspace.setActive(host.openFile(uri, read.text, file).uri);
    break;
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
