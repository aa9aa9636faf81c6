// Hover: for a name, the core's signature of what it denotes (a function's full signature, a
// variable's or field's type) with its documentation (for a name imported from a module file, the
// comment lines directly above its declaration there, open or not); for an annotation, what the
// annotation type and its strategy mean. What the file or the library file wrote (names, default values,
// annotation names, a library function's description) is Markdown only as escaped text or in a
// fence it cannot close (protocol/display-text.ts): no link, image or command link comes of it.
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver/node';
import { occurrenceAt } from '../core/queries';
import { annotationTypeInfo, type SemanticSymbol } from '../core/semantics';
import type { OpenBuffer } from '../workspace/buffer';
import type { ModuleExportsCache } from '../workspace/module-exports';
import { markdownCode, markdownText } from '../protocol/display-text';
import { offsetOf, toLspRange } from './convert';

export function hover(buffer: OpenBuffer, position: Position, modules?: ModuleExportsCache): Hover | null {
  const document = buffer.document;
  const model = buffer.analysis();
  const occurrence = occurrenceAt(document, model, offsetOf(document, position));
  if (!occurrence) return null;
  const range = toLspRange(occurrence.span);

  if (occurrence.kind === 'annotation') {
    const node = document.nodeById(occurrence.nodeId);
    const info = annotationTypeInfo(occurrence.name);
    if (!info) return { contents: markdown([code(`@${occurrence.name}`), 'Unknown annotation type.']), range };
    const strategy = node?.type === 'Annotation' ? node.strategy : null;
    const chosen = strategy ? info.strategies.find((s) => s.name === strategy) : undefined;
    const parts = [code(`@${info.name}${strategy ? `(${strategy})` : ''}`), info.description];
    if (chosen) parts.push(`**${chosen.name}**: ${chosen.description}`);
    parts.push(`Strategies: ${info.strategies.map((s) => `\`${s.name}\``).join(', ')}`);
    return { contents: markdown(parts), range };
  }

  if (occurrence.builtinType) return { contents: markdown([code(`type ${occurrence.name}`), 'A built-in type.']), range };
  // The core records no symbol for an imported type written in an annotation: it is the import's.
  const symbol = occurrence.symbol ?? (occurrence.kind === 'typeName' ? importedType(model.symbols, occurrence.name) : undefined);
  if (!symbol) return occurrence.kind === 'name' ? memberHover(model.memberSignatureOf(occurrence.nodeId), range, modules) : null;
  const parts = [code(model.signatureOf(symbol))];
  const doc = model.docOf(symbol);
  // A built-in's documentation is ours, written in Markdown; a library's comes from its file.
  if (doc) parts.push(symbol.builtin ? doc : markdownText(doc));
  else if (symbol.module && symbol.exported && modules) {
    const comment = modules.documentationOf(symbol.module, symbol.name, symbol.exported.declNodeId);
    if (comment) parts.push(markdownText(comment));
  }
  return { contents: markdown(parts), range };
}

/** `m.f` of a module bound by `use m;`: its signature, and the comment above its declaration in the module's file. */
function memberHover(member: { module: string; name: string; signature: string } | undefined, range: Hover['range'], modules?: ModuleExportsCache): Hover | null {
  if (!member) return null;
  const comment = modules?.documentationOf(member.module, member.name);
  return { contents: markdown(comment ? [code(member.signature), markdownText(comment)] : [code(member.signature)]), range };
}

function importedType(symbols: readonly SemanticSymbol[], name: string): SemanticSymbol | undefined {
  return symbols.find((symbol) => symbol.kind === 'import' && symbol.name === name && symbol.exported?.kind === 'type');
}

function code(text: string): string {
  return markdownCode(text, 'whetstone');
}

function markdown(parts: string[]): { kind: typeof MarkupKind.Markdown; value: string } {
  return { kind: MarkupKind.Markdown, value: parts.join('\n\n') };
}
