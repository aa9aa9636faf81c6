// The annotation suggestion engine (docs/AGENT-ENDPOINT.md "Feedback and suggestions"): runs every
// rule (one file each) over the AST and the semantic model, each suggestion saying why. Suggestions
// for an annotation a node already carries are left out, as are repeats of the same annotation, and
// every suggestion inside a top-level item with an error: what the code means there is not settled.
import type { Program } from '../ast/ast';
import type { Diagnostic } from '../ast/diagnostics';
import type { LibraryIndex } from '../semantics/library';
import type { SemanticModel } from '../semantics/model';
import { SuggestContext } from './context';
import { foldSuggestions } from './fold-rule';
import { hoistSuggestions } from './hoist-rule';
import { memoizeSuggestions } from './memoize-rule';
import { pureFunctionSuggestions } from './pure-rule';
import { Purity } from './purity';
import { taintSuggestions } from './taint-rule';
import type { Suggestion } from './types';

/**
 * Every suggestion for the program, in source order of the nodes they annotate. `syntaxDiagnostics`
 * are the document's own (the model holds the semantic ones): an item with any error gets none.
 */
export function suggestAnnotations(program: Program, model: SemanticModel, library?: LibraryIndex, syntaxDiagnostics: readonly Diagnostic[] = []): Suggestion[] {
  const ctx = new SuggestContext(program, model, library);
  const purity = new Purity(ctx);
  const all = [
    ...memoizeSuggestions(ctx, purity),
    ...hoistSuggestions(ctx, purity),
    ...taintSuggestions(ctx),
    ...pureFunctionSuggestions(ctx, purity),
    ...foldSuggestions(ctx),
  ];
  const broken = itemsWithErrors(program, [...syntaxDiagnostics, ...model.diagnostics]);
  const seen = new Set<string>();
  const unique = all.filter((suggestion) => {
    if (broken.length > 0 && insideAny(model.nodeById(suggestion.nodeId)?.span.startOffset, broken)) return false;
    const key = `${suggestion.nodeId}|${suggestion.annotationType}|${suggestion.strategy}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const offset = (id: string): number => model.nodeById(id)?.span.startOffset ?? 0;
  return unique.sort((a, b) => offset(a.nodeId) - offset(b.nodeId) || b.confidence - a.confidence);
}

/** The spans of the top-level items that hold an error diagnostic. */
function itemsWithErrors(program: Program, diagnostics: readonly Diagnostic[]): { start: number; end: number }[] {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return [];
  return program.children
    .map((item) => ({ start: item.span.startOffset, end: item.span.endOffset }))
    .filter((item) => errors.some((d) => d.span.startOffset < item.end && d.span.endOffset >= item.start));
}

function insideAny(offset: number | undefined, spans: readonly { start: number; end: number }[]): boolean {
  return offset !== undefined && spans.some((span) => offset >= span.start && offset < span.end);
}
