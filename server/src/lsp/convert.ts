// Translation between the core's coordinates and LSP's. Both count columns in UTF-16 code units;
// the core's lines are 1-based and LSP's 0-based. Core diagnostics become LSP diagnostics here,
// keeping everything a code action needs in `data`.
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic as LspDiagnostic,
  type Position as LspPosition,
  type Range as LspRange,
  type TextDocumentContentChangeEvent,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { Position, Span, Diagnostic, Severity, Mutation } from '../core/ast';
import { applyTextEdits, LineIndex, type TextEdit, type WhetstoneDocument } from '../core/syntax';

export const DIAGNOSTIC_SOURCE = 'whetstone';

export function toLspPosition(position: Position): LspPosition {
  return { line: Math.max(0, position.line - 1), character: position.column };
}

export function toCorePosition(position: LspPosition): Position {
  return { line: position.line + 1, column: position.character };
}

export function toLspRange(span: Span): LspRange {
  return { start: toLspPosition(span.start), end: toLspPosition(span.end) };
}

/** The UTF-16 offset of an LSP position in the document's current text (clamped to the text). */
export function offsetOf(document: WhetstoneDocument, position: LspPosition): number {
  return document.offsetAt(toCorePosition(position));
}

/** The LSP range of [startOffset, endOffset) in the document's current text. */
export function rangeOfOffsets(document: WhetstoneDocument, startOffset: number, endOffset: number): LspRange {
  return { start: toLspPosition(document.positionAt(startOffset)), end: toLspPosition(document.positionAt(endOffset)) };
}

/** A text and how to find an offset in it (a WhetstoneDocument, or a text kept without parsing). */
export interface PositionedText {
  readonly text: string;
  offsetAt(position: Position): number;
}

/**
 * LSP content changes as core text edits. LSP applies the changes of one notification in order,
 * each against the text the previous ones left, so the edits are meant for
 * `applyEdits(edits, {sequential: true})`; the offsets of a later change are computed on the
 * intermediate text. A change without a range replaces the whole text.
 */
export function contentChangesToEdits(document: PositionedText, changes: readonly TextDocumentContentChangeEvent[]): TextEdit[] {
  const edits: TextEdit[] = [];
  let text = document.text;
  // The first change is measured with the document's own line index; later ones need the text as
  // it will be by then.
  let lines: LineIndex | undefined;
  for (const change of changes) {
    let edit: TextEdit;
    if ('range' in change && change.range) {
      const index = edits.length === 0 ? undefined : (lines ??= new LineIndex(text));
      const offsetAt = (position: LspPosition): number => (index ? index : document).offsetAt(toCorePosition(position));
      const start = offsetAt(change.range.start);
      const end = Math.max(start, offsetAt(change.range.end));
      edit = { startOffset: start, endOffset: end, newText: change.text };
    } else {
      edit = { startOffset: 0, endOffset: text.length, newText: change.text };
    }
    edits.push(edit);
    if (changes.length > 1) text = applyTextEdits(text, [edit]);
    lines = undefined;
  }
  return edits;
}

const SEVERITIES: { readonly [S in Severity]: DiagnosticSeverity } = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What an LSP diagnostic carries in `data`: the core's identity of the problem and its repair. */
export interface WhetstoneDiagnosticData {
  nodeId: string;
  hint?: string;
  fix?: Mutation[];
  /** The document version the diagnostic was computed for. */
  revision: number;
}

export function toLspDiagnostic(diagnostic: Diagnostic, revision: number): LspDiagnostic {
  const data: WhetstoneDiagnosticData = { nodeId: diagnostic.nodeId, revision };
  if (diagnostic.hint !== undefined) data.hint = diagnostic.hint;
  if (diagnostic.fix !== undefined) data.fix = diagnostic.fix;
  const result: LspDiagnostic = {
    range: toLspRange(diagnostic.span),
    severity: SEVERITIES[diagnostic.severity] ?? DiagnosticSeverity.Error,
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message: diagnostic.message,
    data,
  };
  // Editors grey out unused and unreachable code when told so.
  if (diagnostic.code === 'W_UNUSED' || diagnostic.code === 'W_UNREACHABLE') result.tags = [DiagnosticTag.Unnecessary];
  return result;
}

/** Reads back the data of a diagnostic this server published (the client returns it in code actions). */
export function diagnosticData(diagnostic: LspDiagnostic): WhetstoneDiagnosticData | undefined {
  const data = diagnostic.data as Partial<WhetstoneDiagnosticData> | undefined;
  if (!data || typeof data !== 'object' || typeof data.nodeId !== 'string') return undefined;
  return data as WhetstoneDiagnosticData;
}

/**
 * A workspace edit of one document. With documentChanges the edit names the version it was made
 * for, so the client refuses it if the document has moved on instead of applying it at the wrong place.
 */
export function workspaceEditOf(
  uri: string,
  version: number,
  edits: LspTextEdit[],
  documentChanges: boolean,
): WorkspaceEdit {
  return documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
}
