// The modules open buffers import (docs/LANGUAGE.md "Modules"): `use a.b` is the file a/b.wst
// under the first source root that has it. An open buffer speaks for its file (its exports come
// from its own analysis); a file that is not open is read (regular-file.ts rules), parsed and
// analysed once, and only its exports (and its check's diagnostics, when a check read it) are
// kept, in a bounded cache, the document dropped. The
// cache is told when a file changed on disk (the index's file watching) or a buffer's exports
// changed; it then forgets that file, marks every cached module that used it (directly or through
// others) as perhaps stale, counts a new generation (buffers importing anything analyse again) and
// fires onDidChange so their diagnostics are published again. A stale module's exports are kept
// with what each of its imports resolved to (their fingerprints): when next asked, its imports are
// resolved again and, if each is as it was, its exports stand without a parse — a change stops at
// the first files whose exports it does not change. Import cycles follow the core's rule (module-set.ts): a module
// of the importer's own cycle is seen as analysed with the names it imports from that cycle as any,
// so no analysis waits on itself.
import { lstatSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Node, Span, TopLevel } from '../core/ast';
import { documentationComment } from '../core/queries';
import {
  analyze,
  closestName,
  moduleExportsOf,
  ImportGraph,
  moduleFilePath,
  modulePathOf,
  NO_EXPORTS,
  type AnalyzableDocument,
  type LibraryContext,
  type ModuleExports,
  type ModuleResolution,
  type ModuleResolver,
  type SemanticModel,
} from '../core/semantics';
import { WhetstoneDocument } from '../core/syntax';
import type { OpenBuffer } from './buffer';
import { pathOfBufferUri } from './buffer-path';
import { Emitter } from './events';
import { checkOfAnalysed, checkText, textHash, type FileCheck, type FileDiagnostic } from './file-check';
import { INDEXED_FILE_LIMITS, MAX_INDEXED_FILES } from './file-limits';
import { KeptDocuments } from './kept-documents';
import { readFileWithin } from './regular-file';
import { isInside } from './source-files';

/**
 * The most modules not open whose exports are kept (a few KiB each); the least recently used go
 * first (give or take half the cache: diskModule). As many as the index holds: a build checks
 * each file against the exports kept of what it imports, and any no longer kept would be parsed
 * and analysed again, and again, by every importer after.
 */
export const MAX_CACHED_MODULES = MAX_INDEXED_FILES;
/** How many documents of import cycles' members not open are kept, at most. */
const MAX_CYCLE_DOCUMENTS = 32;
/** How many closed buffers' checks wait for their file's check, at most (a few close at once). */
const MAX_CLOSED_CHECKS = 64;
/** How many module paths' places (placesOf) are kept before they are all forgotten. */
const MAX_PLACES = 10_000;

/** Within a cycle: the cycle's own modules, whose names are then any. */
const NOT_SEEN: ModuleResolution = { tried: [] };

/** A file that is not open, as read from disk: its imports (for the import graph) and, once asked, its exports. */
interface DiskModule {
  hash: string;
  imports: readonly string[];
  exports?: ModuleExports;
  /** The diagnostics of the check that computed its exports (file-check.ts), when a check did: they stand while its exports do. */
  diagnostics?: readonly FileDiagnostic[];
  /** The module files its exports were computed from (their change makes them stale). */
  usedFiles: ReadonlySet<string>;
  /** What each module path it imports resolved to when its exports were computed (resolutionKey), to tell whether stale exports still stand. */
  seen?: ReadonlyMap<string, string>;
  /** A file it used changed since: its exports stand only if its imports still resolve as `seen` says. */
  stale?: boolean;
  /** The count of lookups when it was last moved to the most recent end (diskModule). */
  movedAt?: number;
}

/** What importers see of a resolution: the file and its exports' fingerprint, or the files tried. */
export function resolutionKey(resolution: ModuleResolution): string {
  if (!('exports' in resolution)) return `?${resolution.tried.join('\u0001')}\u0001${resolution.near ?? ''}`;
  // One string per exports object: a fingerprint is the text of every export, and a change's wave
  // compares the keys of each module's imports, which then compare as the same string at once
  // rather than copied and read through.
  const known = exportsKeys.get(resolution.exports);
  if (known?.file === resolution.file) return known.key;
  const key = `${resolution.file}\u0001${resolution.exports.fingerprint}`;
  exportsKeys.set(resolution.exports, { file: resolution.file, key });
  return key;
}
const exportsKeys = new WeakMap<ModuleExports, { file: string; key: string }>();

/** Where a module path's file is: an open buffer, or a file on disk. */
type Located = { path: string; file: string; buffer?: OpenBuffer } | { tried: string[]; near?: string };

/** What changed: these files (created, changed, deleted, their exports in a buffer), or everything (the roots, the library). */
export type ModuleChange = { readonly paths: readonly string[] } | { readonly all: true };

/** What the cache reads of the workspace: its open buffers and the library every analysis uses. */
export interface ModuleWorkspace {
  all(): OpenBuffer[];
  library(): LibraryContext | undefined;
}

export class ModuleExportsCache {
  private roots: readonly string[] = [];
  /** Module paths a module not found may have meant, and what each module path not found was found close to. */
  private knownModules: readonly string[] = [];
  private readonly nearModules = new Map<string, string | undefined>();
  /** placesOf's answers for the current roots. */
  private readonly places = new Map<string, readonly { path: string; file: string }[] | null>();
  private realRoots: readonly { path: string; real: string }[] = [];
  private readonly disk = new Map<string, DiskModule>();
  /** The index's reading of a file not open (file-index.ts): the hash of its text and the module paths it imports. */
  readingOf: ((path: string) => { hash: string; imports: readonly string[] } | undefined) | undefined;
  /** Paths found missing (or unreadable) in this generation. */
  private readonly absent = new Map<string, number>();
  /** Open buffers whose exports an importer used, with the fingerprint it saw (null: seen within a cycle). */
  private readonly handedOut = new Map<string, string | null>();
  private readonly openExports = new WeakMap<SemanticModel, ModuleExports>();
  /**
   * Each cycle member's exports as its cycle sees them, with the text they were computed from (a
   * buffer's document and revision, or the file's hash) and what each module it imports resolved
   * to then (resolutionKey, in the order asked): they hold while those resolve the same.
   */
  /** The documents of import cycles' members not open, with their last analysis (a few: cycles are rare and small). */
  private readonly cycleDocuments = new KeptDocuments(MAX_CYCLE_DOCUMENTS);
  /** How many times diskModule found a kept entry (its entries' movedAt counts in it). */
  private lookups = 0;
  private readonly cycleExports = new Map<string, { document: AnalyzableDocument | undefined; version: string; seen: readonly [string, string][]; exports: ModuleExports }>();
  /**
   * The checks of buffers that closed analysed at the current generation, with the hash of their
   * text: their file's check (checkFile) when it holds that text, so that closing a file costs no
   * second parse and analysis of it.
   */
  private readonly closedChecks = new Map<string, { hash: string; generation: number; check: FileCheck; usedFiles: Set<string>; seen: Map<string, string> }>();
  /** Modules whose exports are being computed: defends against a path the cycle rule did not cut. */
  private readonly inProgress = new Set<string>();
  private buffersByPath: Map<string, OpenBuffer> | undefined;
  private graph: { key: string; graph: ImportGraph } | undefined;
  /** What the buffers were when the graph was last looked at (see currentGraph). */
  private graphStamp: string | undefined;
  private opensAndCloses = 0;
  private readonly bufferImports = new WeakMap<OpenBuffer, { revision: number; key: string }>();
  private generationCount = 0;
  /**
   * Counts the changes that may move an edge of the import graph: a file changed, appeared or went
   * on disk, a buffer opened or closed over other text, everything forgotten. A buffer whose
   * exports changed moves none (its imports are in the graph's key): the graph, which costs a
   * resolution of every import of the workspace to make again, stands.
   */
  private structureCount = 0;
  private readonly changed = new Emitter<ModuleChange>();

  /** Fired when what some module exports may have changed: the files that import those, directly or not, should be analysed and published again. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly workspace: ModuleWorkspace,
    private readonly onProblem: (path: string, problem: string) => void = () => undefined,
  ) {}

  /** Counts the changes to modules: an analysis made at another generation may be stale. */
  get generation(): number {
    return this.generationCount;
  }

  /** The folders module paths are looked for under, in order; none: imports are as the library says (one file alone). */
  setRoots(roots: readonly string[]): void {
    if (JSON.stringify(roots) === JSON.stringify(this.roots)) return;
    this.roots = [...roots];
    this.places.clear();
    this.realRoots = roots.map((path) => {
      try {
        return { path, real: realpathSync(path) };
      } catch {
        return { path, real: path };
      }
    });
    this.forgetAll();
  }

  /**
   * The module paths a module not found is compared with, for its "did you mean" (the command
   * line's: those of the files it checks). None by default: comparing each with every file of a
   * workspace at every analysis would cost more than the hint is worth.
   */
  setKnownModules(modulePaths: readonly string[]): void {
    this.knownModules = [...modulePaths];
    this.nearModules.clear();
  }

  /** The answer for a module path that is no file: the files tried, and a known module path close to it. */
  notFound(modulePath: string, tried: string[]): { tried: string[]; near?: string } {
    if (tried.length === 0 || this.knownModules.length === 0) return { tried };
    if (!this.nearModules.has(modulePath)) {
      // Bounded: a `use` typed letter by letter names a new path at each keystroke.
      if (this.nearModules.size >= MAX_PLACES) this.nearModules.clear();
      this.nearModules.set(modulePath, closestName(modulePath, this.knownModules));
    }
    const near = this.nearModules.get(modulePath);
    return near ? { tried, near } : { tried };
  }

  /** The folders module paths are looked for under, in order. */
  get sourceRoots(): readonly string[] {
    return this.roots;
  }

  /** The library every analysis uses. */
  get library(): LibraryContext | undefined {
    return this.workspace.library();
  }

  /** What the module `modulePath` resolves to for the file at `from` (an open buffer's exports, a file's, or the files tried). */
  resolveFor(from: string, modulePath: string): ModuleResolution {
    return this.resolveFrom(from, modulePath, new Set());
  }

  /** The exports kept for the file at `path`, not open, if they are known (nothing is read); asked for, they are kept longer. */
  checkedExports(path: string): ModuleExports | undefined {
    const entry = this.disk.get(path);
    if (entry) this.used(path, entry);
    return entry?.stale ? undefined : entry?.exports;
  }

  /** The exports last kept for the file at `path`, not open, stale or not, with the hash of the text they are of (nothing is read). */
  keptExports(path: string): { hash: string; exports: ModuleExports } | undefined {
    const entry = this.disk.get(path);
    return entry?.exports ? { hash: entry.hash, exports: entry.exports } : undefined;
  }

  /** Whether a buffer has the file at `path`. */
  isOpen(path: string): boolean {
    return this.bufferAt(path) !== undefined;
  }

  /**
   * Keeps the exports a build computed for a file not open (file-check.ts, on a worker), as if
   * they had been computed here: `hash` is of the text they were computed from, `usedFiles` the
   * module files they used. Answers whether they differ from those kept before (as checkFile does).
   */
  seed(
    path: string,
    known: { hash: string; imports: readonly string[]; exports: ModuleExports; diagnostics?: readonly FileDiagnostic[]; usedFiles: ReadonlySet<string>; seen?: ReadonlyMap<string, string> },
  ): boolean {
    if (this.roots.length === 0 || this.bufferAt(path)) return false;
    const kept = this.disk.get(path);
    const before = kept?.exports?.fingerprint;
    this.disk.delete(path);
    // The same text's same exports stay the same object: workers keep exports by object (sent-exports.ts), and would be sent them again.
    const same = kept?.exports && kept.hash === known.hash && before === known.exports.fingerprint;
    this.disk.set(path, { ...known, ...(same ? { exports: kept.exports } : {}) });
    this.evictOldest();
    return before !== known.exports.fingerprint;
  }

  /**
   * The diagnostics of the file at `path`, not open, as the editor would show them if it were:
   * read, parsed and analysed with its imports resolved here, the document dropped; its exports
   * kept for its importers, and whether they differ from those kept before (its importers then
   * see a change). A check of the same text that still stands (standingDiagnostics) is not made
   * again. Undefined when it cannot be read (or a buffer has it).
   */
  checkFile(path: string): { diagnostics: FileDiagnostic[]; exportsChanged: boolean } | undefined {
    if (this.bufferAt(path)) return undefined;
    const text = this.read(path);
    if (text === undefined) return undefined;
    const hash = textHash(text);
    const before = this.disk.get(path)?.exports?.fingerprint;
    const closed = this.closedChecks.get(path);
    this.closedChecks.delete(path);
    // A buffer that closed with this text, analysed with what its imports resolve to now: its check is this one.
    const kept = closed?.hash === hash && closed.generation === this.generationCount ? closed : undefined;
    // Its last check read this text and what it imports resolves as it did then: that check stands.
    const standing = kept ? undefined : this.standingDiagnostics(path, text);
    if (standing) return { diagnostics: [...standing], exportsChanged: false };
    const used = kept?.usedFiles ?? new Set<string>();
    const seen = kept?.seen ?? new Map<string, string>();
    // (Each module it imports is prepared as it is resolved; those of its own cycle are seen as the
    // cycle sees them, so the others' full exports are not needed.)
    const check = kept?.check ?? this.guarded(path, () => checkText(text, this.roots.length === 0 ? undefined : this.recordingResolver(path, used, seen), this.workspace.library()));
    if (this.roots.length > 0) {
      // Its exports come with its check (as exportsOf would compute them): its importers need not parse it again.
      this.disk.delete(path);
      this.disk.set(path, { hash, imports: check.imports, exports: check.exports, diagnostics: check.diagnostics, usedFiles: used, seen });
      this.evictOldest();
    }
    return { diagnostics: check.diagnostics, exportsChanged: before !== check.exports.fingerprint };
  }

  /** The resolver to analyse `buffer` with, or undefined without source roots. */
  resolverFor(buffer: OpenBuffer): ModuleResolver | undefined {
    if (this.roots.length === 0) return undefined;
    const from = pathOfBufferUri(buffer.uri);
    return { resolve: (modulePath) => this.resolveFrom(from, modulePath, new Set()) };
  }

  /**
   * The file at `path` (not open) read, parsed and analysed with its imports resolved, for a question
   * that needs its full analysis (a rename that could clash there); undefined when it cannot be
   * read. The caller disposes the document.
   */
  analyzeFile(path: string): { document: WhetstoneDocument; model: SemanticModel } | undefined {
    const document = this.parse(path);
    if (!document) return undefined;
    const modules: ModuleResolver | undefined = this.roots.length === 0 ? undefined : { resolve: (modulePath) => this.resolveFrom(path, modulePath, new Set()) };
    try {
      return { document, model: analyze(document, { library: this.workspace.library(), ...(modules ? { modules } : {}) }) };
    } catch (error) {
      document.dispose();
      throw error;
    }
  }

  /**
   * A buffer opened or closed with `text`: its file is now read from it, or from disk again. When
   * the text is the one on disk whose exports are known, its importers see no change.
   */
  bufferOpenedOrClosed(uri: string, text: string, opened: boolean): void {
    this.buffersByPath = undefined;
    this.opensAndCloses++;
    const path = pathOfBufferUri(uri);
    this.handedOut.delete(path);
    if (this.roots.length === 0) return;
    const known = this.disk.get(path);
    const standing = known && known.hash === textHash(text) ? this.standingExports(path, known) : undefined;
    if (standing) {
      // What importers were given is what the buffer starts from: noteAnalysed compares with it.
      if (opened) this.handedOut.set(path, standing.fingerprint);
      return;
    }
    this.invalidate([path]);
  }

  /**
   * A buffer closes (it is no longer among the workspace's buffers): if its analysis is of the
   * modules as they are now, it is kept as the check of its file should the file hold its text
   * (checkFile). Its imports are resolved again to note what the check depends on; they answer
   * what its analysis was given, as no module changed since.
   */
  keepCheckOfClosing(buffer: OpenBuffer): void {
    if (this.roots.length === 0 || !buffer.uri.startsWith('file:') || !buffer.isAnalysed) return;
    const path = pathOfBufferUri(buffer.uri);
    const model = buffer.analysis();
    const usedFiles = new Set<string>();
    const seen = new Map<string, string>();
    const resolver = this.recordingResolver(path, usedFiles, seen);
    for (const modulePath of importedModules(buffer.document.ast.children)) this.guarded(path, () => resolver.resolve(modulePath));
    if (this.closedChecks.size >= MAX_CLOSED_CHECKS) this.closedChecks.clear();
    this.closedChecks.set(path, { hash: textHash(buffer.text), generation: this.generationCount, check: checkOfAnalysed(buffer.document, model, this.exportsOfModel(model)), usedFiles, seen });
  }

  /**
   * The diagnostics a check of the file at `path` gave for `text`, if they stand: the check was of
   * this text, and each module it imports resolves as it did then — asked even when nothing marked
   * them stale, as a module created where an import found none marks nothing. A buffer that opens
   * with its file's text shows them at once, before its own analysis.
   */
  standingDiagnostics(path: string, text: string): readonly FileDiagnostic[] | undefined {
    if (this.roots.length === 0) return undefined;
    const entry = this.disk.get(path);
    const seen = entry?.seen;
    if (!entry?.diagnostics || !seen || entry.hash !== textHash(text)) return undefined;
    // A check on a worker lists only the imports that found a file: one that found none may find one now.
    if (entry.imports.some((modulePath) => !seen.has(modulePath))) return undefined;
    const holds = this.guarded(path, () => {
      const used = new Set<string>();
      for (const [modulePath, key] of seen) if (resolutionKey(this.resolveFrom(path, modulePath, used)) !== key) return false;
      return true;
    });
    return holds ? entry.diagnostics : undefined;
  }

  /** Whether a buffer that closed left the check of its file (checked on this thread then: it costs no parse). */
  hasCheckOfClosed(path: string): boolean {
    return this.closedChecks.get(path)?.generation === this.generationCount;
  }

  /**
   * Files (or folders of them) changed, appeared or went on disk, taken together: a branch
   * switched changes hundreds at once. A file open in a buffer is the buffer's business.
   */
  filesChanged(paths: readonly string[]): void {
    if (this.roots.length === 0) return;
    const onDisk = paths.filter((path) => !this.bufferAt(path));
    if (onDisk.length > 0) this.invalidate(onDisk);
  }

  /** The library changed what imports mean: every module is analysed again. */
  libraryChanged(): void {
    this.forgetAll();
  }

  /**
   * After a buffer's analysis: if an importer used its exports and they differ now (fingerprint),
   * the modules that used it are forgotten and the change is announced.
   */
  noteAnalysed(buffer: OpenBuffer): void {
    // Without source roots no file imports another.
    if (this.roots.length === 0) return;
    const path = pathOfBufferUri(buffer.uri);
    const before = this.handedOut.get(path);
    const fingerprint = this.exportsOfModel(buffer.analysis()).fingerprint;
    this.handedOut.set(path, fingerprint);
    // The first analysis of a buffer whose text was not on disk already announced itself (bufferOpenedOrClosed).
    if (before === undefined || fingerprint === before) return;
    this.invalidate([path], { exportsOnly: true });
  }

  /** The open buffer whose file the module path names, if it is open (a review's preflight: its importers). */
  openBufferOf(modulePath: string): OpenBuffer | undefined {
    if (this.roots.length === 0) return undefined;
    const found = this.locate(modulePath);
    return 'path' in found ? found.buffer : undefined;
  }

  /** Where `name`, declared at the top level of the module `modulePath`, is: for go to definition. */
  declarationOf(modulePath: string, name: string, declNodeId: string): { path: string; buffer?: OpenBuffer; span: Span } | undefined {
    return this.withDeclaration(modulePath, name, declNodeId, (document, node, found) => {
      const span = document.nameSpan(node.id) ?? node.span;
      return { path: found.path, ...(found.buffer ? { buffer: found.buffer } : {}), span };
    });
  }

  /** The comment lines directly above that declaration, the module's own text unescaped: for hover. */
  documentationOf(modulePath: string, name: string, declNodeId?: string): string | undefined {
    return this.withDeclaration(modulePath, name, declNodeId, (document, node) => documentationComment(document, node));
  }

  /** `use` of the declaration of `name` in the module's file: its open buffer, or the file read and parsed for the call. */
  private withDeclaration<T>(
    modulePath: string,
    name: string,
    declNodeId: string | undefined,
    use: (document: WhetstoneDocument, node: Node, found: { path: string; buffer?: OpenBuffer }) => T,
  ): T | undefined {
    const found = this.locate(modulePath);
    if (!('path' in found)) return undefined;
    // Without the node's id (`m.f` knows its type, not its node), by its name, as the exports name it.
    const named = (document: WhetstoneDocument): Node | undefined =>
      document.ast.children.find((child) => (child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration' || child.type === 'VariableDeclaration') && child.name === name);
    if (found.buffer) {
      const node = declNodeId === undefined ? named(found.buffer.document) : found.buffer.document.nodeById(declNodeId);
      return node ? use(found.buffer.document, node, found) : undefined;
    }
    // A fresh parse gives other ids: the declaration is found by its name.
    const document = this.parse(found.path);
    if (!document) return undefined;
    try {
      const node = named(document);
      return node ? use(document, node, found) : undefined;
    } finally {
      document.dispose();
    }
  }

  private resolveFrom(from: string, modulePath: string, used: Set<string>): ModuleResolution {
    const found = this.locate(modulePath);
    if (!('path' in found)) return found;
    used.add(found.path);
    if (this.inProgress.has(found.path)) return NOT_SEEN;
    if (this.currentGraph().sameCycle(found.path, from)) return { file: found.file, exports: this.exportsSeenInCycle(found) };
    this.prepare(found.path);
    return { file: found.file, exports: this.exportsOf(found) };
  }

  private exportsOf(found: { path: string; buffer?: OpenBuffer }): ModuleExports {
    if (found.buffer) {
      const exports = this.exportsOfModel(this.guarded(found.path, () => (found.buffer as OpenBuffer).analysis()));
      // A fingerprint seen before stays until noteAnalysed compares it: the other importers must hear of a change.
      if (!this.handedOut.get(found.path)) this.handedOut.set(found.path, exports.fingerprint);
      return exports;
    }
    const entry = this.diskModule(found.path);
    const standing = entry && this.standingExports(found.path, entry);
    if (standing) return standing;
    const document = this.parse(found.path);
    if (!entry || !document) return NO_EXPORTS;
    try {
      const used = new Set<string>();
      const seen = new Map<string, string>();
      const resolver = this.recordingResolver(found.path, used, seen);
      const exports = this.guarded(found.path, () => moduleExportsOf(analyze(document, { library: this.workspace.library(), modules: resolver })));
      entry.exports = exports;
      // Computed without its diagnostics: those of an earlier check may have seen other answers.
      entry.diagnostics = undefined;
      entry.usedFiles = used;
      entry.seen = seen;
      entry.stale = false;
      return exports;
    } finally {
      document.dispose();
    }
  }

  /** A module as the others of its cycle see it: analysed with what it imports from the cycle as any. */
  private exportsSeenInCycle(found: { path: string; buffer?: OpenBuffer }): ModuleExports {
    const version = found.buffer ? `r${found.buffer.revision}` : (this.diskModule(found.path)?.hash ?? '');
    const resolve = (modulePath: string): ModuleResolution => {
      const inner = this.locate(modulePath);
      if (!('path' in inner)) return inner;
      if (this.currentGraph().sameCycle(inner.path, found.path) || this.inProgress.has(inner.path)) return NOT_SEEN;
      this.prepare(inner.path);
      return { file: inner.file, exports: this.exportsOf(inner) };
    };
    // The same text analysed with the same answers gives the same exports: a change elsewhere (the
    // next keystroke in a hub they do not import) spares parsing the cycle's members again.
    const cached = this.cycleExports.get(found.path);
    if (
      cached &&
      cached.document === found.buffer?.document &&
      cached.version === version &&
      this.guarded(found.path, () => cached.seen.every(([modulePath, key]) => resolutionKey(resolve(modulePath)) === key))
    ) {
      return cached.exports;
    }
    if (found.buffer && !this.handedOut.has(found.path)) this.handedOut.set(found.path, null);
    const seen: [string, string][] = [];
    const resolver: ModuleResolver = {
      resolve: (modulePath) => {
        const resolution = resolve(modulePath);
        seen.push([modulePath, resolutionKey(resolution)]);
        return resolution;
      },
    };
    const library = this.workspace.library();
    let model: SemanticModel;
    if (found.buffer) {
      const document = found.buffer.document;
      model = this.guarded(found.path, () => analyze(document, { library, modules: resolver }));
    } else {
      // A member not open: its document and last analysis are kept, so the next change to what it
      // imports analyses again only what reads the changed names.
      const text = this.read(found.path);
      if (text === undefined) return NO_EXPORTS;
      model = this.guarded(found.path, () => this.cycleDocuments.analysed(found.path, text, (document, previous) => analyze(document, { library, modules: resolver, ...(previous ? { previous } : {}) })).model);
    }
    const exports = moduleExportsOf(model);
    if (this.cycleExports.size >= MAX_CACHED_MODULES) this.cycleExports.clear();
    this.cycleExports.set(found.path, { document: found.buffer?.document, version, seen, exports });
    return exports;
  }

  /** A resolver for the file at `from` that notes the files used and what each module path resolved to. */
  private recordingResolver(from: string, used: Set<string>, seen: Map<string, string>): ModuleResolver {
    return {
      resolve: (modulePath) => {
        const resolution = this.resolveFrom(from, modulePath, used);
        seen.set(modulePath, resolutionKey(resolution));
        return resolution;
      },
    };
  }

  /**
   * The exports kept for a file not open, if they hold: known and not stale, or stale but each
   * module it imports resolving as it did when they were computed (then they are what an analysis
   * would give again). Otherwise they are dropped and undefined is answered.
   */
  private standingExports(path: string, entry: DiskModule): ModuleExports | undefined {
    if (!entry.exports || !entry.stale) return entry.exports;
    const seen = entry.seen;
    const holds =
      seen !== undefined &&
      !this.inProgress.has(path) &&
      this.guarded(path, () => {
        const used = new Set<string>();
        for (const [modulePath, key] of seen) if (resolutionKey(this.resolveFrom(path, modulePath, used)) !== key) return false;
        return true;
      });
    if (holds) {
      entry.stale = false;
      return entry.exports;
    }
    entry.exports = undefined;
    entry.diagnostics = undefined;
    entry.seen = undefined;
    entry.stale = false;
    return undefined;
  }

  private guarded<T>(path: string, compute: () => T): T {
    this.inProgress.add(path);
    try {
      return compute();
    } finally {
      this.inProgress.delete(path);
    }
  }

  private exportsOfModel(model: SemanticModel): ModuleExports {
    let exports = this.openExports.get(model);
    if (!exports) {
      exports = moduleExportsOf(model);
      this.openExports.set(model, exports);
    }
    return exports;
  }

  /** The import graph of the files as they are now: made again when a module changed or an open buffer's imports did. */
  private currentGraph(): ImportGraph {
    // Asked at every resolution: while no module changed, no buffer opened or closed and no buffer
    // was edited (revisions only grow, so their sum tells), the graph stands without a look at
    // every buffer's imports, which with a thousand buffers open was most of an analysis.
    const buffers = this.workspace.all();
    let revisions = 0;
    for (const buffer of buffers) revisions += buffer.revision;
    const stamp = `${this.structureCount}:${this.opensAndCloses}:${buffers.length}:${revisions}`;
    if (this.graph && this.graphStamp === stamp) return this.graph.graph;
    this.graphStamp = stamp;
    // A buffer whose file is read already and imports what it does gives the graph no other edges:
    // opening a file of an indexed workspace does not make the graph again.
    const key = `${this.structureCount}\u0000${this.workspace
      .all()
      .filter((buffer) => !this.importsAsOnDisk(buffer))
      .map((buffer) => `${buffer.uri}\u0001${this.importsKeyOf(buffer)}`)
      .join('\u0000')}`;
    if (this.graph?.key !== key) {
      this.graph = {
        key,
        graph: new ImportGraph((file) =>
          this.importsOf(file).flatMap((modulePath) => {
            const found = this.locate(modulePath);
            return 'path' in found ? [found.path] : [];
          }),
        ),
      };
    }
    return this.graph.graph;
  }

  private importsAsOnDisk(buffer: OpenBuffer): boolean {
    const entry = buffer.uri.startsWith('file:') ? this.disk.get(pathOfBufferUri(buffer.uri)) : undefined;
    return entry !== undefined && entry.imports.join('\u0001') === this.importsKeyOf(buffer);
  }

  /** What a buffer imports, as a string, for its revision (the graph's key asks at each resolution). */
  private importsKeyOf(buffer: OpenBuffer): string {
    const known = this.bufferImports.get(buffer);
    if (known?.revision === buffer.revision) return known.key;
    const key = importedModules(buffer.document.ast.children).join('\u0001');
    this.bufferImports.set(buffer, { revision: buffer.revision, key });
    return key;
  }

  /** Computes the exports of the modules `path` depends on that are not known, those imported first, so no computation nests deeply. */
  private prepare(path: string): void {
    const done = (file: string): boolean => {
      const buffer = this.bufferAt(file);
      if (buffer) return buffer.isAnalysed;
      const entry = this.diskModule(file);
      return entry?.exports !== undefined && !entry.stale;
    };
    if (done(path)) return;
    for (const file of this.currentGraph().dependenciesFirst(path, done)) {
      if (file !== path && !this.inProgress.has(file)) this.exportsOf({ path: file, buffer: this.bufferAt(file) });
    }
  }

  private importsOf(path: string): readonly string[] {
    const buffer = this.bufferAt(path);
    if (buffer) return importedModules(buffer.document.ast.children);
    return this.diskModule(path)?.imports ?? [];
  }

  /** The file of a module path: the first source root with an open buffer or a readable file there. */
  private locate(modulePath: string): Located {
    // A module path is identifiers joined by dots; anything else names no file.
    const places = this.placesOf(modulePath);
    if (!places) return { tried: [] };
    const tried: string[] = [];
    for (const { path, file } of places) {
      const buffer = this.bufferAt(path);
      if (buffer) return { path, file, buffer };
      if (this.diskModule(path)) return { path, file };
      tried.push(file);
    }
    return this.notFound(modulePath, tried);
  }

  /** Where the file of a module path would be under each root (undefined: the path names no file); kept per module path while the roots stay. */
  private placesOf(modulePath: string): readonly { path: string; file: string }[] | undefined {
    let places = this.places.get(modulePath);
    if (places === undefined) {
      places =
        modulePathOf(moduleFilePath(modulePath)) !== modulePath
          ? null
          : this.roots.map((root) => {
              const path = join(root, moduleFilePath(modulePath));
              return { path, file: relative(root, path).split('\\').join('/') };
            });
      // Bounded: a buffer may name any number of module paths.
      if (this.places.size >= MAX_PLACES) this.places.clear();
      this.places.set(modulePath, places);
    }
    return places ?? undefined;
  }

  private bufferAt(path: string): OpenBuffer | undefined {
    if (!this.buffersByPath) {
      this.buffersByPath = new Map();
      for (const buffer of this.workspace.all()) if (buffer.uri.startsWith('file:')) this.buffersByPath.set(pathOfBufferUri(buffer.uri), buffer);
    }
    return this.buffersByPath.get(path);
  }

  /** The cached reading of a file not open, read and parsed (imports only) when first asked; undefined when it cannot be read. */
  private diskModule(path: string): DiskModule | undefined {
    const entry = this.disk.get(path);
    if (entry) {
      this.used(path, entry);
      return entry;
    }
    if (this.absent.get(path) === this.generationCount) return undefined;
    const read = this.read(path);
    if (read === undefined) {
      // Bounded: a `use` typed letter by letter asks for a new path at each keystroke.
      if (this.absent.size >= MAX_CACHED_MODULES) this.absent.clear();
      this.absent.set(path, this.generationCount);
      return undefined;
    }
    const hash = textHash(read);
    // The index read this text too (a file changed on disk): its imports without a second parse.
    const known = this.readingOf?.(path);
    const created: DiskModule = { hash, imports: known?.hash === hash ? [...known.imports] : importsOfText(read), usedFiles: new Set() };
    this.disk.set(path, created);
    this.evictOldest();
    return created;
  }

  /**
   * Keeps the cache most recently used last (the oldest is evicted): a module every other file
   * imports stays while files are checked. One moved within the last half a cache's worth of
   * lookups stays where it is, so the thousands of lookups of a change's wave do not reorder it.
   */
  private used(path: string, entry: DiskModule): void {
    this.lookups++;
    if (entry.movedAt === undefined || this.lookups - entry.movedAt > this.disk.size / 2) {
      this.disk.delete(path);
      this.disk.set(path, entry);
      entry.movedAt = this.lookups;
    }
  }

  private evictOldest(): void {
    if (this.disk.size <= MAX_CACHED_MODULES) return;
    const oldest = this.disk.keys().next().value;
    if (oldest !== undefined) this.disk.delete(oldest);
  }

  private parse(path: string): WhetstoneDocument | undefined {
    const text = this.read(path);
    return text === undefined ? undefined : WhetstoneDocument.create(text);
  }

  /** The text of the file at `path` as modules are read (regular-file.ts rules, a link only within its root); undefined when it cannot be read. */
  read(path: string): string | undefined {
    const followLinks = this.linkInsideRoot(path);
    if (followLinks === undefined) return undefined;
    const read = readFileWithin(path, { ...INDEXED_FILE_LIMITS, followLinks });
    if ('problem' in read) {
      if (!read.missing) this.onProblem(path, read.problem);
      return undefined;
    }
    // A leading byte-order mark is not part of the text (as in editors).
    return read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  }

  /**
   * Whether `path` is a link to be followed (to a file inside its root, as the index takes it):
   * true, false for no link, undefined for a link not taken (out of the root: said; dangling: missing).
   */
  private linkInsideRoot(path: string): boolean | undefined {
    try {
      if (!lstatSync(path).isSymbolicLink()) return false;
    } catch {
      return false; // Missing: the read says so.
    }
    try {
      const real = realpathSync(path);
      const root = this.realRoots.find((entry) => isInside(path, entry.path));
      if (root && isInside(real, root.real)) return true;
      this.onProblem(path, 'it is a symbolic link to a file outside the source root; not read');
    } catch {
      // A dangling link, or one that points at itself: no module there.
    }
    return undefined;
  }

  /**
   * Forgets `paths` (files, or folders deleted with their files) and every cached module whose
   * exports used it, directly or through others, and announces the change.
   */
  private invalidate(paths: readonly string[], options: { exportsOnly?: boolean } = {}): void {
    const changed = new Set(paths.map((path) => (path.length > 1 && path.endsWith(sep) ? path.slice(0, -1) : path)));
    // The file itself, or a folder it is in: its folders are looked up, not every path compared (a branch switch names thousands).
    const named = (file: string): boolean => {
      for (let at = file.length; at > 0; at = file.lastIndexOf(sep, at - 1)) if (changed.has(file.slice(0, at))) return true;
      return false;
    };
    const stale = new Set<string>(paths);
    for (const file of this.disk.keys()) if (named(file)) stale.add(file);
    // Who used each file, once; then the users of the stale ones, and theirs, in one pass over them.
    const users = new Map<string, string[]>();
    for (const [file, entry] of this.disk) {
      for (const used of entry.usedFiles) {
        const list = users.get(used);
        if (list) list.push(file);
        else users.set(used, [file]);
      }
    }
    const pending = [...stale];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const user of users.get(next) ?? []) {
        if (stale.has(user)) continue;
        stale.add(user);
        pending.push(user);
      }
    }
    // The changed files are read again; the others' texts, and so their imports, are the same:
    // their exports are kept as perhaps stale (standingExports tells, when they are next asked),
    // and their imports too (that spares parsing them all again to know the import graph).
    for (const file of stale) {
      const entry = this.disk.get(file);
      if (!entry) continue;
      if (named(file)) this.disk.delete(file);
      else entry.stale = true;
    }
    this.generationCount++;
    if (!options.exportsOnly) this.structureCount++;
    // The others' cycle views stand while what they import resolves the same (exportsSeenInCycle).
    for (const file of this.cycleExports.keys()) if (named(file)) this.cycleExports.delete(file);
    this.changed.fire({ paths: [...paths] });
  }

  private forgetAll(): void {
    this.disk.clear();
    this.closedChecks.clear();
    this.cycleExports.clear();
    this.cycleDocuments.clear();
    this.handedOut.clear();
    this.generationCount++;
    this.structureCount++;
    this.changed.fire({ all: true });
  }
}

/** The module paths a text's imports name (it is parsed). */
function importsOfText(text: string): string[] {
  const document = WhetstoneDocument.create(text);
  try {
    return importedModules(document.ast.children);
  } finally {
    document.dispose();
  }
}

/** The module paths a program's imports name. */
function importedModules(children: readonly TopLevel[]): string[] {
  return children.flatMap((child) => (child.type === 'ImportDeclaration' && child.module ? [child.module] : []));
}
