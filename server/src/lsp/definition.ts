// Go to definition: the name token of the declaration the name under the cursor resolves to.
// An imported name goes to its declaration in the module's file, open or not; so do a module's
// member (`m.f`) and a type name written in a type, which the index's name search knows (they are
// no symbol of the buffer's model). On the module path of a `use`, the module's file.
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver/node';
import { nameOccurrences, occurrenceAt, usePathAt } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import type { FileIndex } from '../workspace/file-index';
import type { ModuleExportsCache } from '../workspace/module-exports';
import { nameTargetAt } from '../workspace/name-references';
import { offsetOf, toLspRange } from './convert';
import { summaryRange } from './summary-range';

export function definition(buffer: OpenBuffer, position: Position, modules?: ModuleExportsCache, index?: FileIndex): Location[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const offset = offsetOf(document, position);
  const symbol = occurrenceAt(document, model, offset)?.symbol;
  if (symbol?.module && symbol.exported && modules) {
    const found = modules.declarationOf(symbol.module, symbol.name, symbol.exported.declNodeId);
    if (found) return [{ uri: found.buffer?.uri ?? pathToFileURL(found.path).href, range: toLspRange(found.span) }];
  }
  if (!symbol?.declNodeId) return index ? elsewhere(buffer, offset, index) : [];
  const declaration = nameOccurrences(document, model).find((occurrence) => occurrence.declaration && occurrence.symbol === symbol);
  const node = document.nodeById(symbol.declNodeId);
  const span = declaration?.span ?? node?.span;
  return span ? [{ uri: buffer.uri, range: toLspRange(span) }] : [];
}

/** A name the buffer's model does not declare (built-ins are declared nowhere): a module's member or type, or a `use`'s module. */
function elsewhere(buffer: OpenBuffer, offset: number, index: FileIndex): Location[] {
  const target = nameTargetAt(index, buffer, offset);
  if (target) return [{ uri: target.file.uri, range: summaryRange(target.declaration.nameSpan) }];
  const modulePath = usePathAt(buffer.document, offset);
  const file = modulePath === undefined ? undefined : index.pathOfModule(modulePath);
  return file ? [{ uri: pathToFileURL(file).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }] : [];
}
