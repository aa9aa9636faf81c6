// Go to definition: the name token of the declaration the name under the cursor resolves to.
import type { Location, Position } from 'vscode-languageserver/node';
import { nameOccurrences, occurrenceAt } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, toLspRange } from './convert';

export function definition(buffer: OpenBuffer, position: Position): Location[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const symbol = occurrenceAt(document, model, offsetOf(document, position))?.symbol;
  // Built-ins are declared nowhere in the buffer.
  if (!symbol?.declNodeId) return [];
  const declaration = nameOccurrences(document, model).find((occurrence) => occurrence.declaration && occurrence.symbol === symbol);
  const node = document.nodeById(symbol.declNodeId);
  const span = declaration?.span ?? node?.span;
  return span ? [{ uri: buffer.uri, range: toLspRange(span) }] : [];
}
