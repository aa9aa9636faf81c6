// The diagnostics of the files that are not open (`whetstone.diagnostics.scope`: `workspace`, the
// default, shows every indexed file's in the Problems panel; `openFiles` only the open buffers').
// The index's build checks every file (workspace/workspace-check.ts) and they are published here;
// after it, a file is checked again (workspace/dependent-checks.ts: on worker threads when a change
// reaches many files, else on this thread one file per turn) when it changes on disk or when a
// module it imports changes what it exports, carried on as a wave that stops at the first files
// whose view of the change is unchanged. A newer change supersedes the checks under way, so no
// older diagnostics are published after newer ones. Open buffers that import the changed module,
// directly or through others, are published again first, at once, by the buffers' publisher
// (diagnostics.ts). A file that opens is its buffer's business; one that closes is checked from
// disk again (or cleared under `openFiles`); one deleted, or no longer under a root, is cleared.
// A check whose diagnostics are those last sent for its file is not sent again: most files a
// change reaches see the same diagnostics (a signature change that keeps their calls right).
import { sep } from 'node:path';
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';
import { pathOfBufferUri } from '../workspace/buffer-path';
import type { FileDiagnostic } from '../workspace/file-check';
import type { FileIndex } from '../workspace/file-index';
import { DependentChecks } from '../workspace/dependent-checks';
import type { IdlePool } from '../workspace/idle-pool';
import type { ModuleChange } from '../workspace/module-exports';
import type { CheckSink } from '../workspace/workspace-check';
import type { Disposable, Workspace } from '../workspace/workspace';
import { toLspDiagnostic } from './convert';
import type { DiagnosticsPublisher } from './diagnostics';
import type { Log } from './guard';
import { settingDefault } from '../workspace/package-manifest';

/** `whetstone.diagnostics.scope` (its values and default in package.json). */
export type DiagnosticsScope = 'workspace' | 'openFiles';

export class WorkspaceDiagnostics {
  private scope = settingDefault<DiagnosticsScope>('whetstone.diagnostics.scope');
  /** The files not open whose diagnostics are shown, by path. */
  private readonly shown = new Set<string>();
  /** The diagnostics last sent for each file not open, by path (forgotten when it opens or is cleared). */
  private readonly sent = new Map<string, readonly FileDiagnostic[]>();
  /** The files to check again, and their checks under way. */
  private readonly checks: DependentChecks;
  private readonly subscriptions: Disposable[];

  constructor(
    private readonly connection: Connection,
    private readonly workspace: Workspace,
    private readonly index: FileIndex,
    private readonly buffers: DiagnosticsPublisher,
    private readonly log: Log,
    workers: IdlePool,
  ) {
    this.checks = new DependentChecks(
      index,
      workspace.modules,
      {
        checked: (path, uri, diagnostics) => this.publish(path, uri, diagnostics),
        unreadable: (path) => this.clear(path),
        error: (path, error) => this.log(`Could not check ${path}`, error),
      },
      { pool: workers },
    );
    this.subscriptions = [
      workspace.onDidOpen((buffer) => {
        // Its buffer publishes its diagnostics now: what this sent before is no longer what is shown.
        const path = pathOfBufferUri(buffer.uri);
        this.shown.delete(path);
        this.sent.delete(path);
      }),
      workspace.onDidClose((uri) => {
        if (!this.keepsClosed(uri)) return;
        // Its buffer's diagnostics stay shown until its check from disk replaces (or clears) them.
        const path = pathOfBufferUri(uri);
        this.shown.add(path);
        this.enqueue([path]);
      }),
      workspace.modules.onDidChange((change) => this.modulesChanged(change)),
    ];
  }

  /** Whether a buffer that closes keeps showing its file's diagnostics (checked from disk here) rather than clearing them. */
  keepsClosed(uri: string): boolean {
    return this.scope === 'workspace' && uri.startsWith('file:') && this.index.moduleOfPath(pathOfBufferUri(uri)) !== undefined;
  }

  setScope(scope: DiagnosticsScope): void {
    if (scope === this.scope) return;
    this.scope = scope;
    if (scope === 'openFiles') {
      this.checks.clear();
      for (const path of [...this.shown]) this.clear(path);
    } else {
      this.enqueue([...this.index.all()].map((file) => file.path));
    }
  }

  /** Forgets the files waiting to be checked again (a build will check them all). */
  cancelQueued(): void {
    this.checks.clear();
  }

  /** What the index's build reports its checks to; files no longer indexed are cleared when it is done. */
  buildSink(cancelled: () => boolean): CheckSink & { finished(): void } {
    // The build checks every file: what was waiting is done by it.
    this.checks.clear();
    return {
      checked: (path, uri, diagnostics) => this.publish(path, uri, diagnostics),
      cancelled,
      error: (error) => this.log('Could not check a file of the workspace', error),
      finished: () => {
        for (const path of [...this.shown]) if (!this.index.get(path)) this.clear(path);
      },
    };
  }

  /** Files created or changed on disk (the index has read them again): checked again. */
  filesChanged(paths: readonly string[]): void {
    // A check of one under way read its text before: not published.
    this.checks.supersede();
    this.enqueue(paths.filter((path) => this.index.get(path) !== undefined));
  }

  /** Files deleted on disk (or a folder with them): their diagnostics leave the Problems panel. */
  filesRemoved(paths: readonly string[]): void {
    this.checks.forget(paths);
    for (const path of paths) this.clear(path);
  }

  dispose(): void {
    this.checks.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  /** A module's exports changed (a buffer's edit, a file on disk), or everything did: its dependents are checked and published again. */
  private modulesChanged(change: ModuleChange): void {
    // What is under way was computed against what changed now: checked again, not published.
    this.checks.supersede();
    if ('all' in change) {
      this.buffers.republishImporters();
      this.enqueue([...this.index.all()].map((file) => file.path));
      return;
    }
    const { graph, files } = this.index.importGraph();
    const changed = new Set(change.paths);
    // A folder deleted: every file imported from under it.
    for (const path of change.paths) {
      if (path.endsWith('.wst')) continue;
      const folder = path.endsWith(sep) ? path : path + sep;
      for (const file of files) for (const target of graph.importsOf(file)) if (target.startsWith(folder)) changed.add(target);
    }
    // Open buffers analyse again at once, through any number of files (their analysis asks the cache).
    const open = graph.importersOf(changed, files).filter((path) => this.workspace.modules.isOpen(path));
    if (open.length > 0) this.buffers.republish(open);
    if (this.scope === 'workspace') this.checks.enqueueImportersOf(changed);
  }

  /** Adds files to check again. */
  private enqueue(paths: readonly string[]): void {
    if (this.scope === 'workspace') this.checks.enqueue(paths);
  }

  private publish(path: string, uri: string, diagnostics: readonly FileDiagnostic[]): void {
    if (this.scope !== 'workspace' || this.workspace.modules.isOpen(path)) return;
    this.shown.add(path);
    // No version: the file is not open. A quick fix needs the open buffer's node ids, so none is offered here.
    const converted: LspDiagnostic[] = diagnostics.map((diagnostic) => toLspDiagnostic(diagnostic, 0));
    // Compared as sent (the build, which sends each file once, compares nothing).
    const last = this.sent.get(path);
    this.sent.set(path, diagnostics);
    if (last && sameAsSent(last, converted)) return;
    this.send(uri, converted);
  }

  private clear(path: string): void {
    this.sent.delete(path);
    if (!this.shown.delete(path)) return;
    this.send(pathToFileURL(path).href, []);
  }

  private send(uri: string, diagnostics: LspDiagnostic[]): void {
    void this.connection.sendDiagnostics({ uri, diagnostics }).catch((error: unknown) => this.log(`Could not publish diagnostics for ${uri}`, error));
  }
}

/** Whether `last` (diagnostics sent before) would be sent as `converted`. */
function sameAsSent(last: readonly FileDiagnostic[], converted: readonly LspDiagnostic[]): boolean {
  if (last.length !== converted.length) return false;
  return JSON.stringify(last.map((diagnostic) => toLspDiagnostic(diagnostic, 0))) === JSON.stringify(converted);
}
