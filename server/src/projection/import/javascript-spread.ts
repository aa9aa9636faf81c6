// `[...xs]` and `[a, ...xs]` import as slice and concat, and `xs.concat(ys)` as concat, which take
// a list whole; a spread walks a text by its characters (and any other iterable by its own rules),
// and a text's own concat joins texts. Where what such a value may be (javascript-values.ts) is
// not only lists, that is an error at import.
import type { Expression } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { OBJECT, PERCENT, TEXT, type JavaScriptValues } from './javascript-values';

/** How each value is taken as a list: spread into a list literal, or the receiver of concat. */
type TakenAs = 'spread' | 'concat';

/** The values taken whole as lists, per import. */
const taken = new WeakMap<AstBuilder, { value: Expression; as: TakenAs }[]>();

/** Records that `value` is taken whole as a list (`as`: spread into a list literal, or the receiver of concat). */
export function markTakenAsList(builder: AstBuilder, value: Expression, as: TakenAs): void {
  let values = taken.get(builder);
  if (!values) taken.set(builder, (values = []));
  values.push({ value, as });
}

const WHY: Record<TakenAs, { message: string; hint: string }> = {
  spread: {
    message: 'a spread (...) of a value not known to be a list; a spread walks a text by its characters, where slice and concat take it whole',
    hint: 'Spread a list (give the value a type, or build it as one), or walk the text with a for loop.',
  },
  concat: {
    message: "concat(…) of a value not known to be a list; a text's concat joins texts, where Whetstone's concat makes a list",
    hint: 'Join texts with +, or give the value a type (a list) so its concat is a list concat.',
  },
};

/** Errors for the values taken as lists that may be texts or objects. */
export function reportTextsTakenAsLists(builder: AstBuilder, values: JavaScriptValues): ProjectionDiagnostic[] {
  return (taken.get(builder) ?? [])
    .filter(({ value }) => (values.valueOf(value) & (TEXT | PERCENT | OBJECT)) !== 0)
    .map(({ value, as }) => projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${WHY[as].message}`, value.id, value.span, { hint: WHY[as].hint }));
}
