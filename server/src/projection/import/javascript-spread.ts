// `[...xs]` and `[a, ...xs]` import as slice and concat, which take a list whole; a spread walks
// a text by its characters (and any other iterable by its own rules). Where what a spread value
// may be (javascript-values.ts) is not only lists, that is an error at import.
import type { Expression } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { OBJECT, PERCENT, TEXT, type JavaScriptValues } from './javascript-values';

/** The values spread into a list literal, per import. */
const spreads = new WeakMap<AstBuilder, Expression[]>();

/** Records that `value` was spread into a list literal. */
export function markSpread(builder: AstBuilder, value: Expression): void {
  spreads.set(builder, [...(spreads.get(builder) ?? []), value]);
}

/** Errors for the spread values that may be texts or objects. */
export function reportTextSpreads(builder: AstBuilder, values: JavaScriptValues): ProjectionDiagnostic[] {
  return (spreads.get(builder) ?? [])
    .filter((value) => (values.valueOf(value) & (TEXT | PERCENT | OBJECT)) !== 0)
    .map((value) =>
      projectionDiagnostic('W_UNSUPPORTED', 'error', 'Not carried into Whetstone: a spread (...) of a value not known to be a list; a spread walks a text by its characters, where slice and concat take it whole', value.id, value.span, {
        hint: 'Spread a list (give the value a type, or build it as one), or walk the text with a for loop.',
      }),
    );
}
