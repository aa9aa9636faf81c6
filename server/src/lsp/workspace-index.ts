// Keeps the workspace index (workspace/file-index.ts) built and current over LSP: the build at start
// (and when the source roots change) in the background with work-done progress ("Indexing 1,000
// Whetstone files", reports with a count, end), the file watchers registered with the client
// (`*.wst` files changed; files and folders created and deleted), and the files skipped, each named
// once in the log. The same
// roots and file changes go to the workspace's module exports cache (what imports resolve to).
// The build ends with every file's check (workspace/workspace-check.ts, on the same workers), whose
// diagnostics workspace-diagnostics.ts publishes; it hears of the files changed on disk too.
import { realpath } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, WatchKind, type Connection, type InitializeParams, type WorkDoneProgressServerReporter } from 'vscode-languageserver/node';
import { terminalLine } from '../protocol/display-text';
import { FileIndex } from '../workspace/file-index';
import { IdlePool } from '../workspace/idle-pool';
import { WHETSTONE_EXTENSION, type SourceRoot } from '../workspace/source-files';
import { indexAndCheckWorkspace } from '../workspace/index-and-check';
import type { Workspace } from '../workspace/workspace';
import type { DiagnosticsPublisher } from './diagnostics';
import { guardedNotification, type Log } from './guard';
import { WorkspaceDiagnostics } from './workspace-diagnostics';

/** How many skipped files are remembered so each is named once (beyond that, they are named again). */
const MAX_REMEMBERED_SKIPS = 10_000;

export class WorkspaceIndexing {
  readonly index: FileIndex;
  /** The diagnostics of the indexed files that are not open. */
  readonly diagnostics: WorkspaceDiagnostics;
  private watchRegistration = false;
  private roots: string[] | undefined;
  /** The build under way; a newer one makes it stop. */
  private generation = 0;
  /** Watched-file changes are applied one after another, in the order they came. */
  private queue: Promise<void> = Promise.resolve();
  private readonly named = new Set<string>();
  /** The worker threads of the build and of the checks after a change: the build leaves them running for those checks. */
  private readonly workers = new IdlePool();
  /** Settles when the latest build is done (for whoever wants to wait for it). */
  built: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: Connection,
    private readonly workspace: Workspace,
    private readonly log: Log,
    buffers: DiagnosticsPublisher,
  ) {
    this.index = new FileIndex(
      workspace,
      {
        skipped: (path, problem) => this.skipped(path, problem),
        error: (error) => log('Indexing failed', error),
      },
      { pool: this.workers },
    );
    this.diagnostics = new WorkspaceDiagnostics(connection, workspace, this.index, buffers, log, this.workers);
    buffers.keepClosed = (uri) => this.diagnostics.keepsClosed(uri);
    connection.onDidChangeWatchedFiles(
      guardedNotification(log, 'didChangeWatchedFiles', (params) => {
        const changes: { path: string; type: FileChangeType }[] = [];
        for (const change of params.changes ?? []) {
          const path = filePath(change.uri);
          if (path !== undefined) changes.push({ path, type: change.type });
        }
        if (changes.length === 0) return;
        this.queue = this.queue.then(() => this.filesChanged(changes)).catch((error: unknown) => log('Could not index a changed file', error));
      }),
    );
  }

  /**
   * Applies the changes of one notification, in order, then has what they reach checked once: a
   * branch switched reports hundreds of files together, and checking the files that depend on
   * them after each one would redo most of the work hundreds of times.
   */
  private async filesChanged(changes: readonly { path: string; type: FileChangeType }[]): Promise<void> {
    const removed = new Set<string>();
    const read = new Set<string>();
    /** Folders deleted with no file indexed yet (the build under way): only the module cache may hold their files. */
    const unread: string[] = [];
    for (const { path, type } of changes) {
      if (type === FileChangeType.Deleted) {
        const forgotten = this.index.remove(path);
        // Anything else deleted (not a module, nor a folder of them) changes nothing here.
        if (forgotten.length === 0 && !path.endsWith(WHETSTONE_EXTENSION)) {
          if (this.index.building) unread.push(path);
          continue;
        }
        for (const file of forgotten.length > 0 ? forgotten : [path]) removed.add(file);
      } else if (path.endsWith(WHETSTONE_EXTENSION)) {
        await this.index.refresh(path);
        read.add(path);
      } else if (type === FileChangeType.Created) {
        // A folder: its files; anything else created (not a module) gives none.
        for (const file of await this.index.refreshFolder(path)) read.add(file);
      }
    }
    if (removed.size > 0) this.diagnostics.filesRemoved([...removed]);
    if (read.size > 0) this.diagnostics.filesChanged([...read]);
    // What importers of the files see changes with them (module-exports.ts).
    const changed = [...new Set([...removed, ...read, ...unread])];
    if (changed.length > 0) this.workspace.modules.filesChanged(changed);
  }

  /** Notes whether the client lets the server register a file watcher. */
  initialize(params: InitializeParams): void {
    this.watchRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
  }

  /**
   * Asks the client to report `*.wst` files changed on disk, and anything created or deleted (after
   * initialized): a folder moved in, checked out or deleted whole is reported as the folder alone,
   * with no event for the files in it, so a `*.wst` pattern would never hear of them.
   */
  async watchFiles(): Promise<void> {
    if (!this.watchRegistration) return;
    await this.connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: [
        { globPattern: `**/*${WHETSTONE_EXTENSION}`, kind: WatchKind.Change },
        { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
      ],
    });
  }

  /** Indexes the folders `roots` (absolute paths) afresh, unless they are the ones indexed already. */
  setSourceRoots(roots: readonly string[]): Promise<void> {
    const key = [...roots];
    if (this.roots !== undefined && JSON.stringify(this.roots) === JSON.stringify(key)) return this.built;
    this.roots = key;
    // Imports resolve under the same roots (module-exports.ts).
    this.workspace.modules.setRoots(key);
    // The build checks every file: what was waiting to be checked again is its work now.
    this.diagnostics.cancelQueued();
    const generation = ++this.generation;
    this.built = this.build(key, generation).catch((error: unknown) => this.log('Indexing failed', error));
    return this.built;
  }

  /** Whether `uri` names a file of the index. */
  isIndexed(uri: string): boolean {
    const path = filePath(uri);
    return path !== undefined && this.index.get(path) !== undefined;
  }

  /** The files (as file URIs) that import the file `uri` names directly, once the index is built (see AgentHost.importersOf). */
  async importersOf(uri: string, options: { wait: boolean } = { wait: true }): Promise<string[] | undefined> {
    if (!options.wait && this.index.building) return undefined;
    await this.built;
    const path = filePath(uri);
    if (path === undefined) return [];
    return this.index.importersOf(path).map((file) => pathToFileURL(file).href);
  }

  dispose(): void {
    this.generation++;
    this.diagnostics.dispose();
    this.index.dispose();
    this.workers.dispose();
  }

  private async build(roots: readonly string[], generation: number): Promise<void> {
    const real: SourceRoot[] = [];
    for (const root of roots) {
      try {
        real.push({ path: root, real: await realpath(root) });
      } catch (error) {
        this.skipped(root, `the source root cannot be read (${error instanceof Error ? error.message : String(error)}); not indexed`);
      }
    }
    // No folder to index (a lone file opened): nothing to report.
    const progress: WorkDoneProgressServerReporter | undefined = real.length === 0 ? undefined : await this.connection.window.createWorkDoneProgress().catch(() => undefined);
    let shown = -1;
    const cancelled = (): boolean => generation !== this.generation;
    const checks = this.diagnostics.buildSink(cancelled);
    try {
      await this.index.build(real, {
        found: (total) => progress?.begin(`Indexing ${total.toLocaleString('en-US')} Whetstone ${total === 1 ? 'file' : 'files'}`, 0, undefined, false),
        indexed: (done, total) => {
          // A report per percent, not per file: a thousand notifications would be noise.
          const percentage = Math.floor((done * 100) / total);
          if (percentage === shown && done !== total) return;
          shown = percentage;
          progress?.report(percentage, `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`);
        },
        cancelled,
        // Every file's diagnostics from the same reading, on the same workers: the progress ends when they are in.
        readAndCheck: (files, pool, accept) => indexAndCheckWorkspace(files, this.index, this.workspace.modules, pool, checks, accept),
      });
      if (!cancelled()) checks.finished();
    } finally {
      progress?.done();
    }
  }

  /** Names a file not indexed, with why, once; the path is the folder's (and may be in the why), so both are escaped. */
  private skipped(path: string, problem: string): void {
    const key = `${path}\0${problem}`;
    if (this.named.has(key)) return;
    if (this.named.size >= MAX_REMEMBERED_SKIPS) this.named.clear();
    this.named.add(key);
    this.connection.console.warn(`Not indexed: ${terminalLine(path)}: ${terminalLine(problem)}`);
  }
}

function filePath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}
