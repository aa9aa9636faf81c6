// The files not open checked again after a change (lsp/workspace-diagnostics.ts publishes what
// they find): a file changed on disk, or the importers of a module whose exports changed. The
// change is carried on as a wave: the importers of the changed module are checked, and the
// importers of one of them only if its own exports changed (or it is in an import cycle), so a
// change stops at the first files whose view of it is unchanged.
//
// A file is checked once every file it depends on (directly or through others, outside its own
// import cycle) that waits too has been checked, so what it imports resolves from their new
// exports. When a change reaches many files (a hub's signature), they are checked on worker threads
// (idle-pool.ts), each sent with what the modules it imports resolve to, as the module cache
// resolves them here (a member of its own cycle as the cycle sees it), so the worker's check is the
// one this thread would make (file-check.ts checkFile); the exports it answers are kept in the
// module cache as if computed here. With few files, or no workers, they are checked here: one file
// per turn of the event loop, so the editor is answered meanwhile.
//
// A newer change supersedes what is under way: a check sent before it is not published (its file
// is checked again), so no diagnostics older than a newer publication are ever sent. What waits is
// a set of the workspace's files, and at most a few checks per worker are under way.
import { pathToFileURL } from 'node:url';
import type { ImportGraph, ModuleExports, ModuleResolution } from '../core/semantics';
import { exportsDigest, exportsOfAnswer, type CheckedFile, type FileDiagnostic } from './file-check';
import type { FileIndex } from './file-index';
import { HeldFiles } from './held-files';
import { IdlePool } from './idle-pool';
import { resolutionKey, type ModuleExportsCache } from './module-exports';

/** Checks sent to the workers and not answered, at most, per worker. */
const WAITING_PER_WORKER = 8;

/** Fewer files waiting than this are checked on the server's thread, unless the workers are started already. */
export const MIN_FILES_FOR_WORKERS = 24;

export interface DependentSink {
  /** A file's diagnostics, checked from disk. */
  checked(path: string, uri: string, diagnostics: readonly FileDiagnostic[]): void;
  /** A file that could not be read (deleted meanwhile, not indexed): it shows nothing. */
  unreadable(path: string): void;
  error(path: string, error: unknown): void;
}

export interface DependentChecksOptions {
  /** Whether checks may go to worker threads (false: all on the server's thread). */
  workers?: boolean;
  /** How many files waiting start the workers (MIN_FILES_FOR_WORKERS). */
  minFilesForWorkers?: number;
  /** How long the workers stay after their last check (idle-pool.ts). */
  idleMs?: number;
  /** Workers shared with others (the index's build), which their owner disposes; without it, these checks start their own. */
  pool?: IdlePool;
}

export class DependentChecks {
  /** Files to check, in the order to check them (those imported first). */
  private queue: string[] = [];
  /** Files sent to a worker, with the generation they were sent in. */
  private readonly sent = new Map<string, number>();
  /** Counts the changes: an answer from an earlier generation is not published. */
  private generation = 0;
  /** Checks sent and not answered, superseded ones included (what the workers have to do). */
  private outstanding = 0;
  /** The same, per worker they were sent to (by threadId). */
  private readonly outstandingOn = new Map<number, number>();
  private due: NodeJS.Immediate | undefined;
  private readonly pool: IdlePool | undefined;
  /** Whether `pool` is this one's own, to dispose with it. */
  private readonly ownPool: boolean;
  private disposed = false;
  private known: ReturnType<FileIndex['importGraph']> | undefined;
  /** The files importing each file, in `known`'s graph. */
  private importers: Map<string, string[]> | undefined;
  /** Which waiting files wait for others, kept up to date as files are done; added files may hold back more, so adding forgets it. */
  private held: HeldFiles | undefined;

  constructor(
    private readonly index: FileIndex,
    private readonly modules: ModuleExportsCache,
    private readonly sink: DependentSink,
    private readonly options: DependentChecksOptions = {},
  ) {
    this.ownPool = options.workers !== false && options.pool === undefined;
    this.pool = options.workers === false ? undefined : (options.pool ?? new IdlePool(options.idleMs));
  }

  /** Whether nothing waits and nothing is under way. */
  get idle(): boolean {
    return this.queue.length === 0 && this.sent.size === 0;
  }

  /** Adds files to check, keeping those imported first. */
  enqueue(paths: readonly string[]): void {
    this.known = undefined;
    this.add(paths);
  }

  /** The importers of the changed module files that are not open, to check: directly, and the members of their import cycles. */
  enqueueImportersOf(paths: ReadonlySet<string>): void {
    this.known = undefined;
    this.add(this.directImporters(paths));
  }

  /** A newer change: checks under way are not published and their files are checked again. */
  supersede(): void {
    this.generation++;
    const resend = [...this.sent.keys()];
    this.sent.clear();
    this.enqueue(resend);
  }

  /** Forgets these files (deleted): not checked, and what is under way for them is not published. */
  forget(paths: readonly string[]): void {
    this.known = undefined;
    this.held = undefined;
    const gone = new Set(paths);
    this.queue = this.queue.filter((path) => !gone.has(path));
    for (const path of paths) this.sent.delete(path);
  }

  /** Forgets everything waiting or under way (a build checks every file; the scope shows none). */
  clear(): void {
    this.known = undefined;
    this.held = undefined;
    this.generation++;
    this.queue = [];
    this.sent.clear();
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
    if (this.due) clearImmediate(this.due);
    if (this.ownPool) this.pool?.dispose();
  }

  /**
   * The index's import graph, made once per change that comes here rather than per file checked
   * (a wave of hundreds of files would make it hundreds of times). Only the order is read from it:
   * a `use` typed in a buffer without a change of exports may leave it behind, never the answers,
   * which the module cache gives.
   */
  private importGraph(): ReturnType<FileIndex['importGraph']> {
    if (!this.known) {
      this.known = this.index.importGraph();
      this.importers = undefined;
    }
    return this.known;
  }

  private add(paths: readonly string[]): void {
    if (paths.length === 0 || this.disposed) return;
    this.held = undefined;
    const wanted = new Set([...this.queue, ...paths]);
    this.queue = wanted.size === 1 ? [...wanted] : this.importGraph().graph.cyclesFirst(wanted).flat();
    // Files outside the graph (none should be) keep their place at the end.
    if (this.queue.length < wanted.size) {
      const placed = new Set(this.queue);
      for (const path of wanted) if (!placed.has(path)) this.queue.push(path);
    }
    this.schedule();
  }

  /**
   * The files not open that import one of `paths` directly, and the members of their import
   * cycles and of those of `paths` (each member sees the others as their cycle does, so all are
   * checked together; the wave then only goes up, to files outside the cycle).
   */
  private directImporters(paths: ReadonlySet<string>): string[] {
    const { graph, files } = this.importGraph();
    const reached = new Set<string>();
    for (const file of files) {
      if (paths.has(file)) continue;
      if (graph.importsOf(file).some((target) => paths.has(target))) reached.add(file);
    }
    for (const file of [...reached, ...paths]) {
      if (!graph.importsOf(file).some((target) => graph.sameCycle(target, file))) continue;
      for (const other of files) if (!paths.has(other) && graph.sameCycle(other, file)) reached.add(other);
    }
    return [...reached].filter((file) => !this.modules.isOpen(file));
  }

  private schedule(): void {
    if (this.disposed) return;
    this.due ??= setImmediate(() => {
      this.due = undefined;
      this.pump();
    });
  }

  /** Sends every file that is ready to the workers while they have room, or checks the next one here. */
  private pump(): void {
    if (this.queue.length === 0) return;
    const started = this.pool?.started;
    const pool = started ?? (this.queue.length >= (this.options.minFilesForWorkers ?? MIN_FILES_FOR_WORKERS) ? this.pool?.acquire() : undefined);
    if (pool) {
      // A few files waiting per worker: this thread is not the limit. Each file goes to the worker
      // that checked it last (it keeps its document), so each worker is given its own next files.
      const slots = pool.size * WAITING_PER_WORKER;
      for (let at = 0; at < this.queue.length && this.outstanding < slots; ) {
        const path = this.queue[at];
        // Asked each time: a file checked here may have added files, which are then worked out again.
        if (this.heldFiles()?.isHeld(path)) {
          at++;
          continue;
        }
        const worker = pool.placementOf(path);
        if ((this.outstandingOn.get(worker) ?? 0) >= WAITING_PER_WORKER) {
          at++;
          continue;
        }
        this.queue.splice(at, 1);
        this.send(path, worker);
      }
      return;
    }
    // Without workers: the next file here, one per turn.
    const held = this.heldFiles();
    const here = this.queue.findIndex((path) => !held?.isHeld(path));
    if (here >= 0) this.checkHere(this.queue.splice(here, 1)[0]);
    if (this.queue.length > 0) this.schedule();
  }

  /**
   * Which waiting files depend, directly or through others, on a file waiting to be checked (or
   * under way) outside their own import cycle: checked after it, so that what they import is
   * resolved from its new exports rather than worked out again here from a stale reading.
   * Undefined when nothing is held back.
   */
  private heldFiles(): HeldFiles | undefined {
    // One file waiting and none under way (a buffer closed, a file saved) holds nothing back: only
    // files above it could be held, and none waits. Spares making the whole graph for it.
    if (this.held === undefined && this.queue.length === 1 && this.sent.size === 0) return undefined;
    if (this.held === undefined) {
      const { graph, files } = this.importGraph();
      this.importers ??= importersOf(graph, files);
      this.held = new HeldFiles(graph, this.importers, [...this.queue, ...this.sent.keys()]);
    }
    return this.held;
  }

  /** `path` is checked (or given up): the files it held back may go. */
  private done(path: string): void {
    this.held?.done(path);
  }

  /** Checks `path` on this thread, the module cache resolving its imports. */
  private checkHere(path: string): void {
    try {
      this.checkOnThisThread(path);
    } finally {
      this.done(path);
    }
  }

  private checkOnThisThread(path: string): void {
    try {
      if (this.modules.isOpen(path)) return;
      // A file not indexed (a buffer never saved that closed, one deleted meanwhile) shows nothing.
      const checked = this.index.get(path) ? this.modules.checkFile(path) : undefined;
      if (!checked) return this.sink.unreadable(path);
      this.sink.checked(path, pathToFileURL(path).href, checked.diagnostics);
      // Its importers see a change only if its exports changed (the members of its cycle are checked with it already).
      if (checked.exportsChanged) this.add(this.directImporters(new Set([path])));
    } catch (error) {
      this.sink.error(path, error);
    }
  }

  /** Sends `path` to `worker` (placementOf) with what each module it imports resolves to now; its answer is taken if no newer change came meanwhile. */
  private send(path: string, worker: number): void {
    const file = this.index.get(path);
    if (!file || this.modules.isOpen(path)) {
      this.done(path);
      if (!file) this.sink.unreadable(path);
      return;
    }
    const pool = this.pool!;
    const workers = pool.acquire();
    // A buffer that just closed left its file's check: here it costs a read, there a parse and an analysis.
    if (!workers || this.modules.hasCheckOfClosed(path)) return this.checkHere(path);
    let resolutions: [string, ModuleResolution][];
    try {
      // Those it imports are checked already (pump's order): the cache answers without a parse, or with one here for a module whose exports it must compute.
      resolutions = [...new Set(file.summary.imports.map((entry) => entry.module))].map((modulePath) => [modulePath, this.modules.resolveFor(path, modulePath)]);
    } catch (error) {
      this.done(path);
      return this.sink.error(path, error);
    }
    const generation = this.generation;
    this.sent.set(path, generation);
    this.outstanding++;
    this.outstandingOn.set(worker, (this.outstandingOn.get(worker) ?? 0) + 1);
    // Most files a change reaches keep their exports: the worker then answers without them.
    const known = this.modules.keptExports(path);
    const knownExports = known && exportsDigest(known.hash, known.exports);
    void pool
      .run(workers, (running) => running.checkOn(worker, { path, followLinks: file.followLinks, resolutions, library: this.modules.library, ...(knownExports ? { knownExports } : {}) }))
      .then(
        (answer) => this.answered(path, generation, resolutions, answer, known?.exports),
        () => {
          // The worker failed: checked here instead, if still wanted.
          if (this.sent.get(path) !== generation) return;
          this.sent.delete(path);
          this.checkHere(path);
        },
      )
      .catch((error: unknown) => this.sink.error(path, error))
      .finally(() => {
        this.outstanding--;
        this.outstandingOn.set(worker, this.outstandingOn.get(worker)! - 1);
        this.schedule();
      });
  }

  private answered(path: string, generation: number, resolutions: readonly [string, ModuleResolution][], answer: CheckedFile, known: ModuleExports | undefined): void {
    // Superseded (a newer change, the file forgotten or checked again since): not published.
    if (this.sent.get(path) !== generation || generation !== this.generation) return;
    this.sent.delete(path);
    this.done(path);
    if (this.modules.isOpen(path)) return;
    if ('problem' in answer) return this.sink.unreadable(path);
    const seen = new Map(resolutions.map(([modulePath, resolution]) => [modulePath, resolutionKey(resolution)]));
    const usedFiles = new Set([path, ...this.importGraph().graph.importsOf(path)]);
    const exportsChanged = this.modules.seed(path, { hash: answer.hash, imports: answer.imports, exports: exportsOfAnswer(answer, known), diagnostics: answer.diagnostics, usedFiles, seen });
    this.sink.checked(path, pathToFileURL(path).href, answer.diagnostics);
    if (exportsChanged) this.add(this.directImporters(new Set([path])));
  }
}

/** The files importing each file of `files`. */
function importersOf(graph: ImportGraph, files: readonly string[]): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const file of files) {
    for (const target of graph.importsOf(file)) {
      const list = importers.get(target);
      if (list) list.push(file);
      else importers.set(target, [file]);
    }
  }
  return importers;
}
