// Documents too large to parse (workspace/buffer-limits.ts). The editor keeps sending their
// changes, so their text is kept, without a parse, and changes apply to it; one diagnostic at the
// top says why the language features are off. The handlers (handlers.ts) move a document between
// here and the workspace as edits take it across the limit.
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic, type TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { applyTextEdits, LineIndex } from '../core/syntax';
import { MAX_BUFFER_CHARACTERS, tooLargeForBuffer, tooLargeMessage } from '../workspace/buffer-limits';
import { contentChangesToEdits, DIAGNOSTIC_SOURCE, type PositionedText } from './convert';
import type { Log } from './guard';

interface Oversized {
  text: string;
  languageId: string | undefined;
}

export class OversizedDocuments {
  private readonly documents = new Map<string, Oversized>();

  constructor(
    private readonly connection: Connection,
    private readonly log: Log,
  ) {}

  has(uri: string): boolean {
    return this.documents.has(uri);
  }

  /** Keeps a document that is too large to parse, and says so in its diagnostics. */
  open(uri: string, text: string, version: number, languageId: string | undefined): void {
    this.documents.set(uri, { text, languageId });
    this.publish(uri, version, [notice(text.length)]);
  }

  /**
   * Applies the editor's changes; returns the document's new text and what it was opened as. Its
   * notice is published again while it is still too large (else it is about to become a buffer).
   */
  change(uri: string, changes: readonly TextDocumentContentChangeEvent[], version: number): Oversized {
    const document = this.documents.get(uri)!;
    let lines: LineIndex | undefined;
    // The line index is made only when a change has a range (and then once per notification).
    const positioned: PositionedText = { text: document.text, offsetAt: (position) => (lines ??= new LineIndex(document.text)).offsetAt(position) };
    document.text = applyTextEdits(document.text, contentChangesToEdits(positioned, changes), { sequential: true });
    if (tooLargeForBuffer(document.text.length)) this.publish(uri, version, [notice(document.text.length)]);
    return document;
  }

  /** Forgets a document: it closed, or it became small enough to be a buffer (which publishes its own diagnostics). */
  forget(uri: string, options: { clearDiagnostics: boolean }): void {
    if (!this.documents.delete(uri)) return;
    if (options.clearDiagnostics) this.publish(uri, undefined, []);
  }

  private publish(uri: string, version: number | undefined, diagnostics: LspDiagnostic[]): void {
    void this.connection.sendDiagnostics({ uri, version, diagnostics }).catch((error: unknown) => this.log('Could not publish diagnostics', error));
  }
}

function notice(length: number): LspDiagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    message: `This file is not parsed: ${tooLargeMessage(length)}. Its diagnostics, completion, navigation and agents' access are off until it is at most ${MAX_BUFFER_CHARACTERS.toLocaleString('en-US')} characters.`,
  };
}
