// Whether a rename keeps the meaning of the program: every name must denote the same declaration
// after it as before it (the renamed ones the renamed declaration). A new name can break that two
// ways, both by the scope rules: a renamed reference can fall to an inner declaration of the new
// name (it is shadowed), or a name already written elsewhere can start to denote the renamed
// declaration (it is captured; a name that was undefined included). The check compares the
// semantic models of the text before and after the rename, name token by name token, so it knows
// every scope rule the checker knows without restating one. The same renamed model then says
// whether the projected JavaScript and Python would read the names as Whetstone does
// (rename-target-scopes.ts).
import type { Span } from '../ast/ast';
import { nameOccurrences, type NameOccurrence } from '../queries/name-occurrences';
import { analyze } from '../semantics/model';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';
import type { WhetstoneDocument } from '../syntax/document';
import { previewDocument } from './preflight';
import { targetScopeBreak } from './rename-target-scopes';

export interface NameEdit {
  span: Span;
  newText: string;
}

/**
 * Why renaming with `edits` would change what some name means, or undefined when nothing changes:
 * in Whetstone (`meaning`), or only once projected to JavaScript or Python (`projection`).
 */
export type BindingChange = { kind: 'meaning' | 'projection'; detail: string };

/** The refusal's words for a change `bindingChange` found. */
export function bindingChangeReason(what: string, newName: string, change: BindingChange): string {
  return change.kind === 'meaning'
    ? `Renaming ${what} to '${newName}' would change what the code means: ${change.detail}`
    : `Renaming ${what} to '${newName}' would break the projected code: ${change.detail}`;
}

export function bindingChange(document: WhetstoneDocument, model: SemanticModel, edits: readonly NameEdit[], newName: string): BindingChange | undefined {
  if (edits.length === 0) return undefined;
  const preview = previewDocument(
    document,
    edits.map((edit) => ({ startOffset: edit.span.startOffset, endOffset: edit.span.endOffset, newText: edit.newText })),
  );
  try {
    const before = nameOccurrences(document, model);
    const afterModel = analyze(preview, { library: model.library });
    const after = nameOccurrences(preview, afterModel);
    if (before.length !== after.length) return { kind: 'meaning', detail: `renaming to '${newName}' would change how the code around it is read` };
    const renamed = new Set(edits.map((edit) => edit.span.startOffset));
    const keysBefore = declarationKeys(before);
    const keysAfter = declarationKeys(after);
    for (let i = 0; i < before.length; i++) {
      if (keyOf(before[i], keysBefore) === keyOf(after[i], keysAfter)) continue;
      const occurrence = before[i];
      const line = occurrence.span.start.line;
      if (renamed.has(occurrence.span.startOffset)) {
        const other = after[i].symbol?.declNodeId ? ` declared at line ${declarationLine(after, after[i].symbol!) ?? '?'}` : '';
        return { kind: 'meaning', detail: `the use of '${occurrence.name}' at line ${line} would then mean another '${newName}'${other}, which is in scope there` };
      }
      return { kind: 'meaning', detail: `'${occurrence.name}' at line ${line} would then mean the renamed declaration instead of what it means now` };
    }
    const renamedSymbols = new Set<SemanticSymbol>();
    after.forEach((occurrence, index) => {
      if (occurrence.symbol && renamed.has(before[index].span.startOffset)) renamedSymbols.add(occurrence.symbol);
    });
    const broken = targetScopeBreak(preview, afterModel, after, renamedSymbols, newName);
    return broken ? { kind: 'projection', detail: broken } : undefined;
  } finally {
    preview.dispose();
  }
}

/** For each symbol, the index of the occurrence that declares it (what it is called is beside the point). */
function declarationKeys(occurrences: readonly NameOccurrence[]): Map<SemanticSymbol, number> {
  const keys = new Map<SemanticSymbol, number>();
  occurrences.forEach((occurrence, index) => {
    if (occurrence.declaration && occurrence.symbol && !keys.has(occurrence.symbol)) keys.set(occurrence.symbol, index);
  });
  return keys;
}

/** What an occurrence denotes, comparable across the two models: its declaration's place, a built-in, or nothing. */
function keyOf(occurrence: NameOccurrence, keys: ReadonlyMap<SemanticSymbol, number>): string {
  const symbol = occurrence.symbol;
  if (!symbol) return occurrence.builtinType ? `type:${occurrence.name}` : 'none';
  if (symbol.kind === 'builtin') return `builtin:${symbol.name}`;
  const index = keys.get(symbol);
  return index === undefined ? `symbol:${symbol.kind}:${symbol.name}` : `declared:${index}`;
}

function declarationLine(occurrences: readonly NameOccurrence[], symbol: SemanticSymbol): number | undefined {
  return occurrences.find((occurrence) => occurrence.declaration && occurrence.symbol === symbol)?.span.start.line;
}
