// The setting `whetstone.library`: a library context JSON file (docs/AGENT-ENDPOINT.md "Library
// context"), absolute or relative to the first workspace folder, read with the core's tolerant
// reader. Read again whenever the settings change; a file that cannot be read or parsed leaves no
// library in force and says why (a stale library would make diagnostics and agents disagree with
// the file).
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection, InitializeParams } from 'vscode-languageserver/node';
import { readLibraryContext, type LibraryContext } from '../core/semantics';
import type { DiagnosticsPublisher } from '../lsp/diagnostics';
import { labelText, terminalLine } from '../protocol/display-text';
import { LIBRARY_FILE_LIMITS } from '../workspace/file-limits';
import { readFileWithinAsync } from '../workspace/regular-file';
import type { LspAgentHost } from './lsp-agent-host';

/** Longest report of a library that is not used. */
const MAX_PROBLEM_CHARS = 1000;

export type LibraryLoad = { library: LibraryContext | undefined; path?: string } | { library: undefined; path: string; error: string };

/** The first workspace folder's path on disk, if it is a file: folder. */
export function workspaceFolderPath(params: InitializeParams): string | undefined {
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  if (!uri?.startsWith('file:')) return params.rootPath ?? undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** Reads the library the setting names; '' means none. */
export async function loadLibrary(setting: string, folder: string | undefined): Promise<LibraryLoad> {
  if (setting === '') return { library: undefined };
  if (!isAbsolute(setting) && folder === undefined) {
    return { library: undefined, path: setting, error: 'it is a relative path and no workspace folder is open' };
  }
  const path = isAbsolute(setting) ? setting : resolve(folder as string, setting);
  // A workspace's own settings may name the file: a FIFO or a device there must not stall the
  // server, nor a huge file exhaust it (workspace/regular-file.ts).
  const read = await readFileWithinAsync(path, LIBRARY_FILE_LIMITS);
  if ('problem' in read) return { library: undefined, path, error: `it cannot be read (${read.problem})` };
  try {
    return { library: readLibraryContext(JSON.parse(read.text.replace(/^\uFEFF/, ''))), path };
  } catch (error) {
    return { library: undefined, path, error: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Keeps the library in force (for diagnostics and agents) in step with the setting and the file. */
export class LibrarySetting {
  /** The last problem shown, so a settings change elsewhere does not show it again. */
  private lastProblem: string | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly host: LspAgentHost,
    private readonly diagnostics: DiagnosticsPublisher,
  ) {}

  /** Reads the library again (on every settings change: the file itself may have changed too). */
  async apply(setting: string, folder: string | undefined): Promise<void> {
    const loaded = await loadLibrary(setting, folder);
    const problem = 'error' in loaded ? `Whetstone: the library ${loaded.path} (setting whetstone.library) is not used: ${loaded.error}` : undefined;
    if (problem !== undefined && problem !== this.lastProblem) {
      // The error may quote the file (a JSON parse error does): escaped for the log and the notification.
      this.connection.console.warn(terminalLine(problem, MAX_PROBLEM_CHARS));
      void this.connection.window.showWarningMessage(labelText(problem, MAX_PROBLEM_CHARS));
    }
    this.lastProblem = problem;
    if (JSON.stringify(loaded.library) === JSON.stringify(this.host.library())) return;
    this.host.setLibrary(loaded.library);
    // What imports mean changed: open buffers' squiggles must say so without waiting for an edit.
    this.diagnostics.republishAll();
    // Agents get the library when they connect; those already attached hear of the change.
    if (loaded.library) for (const session of this.host.sessions()) session.notify('libraryContext', loaded.library);
  }
}
