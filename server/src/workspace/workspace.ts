// The open buffers of one language-server process, by URI: what the LSP adapter keeps in step with
// the editor and what the agent endpoint (same process) reads and changes. It also knows which
// buffer is active, as the client reports it (`whetstone/activeEditor`). No vscode import, no I/O.
import type { LibraryContext } from '../core/semantics';
import type { EditOptions, TextEdit } from '../core/syntax';
import { OpenBuffer, type EditExpectation } from './buffer';
import { Emitter, type Disposable } from './events';
import { ModuleExportsCache } from './module-exports';

export interface BufferChange {
  buffer: OpenBuffer;
  /** The edits applied, in the order they were applied (empty when the buffer was just opened). */
  edits: readonly TextEdit[];
  /** Whether each edit's offsets are into the text as left by the edits before it. */
  sequential: boolean;
}

export class Workspace {
  private readonly buffers = new Map<string, OpenBuffer>();
  private activeUri: string | null = null;
  private library: LibraryContext | undefined;

  private readonly opened = new Emitter<OpenBuffer>();
  private readonly changed = new Emitter<BufferChange>();
  private readonly closing = new Emitter<OpenBuffer>();
  private readonly closed = new Emitter<string>();
  private readonly activeChanged = new Emitter<string | null>();

  /** Fired after a buffer opens. */
  readonly onDidOpen = this.opened.event;
  /** Fired after a buffer's text changed (the new revision is `buffer.revision`). */
  readonly onDidChange = this.changed.event;
  /** Fired as a buffer closes, before it is let go: its last text and document can still be read. */
  readonly onWillClose = this.closing.event;
  /** Fired after a buffer closed, with its URI. */
  readonly onDidClose = this.closed.event;
  /** Fired when the active buffer changes, with its URI or null. */
  readonly onDidChangeActive = this.activeChanged.event;

  /**
   * The modules the buffers import: files under the source roots, open or read from disk (none
   * until the roots are set, so a file alone is analysed as it always was).
   */
  readonly modules: ModuleExportsCache;

  /** @param onError where the errors of listeners and of failed incremental reparses go (a log). */
  constructor(private readonly onError: (error: unknown) => void = () => undefined) {
    const buffers = { all: () => this.all(), library: () => this.library };
    this.modules = new ModuleExportsCache(buffers);
  }

  /** Opens (or reopens, replacing) a buffer. */
  open(uri: string, text: string, options: { revision?: number; languageId?: string } = {}): OpenBuffer {
    this.buffers.get(uri)?.dispose();
    const buffer = OpenBuffer.open(uri, text, { ...options, library: this.library, modules: this.modules });
    this.buffers.set(uri, buffer);
    this.modules.bufferOpenedOrClosed(uri, text, true);
    this.opened.fire(buffer, this.onError);
    return buffer;
  }

  /** Applies edits to an open buffer; undefined when no buffer has that URI. */
  edit(uri: string, edits: readonly TextEdit[], options: EditOptions = {}): OpenBuffer | undefined {
    const buffer = this.buffers.get(uri);
    if (!buffer) return undefined;
    const failure = buffer.applyEdits(edits, options);
    if (failure !== undefined) this.onError(failure);
    this.changed.fire({ buffer, edits, sequential: options.sequential ?? false }, this.onError);
    return buffer;
  }

  /**
   * Tells the buffer at `uri` what AST the next edit of `expectation.baseRevision` produces, for an
   * edit that reaches it later through `edit` (an agent's change that VS Code applies and reports
   * back with didChange). Returns a function that withdraws the expectation, or undefined when no
   * buffer has that URI.
   */
  expectEdit(uri: string, expectation: EditExpectation): (() => void) | undefined {
    return this.buffers.get(uri)?.expectEdit(expectation);
  }

  close(uri: string): void {
    const buffer = this.buffers.get(uri);
    if (!buffer) return;
    this.buffers.delete(uri);
    this.closing.fire(buffer, this.onError);
    this.modules.bufferOpenedOrClosed(uri, buffer.text, false);
    try {
      this.modules.keepCheckOfClosing(buffer);
    } catch (error) {
      this.onError(error);
    }
    buffer.dispose();
    this.closed.fire(uri, this.onError);
  }

  get(uri: string): OpenBuffer | undefined {
    return this.buffers.get(uri);
  }

  all(): OpenBuffer[] {
    return [...this.buffers.values()];
  }

  /**
   * Records which buffer the person is working in. The URI may name a buffer that is not open (yet):
   * the client can report the editor before its didOpen arrives, so it is kept as said.
   */
  setActive(uri: string | null): void {
    if (uri === this.activeUri) return;
    this.activeUri = uri;
    this.activeChanged.fire(uri, this.onError);
  }

  get activeBufferUri(): string | null {
    return this.activeUri;
  }

  /** The active buffer, if the active editor's document is open here. */
  active(): OpenBuffer | undefined {
    return this.activeUri === null ? undefined : this.buffers.get(this.activeUri);
  }

  /** Sets the library context every buffer's analysis uses from now on. */
  setLibrary(library: LibraryContext | undefined): void {
    this.library = library;
    for (const buffer of this.buffers.values()) buffer.setLibrary(library);
    this.modules.libraryChanged();
  }

  /** Closes every buffer and drops the listeners' view of them. */
  dispose(): void {
    for (const uri of [...this.buffers.keys()]) this.close(uri);
  }
}

export type { Disposable, EditExpectation };
