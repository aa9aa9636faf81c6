// One open buffer: its URI, the core's WhetstoneDocument (text, AST with stable ids, syntax
// diagnostics, revision) and the semantic analysis of its current revision, computed lazily and
// at most once per revision however many features ask for it.
import type { Diagnostic } from '../core/diagnostics';
import { WhetstoneDocument, type EditOptions, type TextEdit } from '../core/document';
import type { LibraryContext } from '../core/semantics/library';
import { analyze, type SemanticModel } from '../core/semantics/model';

export interface BufferOptions {
  /** The first revision (the LSP document version); 1 when omitted. */
  revision?: number;
  languageId?: string;
  library?: LibraryContext;
}

export class OpenBuffer {
  private current: WhetstoneDocument;
  private cached: { revision: number; model: SemanticModel } | undefined;

  private constructor(
    readonly uri: string,
    public languageId: string,
    document: WhetstoneDocument,
    private library: LibraryContext | undefined,
  ) {
    this.current = document;
  }

  static open(uri: string, text: string, options: BufferOptions = {}): OpenBuffer {
    const document = WhetstoneDocument.create(text, options.revision ?? 1);
    return new OpenBuffer(uri, options.languageId ?? 'whetstone', document, options.library);
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
    try {
      this.current.applyEdits(edits, { ...options, revision });
      return undefined;
    } catch (error) {
      const text = applyToText(before, edits, options.sequential ?? false);
      try {
        this.current.dispose();
      } catch {
        // The old tree may be what failed; it is dropped either way.
      }
      this.current = WhetstoneDocument.create(text, revision);
      return error;
    }
  }

  /** The semantic model of the current revision, analysed on first use. */
  analysis(): SemanticModel {
    if (this.cached?.revision !== this.revision) {
      this.cached = { revision: this.revision, model: analyze(this.current.ast, { library: this.library, names: this.current }) };
    }
    return this.cached.model;
  }

  /** Whether the current revision has been analysed already (asking starts no analysis). */
  get isAnalysed(): boolean {
    return this.cached?.revision === this.revision;
  }

  /** Syntax and semantic diagnostics of the current revision, in source order. */
  diagnostics(): Diagnostic[] {
    return [...this.current.syntaxDiagnostics, ...this.analysis().diagnostics].sort(
      (a, b) => a.span.startOffset - b.span.startOffset || a.span.endOffset - b.span.endOffset,
    );
  }

  /** A new library context changes what imports mean: the next analysis uses it. */
  setLibrary(library: LibraryContext | undefined): void {
    this.library = library;
    this.cached = undefined;
  }

  dispose(): void {
    this.cached = undefined;
    this.current.dispose();
  }
}

/** The text `edits` produce, the way WhetstoneDocument.applyEdits orders and clamps them. */
export function applyToText(text: string, edits: readonly TextEdit[], sequential: boolean): string {
  const ordered = sequential ? edits : [...edits].sort((a, b) => b.startOffset - a.startOffset);
  let result = text;
  for (const edit of ordered) {
    const start = Math.max(0, Math.min(edit.startOffset, result.length));
    const end = Math.max(start, Math.min(edit.endOffset, result.length));
    result = result.slice(0, start) + edit.newText + result.slice(end);
  }
  return result;
}
