// The index of every Whetstone file under the source roots, open or not: per file only its
// summary (file-summary.ts), so a file that is not open costs a few hundred bytes per declaration
// rather than a buffer's hundred times its text. An open buffer overrides the index for its file
// (its summary is read from the buffer's current AST when asked); when it closes, the file is read
// again from disk. Files are read through regular-file.ts: a FIFO, a device, a file too large or a
// link out of its root is skipped with the reason. No LSP here: lsp/workspace-index.ts drives it
// (the build with progress, the watched files) and lsp/workspace-symbols.ts asks it.
import { lstat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { join, relative, sep } from 'node:path';
import { ImportGraph, moduleFilePath } from '../core/semantics';
import type { OpenBuffer } from './buffer';
import { pathOfBufferUri } from './buffer-path';
import type { Disposable } from './events';
import { INDEXED_FILE_LIMITS, MAX_INDEXED_FILES } from './file-limits';
import { summarizeDocument, summarizeParsed, summarizeText, type DeclarationSummary, type FileSummary } from './file-summary';
import { textHash } from './file-check';
import { summarizeReferences, type ReferenceSummary } from './reference-summary';
import { readFileWithinAsync } from './regular-file';
import type { IdlePool } from './idle-pool';
import { SummaryPool } from './summary-pool';
import type { SummaryOutcome } from './summary-worker';
import { findSourceFiles, inSkippedFolder, isInside, linkProblem, WHETSTONE_EXTENSION, type SourceRoot } from './source-files';
import type { Workspace } from './workspace';

/** Closed buffers whose summary is kept until their file is read again (each is taken on the next turn). */
const MAX_CLOSED_KEPT = 64;

/** Fewer files than this are read on the server's thread: starting workers would cost more than it saves. */
const MIN_FILES_FOR_WORKERS = 64;

export interface IndexedFile {
  path: string;
  uri: string;
  /** The module name `use` gives it: its path under its root, dotted (`billing.invoice`). */
  module: string;
  summary: FileSummary;
  /** Whether it is a link to a file inside its root, read through the link. */
  followLinks: boolean;
  /** The hash of the text summarised (file-check.ts textHash). */
  hash?: string;
}

/** A declaration found by a search, with the file it is in. */
export interface FoundDeclaration {
  declaration: DeclarationSummary;
  uri: string;
  module: string;
}

/** A file as references across files read it: an open buffer (its current text) or an indexed file not open. */
export interface ReferencedFile {
  path: string;
  uri: string;
  buffer?: OpenBuffer;
  declarations: readonly DeclarationSummary[];
  references: ReferenceSummary;
}

/** A file as listFiles and findSymbol read it: its open buffer (with its current declarations) or its indexed summary. */
export interface CurrentFile {
  path: string;
  uri: string;
  module: string;
  buffer?: OpenBuffer;
  declarations: readonly DeclarationSummary[];
}

/** What a build reports as it goes. */
export interface BuildProgress {
  /** The files found, before any is read. */
  found(total: number): void;
  /** After each file (read and summarised, or skipped). */
  indexed(done: number, total: number): void;
  /** Whether to stop (a newer build started). */
  cancelled(): boolean;
  /**
   * Reads every file found, on the build's workers, handing each outcome to `accept` (the files'
   * check from the same reading, index-and-check.ts); without it, each file is read and
   * summarised here.
   */
  readAndCheck?(files: readonly FoundFile[], pool: SummaryPool | undefined, accept: (file: FoundFile, outcome: SummaryOutcome) => void): Promise<void>;
}

/** A file found by a build, to read (a link only when it stays in its root). */
export interface FoundFile {
  path: string;
  root: SourceRoot;
  followLinks: boolean;
}

export interface IndexProblems {
  /** A file not indexed, with why (it is not a regular file, too large, a link out of its root…). */
  skipped(path: string, problem: string): void;
  /** Something went wrong that is not a file's fault (a listener, a parse). */
  error(error: unknown): void;
}

export class FileIndex {
  private readonly files = new CountedMap<string, IndexedFile>();
  /** The import graph as last made, with what it was made from (importGraph). */
  private graphMade: { key: string; made: { graph: ImportGraph; files: readonly string[] } } | undefined;
  private roots: SourceRoot[] = [];
  /** The open buffers' summaries, computed when asked, for the revision they were computed at. */
  private readonly openSummaries = new WeakMap<OpenBuffer, { revision: number; summary: FileSummary }>();
  private readonly openReferences = new WeakMap<OpenBuffer, { revision: number; references: ReferenceSummary }>();
  private readonly listening: Disposable[];
  private buildsUnderWay = 0;
  /** The last text and summary of buffers that closed, until their file is read again: the summary stands if the file holds that text. */
  private readonly closedBuffers = new Map<string, { text: string; summary: FileSummary }>();

  constructor(
    private readonly workspace: Workspace,
    private readonly problems: IndexProblems,
    private readonly options: {
      workers?: boolean;
      /**
       * The server's workers, shared with the checks after a change (dependent-checks.ts): a build
       * leaves them started, so the first change after it finds them running, their code compiled.
       * Without it, a build starts workers of its own and stops them when it ends.
       */
      pool?: IdlePool;
    } = {},
  ) {
    // The module cache reads a changed file's imports from this reading when the text is the same.
    workspace.modules.readingOf = (path) => {
      const file = this.files.get(path);
      return file?.hash === undefined ? undefined : { hash: file.hash, imports: file.summary.imports.flatMap((entry) => (entry.module ? [entry.module] : [])) };
    };
    // A buffer that closes no longer speaks for its file: what is on disk does again. Its file
    // mostly holds the text it had (saved, or never changed): then the summary is the buffer's,
    // taken from its document as it closes, and the file is read but not parsed again.
    this.listening = [
      workspace.onWillClose((buffer) => this.noteClosing(buffer)),
      workspace.onDidClose((uri) => void this.refresh(pathOfBufferUri(uri)).catch((error: unknown) => problems.error(error))),
    ];
  }

  /** The source roots of the last build. */
  get sourceRoots(): readonly SourceRoot[] {
    return this.roots;
  }

  get size(): number {
    return this.files.size;
  }

  /**
   * Forgets everything and indexes every `*.wst` file under `roots`, off the server's thread (or
   * one file per turn of its event loop), so the editor's requests are answered meanwhile. Stops
   * when `progress` says a newer build started. Given `only`, those files (each under a root) are
   * the index's, and no folder is walked: the command line's check reads the files it is given and
   * the modules they import, not everything under the current folder.
   */
  async build(roots: readonly SourceRoot[], progress: BuildProgress, only?: readonly string[]): Promise<void> {
    this.buildsUnderWay++;
    try {
      await this.buildFiles(roots, progress, only);
    } finally {
      this.buildsUnderWay--;
    }
  }

  /**
   * Takes `roots` as the source roots without reading a file: for a process whose every file is
   * an open buffer (serve), which then speak for their files, named by module as `use` names them.
   */
  useRoots(roots: readonly SourceRoot[]): void {
    this.roots = [...roots];
    this.files.clear();
  }

  /** Whether a build is under way: until it ends, files not yet read are missing from the index. */
  get building(): boolean {
    return this.buildsUnderWay > 0;
  }

  private async buildFiles(roots: readonly SourceRoot[], progress: BuildProgress, only: readonly string[] | undefined): Promise<void> {
    this.roots = [...roots];
    this.files.clear();
    const found = new Map<string, { root: SourceRoot; link: boolean | undefined }>();
    for (const path of only ?? []) {
      const root = this.rootOf(path);
      if (!root || found.has(path)) continue;
      if (found.size >= MAX_INDEXED_FILES) {
        this.problems.skipped(root.path, `the index holds at most ${MAX_INDEXED_FILES.toLocaleString('en-US')} files, the rest is not indexed`);
        break;
      }
      found.set(path, { root, link: undefined });
    }
    for (const root of only ? [] : roots) {
      const walk = await findSourceFiles(root, MAX_INDEXED_FILES - found.size);
      if (progress.cancelled()) return;
      for (const file of walk.files) if (!found.has(file.path)) found.set(file.path, file);
      for (const { path, problem } of walk.skipped) this.problems.skipped(path, problem);
      if (walk.truncated !== undefined) this.problems.skipped(root.path, `${walk.truncated}; the index holds at most ${MAX_INDEXED_FILES.toLocaleString('en-US')} files, the rest is not indexed`);
    }
    progress.found(found.size);
    // On worker threads, one file each, when there are enough files to pay for starting them
    // (each compiles the grammar) and they can be had; else here, one file per turn.
    const shared = this.options.pool;
    const wanted = this.options.workers !== false && found.size >= MIN_FILES_FOR_WORKERS;
    const pool = !wanted ? undefined : shared ? shared.acquire() : SummaryPool.start();
    const files = [...found];
    let next = 0;
    let done = 0;
    const work = async (): Promise<void> => {
      while (next < files.length && !progress.cancelled()) {
        const [path, { root, link }] = files[next++];
        await this.read(path, root, link, pool);
        progress.indexed(++done, files.length);
        if (!pool) await nextTurn();
      }
    };
    const build = async (): Promise<void> => {
      if (progress.readAndCheck) {
        const readable: FoundFile[] = [];
        for (const [path, { root, link }] of files) {
          const followLinks = await this.linkOf(path, root, link);
          if (followLinks !== undefined) readable.push({ path, root, followLinks });
          else progress.indexed(++done, files.length);
        }
        await progress.readAndCheck(readable, pool, (file, outcome) => {
          this.accept(file, outcome);
          progress.indexed(++done, files.length);
        });
      } else {
        await Promise.all(Array.from({ length: pool?.size ?? 1 }, work));
      }
    };
    if (pool && shared) {
      await shared.run(pool, build);
      return;
    }
    try {
      await build();
    } finally {
      pool?.stop();
    }
  }

  /** Reads the file at `path` again (created or changed on disk), or forgets it when it is gone or not under a root. */
  async refresh(path: string): Promise<void> {
    const root = this.rootOf(path);
    if (root === undefined || !path.endsWith(WHETSTONE_EXTENSION) || inSkippedFolder(path, root.path)) return;
    if (!this.files.has(path) && this.files.size >= MAX_INDEXED_FILES) {
      this.problems.skipped(path, `the index already holds ${MAX_INDEXED_FILES.toLocaleString('en-US')} files; not indexed`);
      return;
    }
    const closed = this.closedBuffers.get(path);
    this.closedBuffers.delete(path);
    await this.read(path, root, undefined, undefined, closed);
  }

  private noteClosing(buffer: OpenBuffer): void {
    if (!buffer.uri.startsWith('file:')) return;
    const path = pathOfBufferUri(buffer.uri);
    if (!this.rootOf(path) || !path.endsWith(WHETSTONE_EXTENSION)) return;
    // Bounded: each is taken when its file is read, next turn; many closing at once keep a few.
    if (this.closedBuffers.size >= MAX_CLOSED_KEPT) this.closedBuffers.clear();
    this.closedBuffers.set(path, { text: buffer.text, summary: this.summaryOfClosing(buffer) });
  }

  /**
   * Reads every `*.wst` file under the folder `path` (created on disk, or moved in whole: the
   * editor's watcher names the folder, not the files in it), by the build's rules; returns the
   * files read. Anything else at `path` (a file of another kind, a link) gives none.
   */
  async refreshFolder(path: string): Promise<string[]> {
    const root = this.rootOf(path);
    if (root === undefined || inSkippedFolder(join(path, 'x'), root.path)) return [];
    try {
      if (!(await lstat(path)).isDirectory()) return [];
    } catch {
      return []; // gone again
    }
    const walk = await findSourceFiles(root, Math.max(0, MAX_INDEXED_FILES - this.files.size), path);
    for (const { path: skipped, problem } of walk.skipped) this.problems.skipped(skipped, problem);
    if (walk.truncated !== undefined) this.problems.skipped(path, `${walk.truncated}; the index holds at most ${MAX_INDEXED_FILES.toLocaleString('en-US')} files, the rest is not indexed`);
    const read: string[] = [];
    for (const file of walk.files) {
      await this.refresh(file.path);
      read.push(file.path);
    }
    return read;
  }

  /** Forgets `path`, and every file under it when it was a folder (deleted on disk); returns the files forgotten. */
  remove(path: string): string[] {
    const removed = this.files.delete(path) ? [path] : [];
    const folder = path.endsWith(sep) ? path : path + sep;
    for (const key of this.files.keys()) {
      if (!key.startsWith(folder)) continue;
      this.files.delete(key);
      removed.push(key);
    }
    return removed;
  }

  /** Every indexed file (as on disk). */
  all(): IterableIterator<IndexedFile> {
    return this.files.values();
  }

  /**
   * The import graph of the workspace as it is now: every indexed file and every open buffer under
   * the roots, each importing, for each module path it names, the file `use` finds (the first root
   * that has it) and the paths tried before it under earlier roots — so a file created there, or
   * the found one deleted, counts as a change to what it imports.
   */
  importGraph(): { graph: ImportGraph; files: readonly string[] } {
    // The same while no indexed file changed and the open buffers import what they did: a change's
    // wave asks for it several times, and making it again makes every cycle and order again.
    // (A buffer of an indexed file that imports what the file does changes nothing.)
    const buffers: [string, readonly string[]][] = [];
    for (const buffer of this.workspace.all()) {
      if (!buffer.uri.startsWith('file:')) continue;
      const path = pathOfBufferUri(buffer.uri);
      if (!this.rootOf(path)) continue;
      const modules = this.summaryOfBuffer(buffer).imports.map((entry) => entry.module);
      const indexed = this.files.get(path)?.summary.imports;
      if (indexed?.length !== modules.length || indexed.some((entry, at) => entry.module !== modules[at])) buffers.push([path, modules]);
    }
    const key = `${this.files.changes}\u0000${this.roots.map((root) => root.path).join('\u0001')}\u0000${buffers.map(([path, modules]) => `${path}\u0001${modules.join('\u0001')}`).join('\u0000')}`;
    if (this.graphMade?.key === key) return this.graphMade.made;
    const imports = new Map<string, readonly string[]>();
    for (const file of this.files.values()) imports.set(file.path, file.summary.imports.map((entry) => entry.module));
    for (const [path, modules] of buffers) imports.set(path, modules);
    const open = new Set(buffers.map(([path]) => path));
    const graph = new ImportGraph((file) =>
      (imports.get(file) ?? []).flatMap((modulePath) => {
        const candidates: string[] = [];
        for (const root of this.roots) {
          const candidate = join(root.path, moduleFilePath(modulePath));
          candidates.push(candidate);
          if (this.files.has(candidate) || open.has(candidate)) break;
        }
        return candidates;
      }),
    );
    const made = { graph, files: [...imports.keys()] };
    this.graphMade = { key, made };
    return made;
  }

  /** The files (paths) whose `use` lines name the file at `path` directly, open or not. */
  importersOf(path: string): string[] {
    const { graph, files } = this.importGraph();
    return files.filter((file) => file !== path && graph.importsOf(file).includes(path));
  }

  /** The module path `use` names the file at `path` with, and the file as the resolver names it (relative to its root). */
  moduleOfPath(path: string): { module: string; file: string } | undefined {
    const root = this.rootOf(path);
    if (!root) return undefined;
    return { module: this.moduleOf(path, root.path), file: relative(root.path, path).split(sep).join('/') };
  }

  /** The indexed file at `path` (as on disk, whether or not a buffer has it open). */
  get(path: string): IndexedFile | undefined {
    return this.files.get(path);
  }

  /**
   * The top-level declarations whose names contain the query's characters in order (ignoring
   * case), best first: exact, then prefix, then contiguous, then the rest; shorter names first.
   * Open buffers speak for their files. At most `limit`.
   */
  search(query: string, limit: number): FoundDeclaration[] {
    const wanted = query.toLowerCase().replace(/\s+/g, '');
    const scored: { found: FoundDeclaration; score: number }[] = [];
    const consider = (declarations: readonly DeclarationSummary[], uri: string, module: string): void => {
      for (const declaration of declarations) {
        const score = matchScore(declaration.name.toLowerCase(), wanted);
        if (score !== undefined) scored.push({ found: { declaration, uri, module }, score });
      }
    };
    const open = new Set<string>();
    for (const buffer of this.workspace.all()) {
      const path = pathOfBufferUri(buffer.uri);
      open.add(path);
      consider(this.summaryOfBuffer(buffer).declarations, buffer.uri, this.files.get(path)?.module ?? this.moduleOf(path));
    }
    for (const file of this.files.values()) if (!open.has(file.path)) consider(file.summary.declarations, file.uri, file.module);
    scored.sort((a, b) => a.score - b.score || a.found.declaration.name.length - b.found.declaration.name.length || compare(a.found.declaration.name, b.found.declaration.name) || compare(a.found.uri, b.found.uri));
    return scored.slice(0, limit).map((entry) => entry.found);
  }

  /** Every file, open or not, with where its top-level and imported names are written; open buffers speak for their files. */
  *referencedFiles(): Generator<ReferencedFile> {
    const open = new Set<string>();
    for (const buffer of this.workspace.all()) {
      const path = pathOfBufferUri(buffer.uri);
      open.add(path);
      yield this.referencedBuffer(buffer, path);
    }
    for (const file of this.files.values()) {
      if (open.has(file.path) || !file.summary.references) continue;
      yield { path: file.path, uri: file.uri, declarations: file.summary.declarations, references: file.summary.references };
    }
  }

  /** The file at `path` as references read it: its open buffer, or its summary; undefined when neither. */
  referencedFile(path: string): ReferencedFile | undefined {
    const buffer = this.workspace.all().find((candidate) => candidate.uri.startsWith('file:') && pathOfBufferUri(candidate.uri) === path);
    if (buffer) return this.referencedBuffer(buffer, path);
    const file = this.files.get(path);
    return file?.summary.references ? { path, uri: file.uri, declarations: file.summary.declarations, references: file.summary.references } : undefined;
  }

  /** The file a module path names: under the first source root with an open buffer or an indexed file there (as imports resolve). */
  pathOfModule(module: string, open: ReadonlySet<string> = this.openPaths()): string | undefined {
    for (const root of this.roots) {
      const path = join(root.path, moduleFilePath(module));
      if (this.files.has(path) || open.has(path)) return path;
    }
    return undefined;
  }

  /** The paths of the open buffers' files. */
  openPaths(): Set<string> {
    return new Set(this.workspace.all().flatMap((buffer) => (buffer.uri.startsWith('file:') ? [pathOfBufferUri(buffer.uri)] : [])));
  }

  /** Every indexed file with what it declares now: an open buffer's summary where a buffer has the file. */
  currentFiles(): IndexedFile[] {
    const open = new Map(this.workspace.all().map((buffer) => [pathOfBufferUri(buffer.uri), buffer]));
    return [...this.files.values()].map((file) => {
      const buffer = open.get(file.path);
      return buffer ? { ...file, summary: this.summaryOfBuffer(buffer) } : file;
    });
  }

  /**
   * Every file, open or not, by URI: each open `file:` buffer (its current declarations, its module
   * under its root, or its file name outside the roots) and each indexed file not open.
   */
  filesNow(): CurrentFile[] {
    const found = new Map<string, CurrentFile>();
    for (const buffer of this.workspace.all()) {
      if (!buffer.uri.startsWith('file:')) continue;
      const path = pathOfBufferUri(buffer.uri);
      found.set(path, { path, uri: buffer.uri, module: this.files.get(path)?.module ?? this.moduleOf(path), buffer, declarations: this.summaryOfBuffer(buffer).declarations });
    }
    for (const file of this.files.values()) {
      if (!found.has(file.path)) found.set(file.path, { path: file.path, uri: file.uri, module: file.module, declarations: file.summary.declarations });
    }
    return [...found.values()].sort((a, b) => compare(a.uri, b.uri));
  }

  dispose(): void {
    for (const listener of this.listening) listener.dispose();
    this.files.clear();
  }

  private summaryOfBuffer(buffer: OpenBuffer): FileSummary {
    const cached = this.openSummaries.get(buffer);
    if (cached?.revision === buffer.revision) return cached.summary;
    const summary = summarizeDocument(buffer.document);
    this.openSummaries.set(buffer, { revision: buffer.revision, summary });
    return summary;
  }

  /**
   * The summary summarizeText would give for a closing buffer's text, from what the buffer has: its
   * references resolved by its analysis when it is current (the scope rules give the same tokens
   * with or without the imported modules' exports, as the index's build relies on too).
   */
  private summaryOfClosing(buffer: OpenBuffer): FileSummary {
    if (!buffer.isAnalysed) return summarizeParsed(buffer.document);
    const { declarations, imports } = this.summaryOfBuffer(buffer);
    const cached = this.openReferences.get(buffer);
    const references = cached?.revision === buffer.revision ? cached.references : summarizeReferences(buffer.document, buffer.analysis(), declarations);
    return { declarations, imports, references };
  }

  private referencedBuffer(buffer: OpenBuffer, path: string): ReferencedFile {
    const declarations = this.summaryOfBuffer(buffer).declarations;
    const cached = this.openReferences.get(buffer);
    let references = cached?.revision === buffer.revision ? cached.references : undefined;
    if (!references) {
      references = summarizeReferences(buffer.document, buffer.analysis(), declarations);
      this.openReferences.set(buffer, { revision: buffer.revision, references });
    }
    return { path, uri: buffer.uri, buffer, declarations, references };
  }

  /** Reads and summarises one file; `link` undefined: not known yet (a watched file), so looked at. */
  private async read(path: string, root: SourceRoot, link: boolean | undefined, pool?: SummaryPool, closed?: { text: string; summary: FileSummary }): Promise<void> {
    const followLinks = await this.linkOf(path, root, link);
    if (followLinks === undefined) return;
    let outcome: SummaryOutcome;
    try {
      // A worker that failed (out of memory on one file, say) leaves that file to this thread.
      outcome = pool ? await pool.summarize(path, followLinks).catch(() => summarizeHere(path, followLinks)) : await summarizeHere(path, followLinks, closed);
    } catch (error) {
      this.files.delete(path);
      return this.problems.error(error);
    }
    this.accept({ path, root, followLinks }, outcome);
  }

  /** Whether to follow the file at `path` as a link (`link` undefined: not known yet, so looked at); undefined when it is skipped (said why). */
  private async linkOf(path: string, root: SourceRoot, link: boolean | undefined): Promise<boolean | undefined> {
    // A link is followed only to a file inside its root; anything else is opened without following.
    const isLink = link ?? (await lstat(path).then((entry) => entry.isSymbolicLink()).catch(() => false));
    if (!isLink) return false;
    const problem = await linkProblem(path, root.real);
    if (problem !== undefined && problem !== '') {
      this.files.delete(path);
      this.problems.skipped(path, problem);
      return undefined;
    }
    return problem === undefined;
  }

  /** Keeps a file's summary (or forgets it, saying why it could not be read). */
  private accept({ path, root, followLinks }: FoundFile, outcome: SummaryOutcome): void {
    if ('problem' in outcome) {
      this.files.delete(path);
      if (!outcome.missing) this.problems.skipped(path, outcome.problem);
      return;
    }
    // A build for other roots may have started while the file was read. (A buffer that opened
    // meanwhile speaks for the file; the summary is kept for when it closes.)
    if (this.rootOf(path) !== root) return;
    this.files.set(path, { path, uri: pathToFileURL(path).href, module: this.moduleOf(path, root.path), summary: outcome.summary, followLinks, ...(outcome.hash ? { hash: outcome.hash } : {}) });
  }

  private rootOf(path: string): SourceRoot | undefined {
    return this.roots.find((root) => isInside(path, root.path));
  }

  private moduleOf(path: string, root = this.rootOf(path)?.path): string {
    const name = root === undefined ? path.slice(path.lastIndexOf(sep) + 1) : relative(root, path);
    return name.replace(/\.wst$/, '').split(sep).join('.');
  }
}

/** Reads and summarises a file on this thread, off the event loop while it is read; `closed`'s summary when the file holds its text. */
async function summarizeHere(path: string, followLinks: boolean, closed?: { text: string; summary: FileSummary }): Promise<SummaryOutcome> {
  const read = await readFileWithinAsync(path, { ...INDEXED_FILE_LIMITS, followLinks });
  if ('problem' in read) return read;
  // A leading byte-order mark is not part of the text (as in editors).
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  return { summary: closed?.text === text ? closed.summary : summarizeText(text), hash: textHash(text) };
}

/** Lower is better; undefined when `wanted`'s characters are not all in `name`, in order. */
function matchScore(name: string, wanted: string): number | undefined {
  if (wanted === '') return 3;
  if (name === wanted) return 0;
  if (name.startsWith(wanted)) return 1;
  if (name.includes(wanted)) return 2;
  let at = 0;
  for (let i = 0; i < name.length && at < wanted.length; i++) if (name[i] === wanted[at]) at++;
  return at === wanted.length ? 3 : undefined;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A Map that counts the changes made to it (the import graph is made again after one). */
class CountedMap<K, V> extends Map<K, V> {
  changes = 0;

  override set(key: K, value: V): this {
    this.changes++;
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.changes++;
    return super.delete(key);
  }

  override clear(): void {
    this.changes++;
    super.clear();
  }
}
