// The diagnostics of the files that are not open (`whetstone.diagnostics.scope`: `workspace`, the
// default, shows every indexed file's in the Problems panel; `openFiles` only the open buffers').
// The index's build checks every file (workspace/workspace-check.ts) and they are published here;
// after it, a file is checked again on this thread (the module cache reads, parses and analyses
// it, keeping only its exports: workspace/module-exports.ts checkFile) when it changes on disk or
// when a module it imports changes what it exports — one file per turn of the event loop, those
// imported first, so the editor is answered meanwhile. The change is carried on as a wave: the
// importers of the changed module are checked, and the importers of one of them only if its own
// exports changed (or it is in an import cycle), so a change stops at the first files whose view
// of it is unchanged. Open buffers that import the changed module, directly or through others, are
// published again by the buffers' publisher (diagnostics.ts). A file that opens is its buffer's business; one that closes is checked from
// disk again (or cleared under `openFiles`); one deleted, or no longer under a root, is cleared.
import { sep } from 'node:path';
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { pathToFileURL } from 'node:url';
import { pathOfBufferUri } from '../workspace/buffer-path';
import type { FileDiagnostic } from '../workspace/file-check';
import type { FileIndex } from '../workspace/file-index';
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
  /** Files to check again on this thread, in the order to check them (those imported first). */
  private queue: string[] = [];
  private due: NodeJS.Immediate | undefined;
  private readonly subscriptions: Disposable[];

  constructor(
    private readonly connection: Connection,
    private readonly workspace: Workspace,
    private readonly index: FileIndex,
    private readonly buffers: DiagnosticsPublisher,
    private readonly log: Log,
  ) {
    this.subscriptions = [
      workspace.onDidOpen((buffer) => this.shown.delete(pathOfBufferUri(buffer.uri))),
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
      this.queue = [];
      for (const path of [...this.shown]) this.clear(path);
    } else {
      this.enqueue([...this.index.all()].map((file) => file.path));
    }
  }

  /** Forgets the files waiting to be checked again (a build will check them all). */
  cancelQueued(): void {
    this.queue = [];
  }

  /** What the index's build reports its checks to; files no longer indexed are cleared when it is done. */
  buildSink(cancelled: () => boolean): CheckSink & { finished(): void } {
    // The build checks every file: what was waiting is done by it.
    this.queue = [];
    return {
      checked: (path, uri, diagnostics) => this.publish(path, uri, diagnostics),
      cancelled,
      error: (error) => this.log('Could not check a file of the workspace', error),
      finished: () => {
        for (const path of [...this.shown]) if (!this.index.get(path)) this.clear(path);
      },
    };
  }

  /** A file created or changed on disk (the index has read it again): checked again. */
  fileChanged(path: string): void {
    if (this.index.get(path)) this.enqueue([path]);
  }

  /** Files deleted on disk (or a folder with them): their diagnostics leave the Problems panel. */
  filesRemoved(paths: readonly string[]): void {
    const gone = new Set(paths);
    this.queue = this.queue.filter((path) => !gone.has(path));
    for (const path of paths) this.clear(path);
  }

  dispose(): void {
    if (this.due) clearImmediate(this.due);
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  /** A module's exports changed (a buffer's edit, a file on disk), or everything did: its dependents are checked and published again. */
  private modulesChanged(change: ModuleChange): void {
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
    this.enqueue(this.directImporters(changed));
  }

  /**
   * The files not open that import one of `paths` directly, and the members of their import
   * cycles and of those of `paths` (each member sees the others as their cycle does, so all are
   * checked together; the wave then only goes up, to files outside the cycle).
   */
  private directImporters(paths: ReadonlySet<string>): string[] {
    const { graph, files } = this.index.importGraph();
    const reached = new Set<string>();
    for (const file of files) {
      if (paths.has(file)) continue;
      if (graph.importsOf(file).some((target) => paths.has(target))) reached.add(file);
    }
    for (const file of [...reached, ...paths]) {
      if (!graph.importsOf(file).some((target) => graph.sameCycle(target, file))) continue;
      for (const other of files) if (!paths.has(other) && graph.sameCycle(other, file)) reached.add(other);
    }
    return [...reached].filter((file) => !this.workspace.modules.isOpen(file));
  }

  /** Adds files to check again here, keeping those imported first. */
  private enqueue(paths: readonly string[]): void {
    if (this.scope !== 'workspace' || paths.length === 0) return;
    const wanted = new Set([...this.queue, ...paths]);
    this.queue = wanted.size === 1 ? [...wanted] : this.index.importGraph().graph.cyclesFirst(wanted).flat();
    // Files outside the graph (none should be) keep their place at the end.
    if (this.queue.length < wanted.size) for (const path of wanted) if (!this.queue.includes(path)) this.queue.push(path);
    this.due ??= setImmediate(() => this.checkNext());
  }

  private checkNext(): void {
    this.due = undefined;
    const path = this.queue.shift();
    if (path === undefined) return;
    try {
      if (this.scope === 'workspace' && !this.workspace.modules.isOpen(path)) {
        // A file not indexed (a buffer never saved that closed, one deleted meanwhile) shows nothing.
        const checked = this.index.get(path) ? this.workspace.modules.checkFile(path) : undefined;
        if (checked) this.publish(path, pathToFileURL(path).href, checked.diagnostics);
        else this.clear(path);
        // Its importers see a change only if its exports changed (the members of its cycle are checked with it already).
        if (checked?.exportsChanged) this.enqueue(this.directImporters(new Set([path])));
      }
    } catch (error) {
      this.log(`Could not check ${path}`, error);
    }
    if (this.queue.length > 0) this.due = setImmediate(() => this.checkNext());
  }

  private publish(path: string, uri: string, diagnostics: readonly FileDiagnostic[]): void {
    if (this.scope !== 'workspace' || this.workspace.modules.isOpen(path)) return;
    this.shown.add(path);
    // No version: the file is not open. A quick fix needs the open buffer's node ids, so none is offered here.
    const converted: LspDiagnostic[] = diagnostics.map((diagnostic) => toLspDiagnostic(diagnostic, 0));
    this.send(uri, converted);
  }

  private clear(path: string): void {
    if (!this.shown.delete(path)) return;
    this.send(pathToFileURL(path).href, []);
  }

  private send(uri: string, diagnostics: LspDiagnostic[]): void {
    void this.connection.sendDiagnostics({ uri, diagnostics }).catch((error: unknown) => this.log(`Could not publish diagnostics for ${uri}`, error));
  }
}
