// semantic(pure): a function the purity analysis proves free of side effects. Worth saying
// because generators and agents may then cache, reorder or parallelise its calls.
import type { FunctionDeclaration } from '../ast/ast';
import type { SuggestContext } from './context';
import type { Purity } from './purity';
import type { Suggestion } from './types';

export function pureFunctionSuggestions(ctx: SuggestContext, purity: Purity): Suggestion[] {
  const out: Suggestion[] = [];
  for (const fn of ctx.program.children) {
    if (fn.type !== 'FunctionDeclaration' || ctx.hasAnnotation(fn, 'semantic')) continue;
    const verdict = purity.of(fn);
    // A pure function that returns nothing does nothing: not worth an annotation.
    if (!verdict.pure || !returnsValue(ctx, fn)) continue;
    const calls = verdict.callees.length > 0 ? `calls only pure functions (${verdict.callees.join(', ')})` : 'calls no other function';
    out.push({
      nodeId: fn.id,
      annotationType: 'semantic',
      strategy: 'pure',
      reason: `${fn.name} changes nothing outside itself, prints nothing, reads no outer variable and ${calls}: its result depends only on its arguments`,
      confidence: 0.85,
    });
  }
  return out;
}

function returnsValue(ctx: SuggestContext, fn: FunctionDeclaration): boolean {
  return ctx.within(fn.body, ['ReturnStatement']).some((statement) => statement.value !== null);
}
