// One open buffer: its URI, the core's WhetstoneDocument (text, AST with stable ids, syntax
// diagnostics, revision) and the semantic analysis of its current revision, computed lazily and
// at most once per revision however many features ask for it.
import type { Diagnostic, Program } from '../core/ast';
import { analyze, type LibraryContext, type ModuleResolver, type SemanticModel } from '../core/semantics';
import { documentDiagnostics } from '../core/editing';
import { suggestAnnotations, type Suggestion } from '../core/suggest';
import { applyTextEdits, WhetstoneDocument, type EditOptions, type TextEdit } from '../core/syntax';

export interface BufferOptions {
  /** The first revision (the LSP document version); 1 when omitted. */
  revision?: number;
  languageId?: string;
  library?: LibraryContext;
  /** Where the modules its imports name are found (module-exports.ts); none: imports are as the library says. */
  modules?: ModuleProvider;
}

/** The modules a buffer's imports resolve to, and a count of their changes (an analysis of another generation may be stale). */
export interface ModuleProvider {
  readonly generation: number;
  resolverFor(buffer: OpenBuffer): ModuleResolver | undefined;
}

/**
 * An edit that someone else applies and that comes back to this buffer later as an ordinary
 * change: an agent's mutation that VS Code applies (so it lands in the person's undo stack) and
 * reports with didChange. The change carries only text; the expectation supplies the AST the
 * mutation engine computed, so the nodes it inserted keep the ids it gave them.
 */
export interface EditExpectation {
  /** The revision the edit was computed against: the next edit of the buffer at it consumes this. */
  baseRevision: number;
  /** The text after the edit; the AST is used only if the change produces exactly this text. */
  text: string;
  /** The AST the edit produces, to match the new tree against instead of the previous AST. */
  ast: Program;
}

export class OpenBuffer {
  private current: WhetstoneDocument;
  private cached: { revision: number; generation: number; model: SemanticModel } | undefined;
  /** The latest analysis, whatever its revision: the next one starts from it (incremental). */
  private latest: SemanticModel | undefined;
  private suggested: { revision: number; suggestions: Suggestion[] } | undefined;
  private expectation: EditExpectation | undefined;

  private constructor(
    readonly uri: string,
    public languageId: string,
    document: WhetstoneDocument,
    private library: LibraryContext | undefined,
    private readonly modules: ModuleProvider | undefined,
  ) {
    this.current = document;
  }

  static open(uri: string, text: string, options: BufferOptions = {}): OpenBuffer {
    const document = WhetstoneDocument.create(text, options.revision ?? 1);
    return new OpenBuffer(uri, options.languageId ?? 'whetstone', document, options.library, options.modules);
  }

  /** The core document of the current revision (replaced only after an internal failure, see applyEdits). */
  get document(): WhetstoneDocument {
    return this.current;
  }

  /** The buffer's revision: the LSP document version in VS Code, a counter headless. */
  get revision(): number {
    return this.current.revision;
  }

  get text(): string {
    return this.current.text;
  }

  /**
   * Applies edits (see WhetstoneDocument.applyEdits); the analysis of the old revision is dropped.
   * Should the incremental reparse fail half-way, the buffer must still hold the text the editor
   * holds: it is then parsed afresh from that text (new ids) and the error is returned so the
   * caller can log it. Returns undefined on success.
   */
  applyEdits(edits: readonly TextEdit[], options: EditOptions = {}): unknown {
    this.cached = undefined;
    const before = this.current.text;
    const revision = options.revision ?? this.current.revision + 1;
    const effective = this.withExpectation(options);
    try {
      this.current.applyEdits(edits, { ...effective, revision });
      return undefined;
    } catch (error) {
      const text = applyTextEdits(before, edits, { sequential: options.sequential });
      try {
        this.current.dispose();
      } catch {
        // The old tree may be what failed; it is dropped either way.
      }
      this.current = WhetstoneDocument.create(text, revision);
      return error;
    }
  }

  /**
   * Registers the AST an edit of `baseRevision` will produce (see EditExpectation). It replaces an
   * earlier expectation; the returned function withdraws it if it is still pending (the edit was
   * refused and will never arrive).
   */
  expectEdit(expectation: EditExpectation): () => void {
    this.expectation = expectation;
    return () => {
      if (this.expectation === expectation) this.expectation = undefined;
    };
  }

  /**
   * The options for an edit, with the pending expectation when this edit is the one it describes.
   * The next edit at the base revision consumes the expectation whatever it is: if the person's
   * keystroke got there first, the agent's edit was refused (its version was stale) and the text
   * differs, so the document matches the keystroke against the previous AST as usual.
   */
  private withExpectation(options: EditOptions): EditOptions {
    const expectation = this.expectation;
    if (!expectation || expectation.baseRevision > this.current.revision) return options;
    this.expectation = undefined;
    if (options.expected || expectation.baseRevision !== this.current.revision) return options;
    return { ...options, expected: expectation.ast, expectedText: expectation.text };
  }

  /** The semantic model of the current revision, analysed on first use. */
  analysis(): SemanticModel {
    const generation = this.moduleGeneration();
    if (this.cached?.revision !== this.revision || this.cached.generation !== generation) {
      // Only a buffer that imports something asks the modules (a file alone costs what it did).
      const modules = generation === 0 ? undefined : this.modules?.resolverFor(this);
      const model = analyze(this.current, { library: this.library, modules, previous: this.latest });
      this.cached = { revision: this.revision, generation, model };
      this.latest = model;
    }
    return this.cached.model;
  }

  /** Whether the current text has a `use` (its analysis then depends on other modules). */
  get importsModules(): boolean {
    return this.current.ast.children.some((child) => child.type === 'ImportDeclaration');
  }

  /** The modules' generation the analysis depends on; 0 for a buffer that imports nothing. */
  private moduleGeneration(): number {
    return this.modules && this.importsModules ? this.modules.generation + 1 : 0;
  }

  /**
   * The annotation suggestions of the current revision (before any feedback moves them), computed
   * on first use; agents and the editor's CodeLens ask the same cache.
   */
  suggestions(): Suggestion[] {
    if (this.suggested?.revision !== this.revision) {
      const model = this.analysis();
      this.suggested = { revision: this.revision, suggestions: suggestAnnotations(this.current.ast, model, model.library, this.current.syntaxDiagnostics) };
    }
    return this.suggested.suggestions;
  }

  /** Whether the current revision has been analysed already (asking starts no analysis). */
  get isAnalysed(): boolean {
    return this.cached?.revision === this.revision && this.cached.generation === this.moduleGeneration();
  }

  /** Syntax and semantic diagnostics of the current revision, in source order, a half-typed statement's cascade folded into one. */
  diagnostics(): Diagnostic[] {
    return documentDiagnostics(this.current, this.analysis(), { fixes: true });
  }

  /** A new library context changes what imports mean: the next analysis uses it. */
  setLibrary(library: LibraryContext | undefined): void {
    this.library = library;
    this.cached = undefined;
    // Rare, and everything imported may mean something else: the next analysis starts afresh.
    this.latest = undefined;
    this.suggested = undefined;
  }

  dispose(): void {
    this.cached = undefined;
    this.latest = undefined;
    this.suggested = undefined;
    this.current.dispose();
  }
}
