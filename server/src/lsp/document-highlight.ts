// Document highlight: the places in the file of the symbol under the cursor, the core's answer
// with Write for a declaration or an assignment and Read for the rest.
import { DocumentHighlightKind, type DocumentHighlight, type Position } from 'vscode-languageserver/node';
import { documentHighlightsAt } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, toLspRange } from './convert';

export function documentHighlights(buffer: OpenBuffer, position: Position): DocumentHighlight[] {
  const document = buffer.document;
  const highlights = documentHighlightsAt(document, buffer.analysis(), offsetOf(document, position)) ?? [];
  return highlights.map((highlight) => ({ range: toLspRange(highlight.span), kind: highlight.write ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
}
