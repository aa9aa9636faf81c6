// Find references: every place the symbol under the cursor is written, its declaration included
// when the client asks for it.
import type { Location, Position } from 'vscode-languageserver/node';
import { occurrenceAt, occurrencesOf } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, toLspRange } from './convert';

export function references(buffer: OpenBuffer, position: Position, includeDeclaration: boolean): Location[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const symbol = occurrenceAt(document, model, offsetOf(document, position))?.symbol;
  if (!symbol) return [];
  return occurrencesOf(document, model, symbol)
    .filter((occurrence) => includeDeclaration || !occurrence.declaration)
    .map((occurrence) => ({ uri: buffer.uri, range: toLspRange(occurrence.span) }));
}
