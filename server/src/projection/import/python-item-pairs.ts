// Python's `list(d.items())` and `sorted(d.items())` are lists of the dict's (key, value) pairs; the
// import makes them `map(keys(d), fn(k) => [k, d[k]])` (sorted: of `sorted(keys(d))`). Once the
// whole program is imported, the checker's type of `d` says whether it is a dict: of a map or a
// record the pair's key takes the key type; of anything else (a list, a value of no known type)
// it is an error at import, since Python's items() is a dict's alone.
import type { CallExpression, Expression, Program } from '../../core/ast';
import { analyze, stripOptional, STRING, typeToString } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { isKnownType } from './python-call-site-types';

/** The map calls made of `d.items()`, per import. */
const itemPairs = new WeakMap<AstBuilder, CallExpression[]>();

/** Records that `call` is `map(keys(d), fn(k) => [k, d[k]])` made of `d.items()`. */
export function markItemPairs(builder: AstBuilder, call: CallExpression): void {
  itemPairs.set(builder, [...(itemPairs.get(builder) ?? []), call]);
}

export function isItemPairs(builder: AstBuilder, call: CallExpression): boolean {
  return itemPairs.get(builder)?.includes(call) ?? false;
}

/** Types each pair's key by the dict's key type; an error where what `.items()` is called on is not known to be a dict. */
export function typeItemPairs(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const calls = itemPairs.get(builder) ?? [];
  if (calls.length === 0) return [];
  const model = analyze(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const call of calls) {
    const lambda = call.arguments[1];
    const body = lambda?.type === 'Lambda' && lambda.body.type === 'ArrayLiteral' ? lambda.body : undefined;
    const read = body?.elements[1];
    const dict = read?.type === 'IndexExpression' ? (read.object as Expression) : undefined;
    const found = dict ? model.typeOf(dict.id) : undefined;
    const type = found ? stripOptional(found) : undefined;
    if (type?.kind === 'map' || type?.kind === 'object' || type?.kind === 'named') {
      const key = type.kind === 'map' ? type.key : STRING;
      if (lambda?.type === 'Lambda' && isKnownType(key)) lambda.parameters[0].paramType = typeToString(key);
      continue;
    }
    diagnostics.push(
      projectionDiagnostic('W_UNSUPPORTED', 'error', "Not carried into Whetstone: .items() of a value not known at import to be a dict: Python's items() gives a dict's (key, value) pairs, and the type here does not say it is one", call.id, call.span, {
        hint: 'Give the dict a type hint (dict[str, int]).',
      }),
    );
  }
  return diagnostics;
}
