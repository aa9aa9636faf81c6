// The annotation suggestion engine (docs/AGENT-ENDPOINT.md "Feedback and suggestions"): runs every
// rule (one file each) over the AST and the semantic model, each suggestion saying why. Suggestions
// for an annotation a node already carries are left out, as are repeats of the same annotation.
import type { Program } from '../ast/ast';
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

/** Every suggestion for the program, in source order of the nodes they annotate. */
export function suggestAnnotations(program: Program, model: SemanticModel, library?: LibraryIndex): Suggestion[] {
  const ctx = new SuggestContext(program, model, library);
  const purity = new Purity(ctx);
  const all = [
    ...memoizeSuggestions(ctx, purity),
    ...hoistSuggestions(ctx, purity),
    ...taintSuggestions(ctx),
    ...pureFunctionSuggestions(ctx, purity),
    ...foldSuggestions(ctx),
  ];
  const seen = new Set<string>();
  const unique = all.filter((suggestion) => {
    const key = `${suggestion.nodeId}|${suggestion.annotationType}|${suggestion.strategy}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const offset = (id: string): number => model.nodeById(id)?.span.startOffset ?? 0;
  return unique.sort((a, b) => offset(a.nodeId) - offset(b.nodeId) || b.confidence - a.confidence);
}
