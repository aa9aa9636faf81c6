// Document highlight: where the symbol under the cursor is written in its file, each place marked
// as one that gives it a value (its declaration, an assignment to it) or one that reads it. The
// places are those of references (name-occurrences.ts); whether one writes is the semantic
// model's reference kind (`x += 1` writes `x`; a key of an object literal gives its field a value),
// and a field assigned through a value (`p.x = 1`), which the model records as a read of `p.x`,
// is a write of the field here. A module's member (`m.f`) and an imported type written in a type,
// which are no symbol of the file, are the tokens that denote that module's name (module-references.ts).
import type { Span } from '../ast/ast';
import type { SemanticModel } from '../semantics/model';
import type { WhetstoneDocument } from '../syntax/document';
import { moduleNameAt, moduleNameReferences } from './module-references';
import { occurrenceAt, occurrencesOf } from './name-occurrences';

export interface DocumentHighlight {
  readonly span: Span;
  /** A declaration or an assignment; otherwise a read (a type name in an annotation included). */
  readonly write: boolean;
}

/** The symbol's places in the file, in source order; undefined when the cursor is on no resolved name. */
export function documentHighlightsAt(document: WhetstoneDocument, model: SemanticModel, offset: number): DocumentHighlight[] | undefined {
  const symbol = occurrenceAt(document, model, offset)?.symbol;
  if (!symbol) return importedNameHighlights(document, model, offset);
  const writes = new Set<string>();
  for (const reference of model.referenceDetailsOf(symbol)) {
    if (reference.kind === 'declaration' || reference.kind === 'write' || reference.kind === 'readwrite') writes.add(reference.nodeId);
  }
  return occurrencesOf(document, model, symbol).map((occurrence) => ({
    span: occurrence.span,
    write: occurrence.declaration || (occurrence.kind === 'name' && (writes.has(occurrence.nodeId) || isAssigned(document, occurrence.nodeId))),
  }));
}

/** The tokens denoting the module's name at `offset`, all reads (it is declared in another file); undefined for none. */
function importedNameHighlights(document: WhetstoneDocument, model: SemanticModel, offset: number): DocumentHighlight[] | undefined {
  const target = moduleNameAt(document, model, offset);
  if (!target || target.module === '') return undefined;
  const group = moduleNameReferences(document, model).find((candidate) => candidate.module === target.module && candidate.name === target.name);
  return group?.tokens.map((token) => ({ span: token.span, write: false }));
}

/** Whether the node is what an assignment statement assigns to. */
function isAssigned(document: WhetstoneDocument, nodeId: string): boolean {
  const parent = document.parentOf(nodeId);
  if (parent?.type === 'MultipleAssignment') return parent.targets.some((target) => target.id === nodeId);
  return parent?.type === 'AssignmentStatement' && parent.target.id === nodeId;
}
