// Go to definition: the name token of the declaration the name under the cursor resolves to.
// An imported name goes to its declaration in the module's file, open or not.
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver/node';
import { nameOccurrences, occurrenceAt } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import type { ModuleExportsCache } from '../workspace/module-exports';
import { offsetOf, toLspRange } from './convert';

export function definition(buffer: OpenBuffer, position: Position, modules?: ModuleExportsCache): Location[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const symbol = occurrenceAt(document, model, offsetOf(document, position))?.symbol;
  if (symbol?.module && symbol.exported && modules) {
    const found = modules.declarationOf(symbol.module, symbol.name, symbol.exported.declNodeId);
    if (found) return [{ uri: found.buffer?.uri ?? pathToFileURL(found.path).href, range: toLspRange(found.span) }];
  }
  // Built-ins are declared nowhere in the buffer.
  if (!symbol?.declNodeId) return [];
  const declaration = nameOccurrences(document, model).find((occurrence) => occurrence.declaration && occurrence.symbol === symbol);
  const node = document.nodeById(symbol.declNodeId);
  const span = declaration?.span ?? node?.span;
  return span ? [{ uri: buffer.uri, range: toLspRange(span) }] : [];
}
