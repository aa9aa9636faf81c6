// The files `whetstone-agent serve` and `mcp --serve` serve, open as buffers of a headless host:
// the .wst files named (and every .wst under the folders named), the first one active, the
// library of --library, plans and reviewed changes decided by --approve, importers analysed again
// when a module changes, and a file changed on disk taken as the buffer's next revision. What
// serves it to agents (the WebSocket endpoint, or MCP on stdio) is the caller's.
import { realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Session } from '../agent';
import type { LibraryContext } from '../core/semantics';
import { FileIndex } from '../workspace/file-index';
import { loadGrammar } from '../workspace/grammar';
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
  /** How many files are open as buffers. */
  bufferCount: number;
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
  // A file named that cannot be served ends the start; one found in a folder named is skipped
  // with the reason, as a FIFO there is: one file of a cloned repository does not refuse the rest.
  const files: { file: ServedFile; text: string }[] = [];
  for (const path of paths) {
    const file = servedFile(resolve(path), foundIn.get(path));
    const read = readServedFile(file);
    if ('text' in read) files.push({ file, text: read.text });
    else if (foundIn.has(path)) log(`whetstone-agent: ${path}: ${read.problem}; skipped`);
    else {
      options.fail(`${path}: ${read.problem}`);
      return undefined;
    }
  }
  if (files.length === 0) log('whetstone-agent: no .wst files found; serving no buffers');

  const workspace = new Workspace((error) => log(`whetstone-agent: ${messageOf(error)}`));
  workspace.setLibrary(library);
  const folders = workspaceFolders(options.paths);
  // `use a.b` is the file a/b.wst under the folders served, as under the editor's workspace
  // folders (module-exports.ts): served files answer from their buffers, others are read.
  workspace.modules.setRoots(folders);
  // Every served file is a buffer: the index reads none, it names them by module for agents
  // (listFiles, findSymbol, findReferences) and follows references between them.
  const index = new FileIndex(workspace, { skipped: () => undefined, error: (error) => log(`whetstone-agent: ${messageOf(error)}`) });
  index.useRoots(folders.map((folder) => ({ path: folder, real: realPath(folder) })));
  let sessions: () => readonly Session[] = () => [];
  const approval = createPlanApproval(options.approve, {
    ...options.terminal,
    workspace,
    stillWanted: (plan) => sessions().some((session) => session.id === plan.sessionId && session.connected),
  });
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
  });
  for (const { file, text } of files) {
    const buffer = host.openFile(pathToFileURL(resolve(file.path)).href, text, file);
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
    bufferCount: files.length,
    setSessionSource(source) {
      sessions = source;
      host.setSessionSource(source);
    },
    close() {
      approval.close();
      watched.close();
      importersFollow.dispose();
      // Before the buffers close: a closing buffer would have the index read its file again.
      index.dispose();
      workspace.dispose();
    },
  };
}

/** The folders served: each folder named, and the folder of each file named. */
function workspaceFolders(paths: readonly string[]): string[] {
  const folders = paths.map((path) => {
    const absolute = resolve(path);
    return isFile(absolute) ? dirname(absolute) : absolute;
  });
  return [...new Set(folders)];
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
