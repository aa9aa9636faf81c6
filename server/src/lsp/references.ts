// Find references: every place the symbol under the cursor is written, its declaration included
// when the client asks for it. A top-level name other files can import (declared here, imported,
// or `m.x`) is looked for in every file of the workspace, open or not (workspace/name-references.ts);
// any other name in its buffer only. A field of a type declared at the top level of a file is
// looked for in that file and every file importing from it (workspace/field-references.ts).
import type { Location, Position } from 'vscode-languageserver/node';
import { occurrenceAt, occurrencesOf } from '../core/queries';
import type { OpenBuffer } from '../workspace/buffer';
import { fieldReferencesOf, fieldSymbolAt } from '../workspace/field-references';
import type { FileIndex } from '../workspace/file-index';
import type { ModuleExportsCache } from '../workspace/module-exports';
import { nameTargetAt, referencesTo, tokenRanges } from '../workspace/name-references';
import { offsetOf, toLspRange } from './convert';
import { summaryRange } from './summary-range';

export function references(buffer: OpenBuffer, position: Position, includeDeclaration: boolean, index?: FileIndex, modules?: ModuleExportsCache): Location[] {
  const document = buffer.document;
  const offset = offsetOf(document, position);
  const target = index ? nameTargetAt(index, buffer, offset) : undefined;
  if (index && target) {
    const locations: Location[] = includeDeclaration ? [{ uri: target.file.uri, range: summaryRange(target.declaration.nameSpan) }] : [];
    for (const group of referencesTo(index, target)) {
      for (const range of tokenRanges(group.tokens, target.name.length)) locations.push({ uri: group.file.uri, range: summaryRange(range) });
    }
    return locations;
  }
  const field = index && modules ? fieldSymbolAt(index, buffer, offset) : undefined;
  const found = field && index && modules ? fieldReferencesOf(index, modules, field) : undefined;
  if (field?.field && found) {
    const length = field.field.name.length;
    const uses = found.references.map((place) => ({ uri: place.uri, range: { start: { line: place.line - 1, character: place.column }, end: { line: place.line - 1, character: place.column + length } } }));
    return includeDeclaration ? [{ uri: field.file.uri, range: summaryRange(field.field.nameSpan) }, ...uses] : uses;
  }
  const model = buffer.analysis();
  const symbol = occurrenceAt(document, model, offset)?.symbol;
  if (!symbol) return [];
  return occurrencesOf(document, model, symbol)
    .filter((occurrence) => includeDeclaration || !occurrence.declaration)
    .map((occurrence) => ({ uri: buffer.uri, range: toLspRange(occurrence.span) }));
}
