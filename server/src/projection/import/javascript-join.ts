// JavaScript's join shows null and undefined as an empty text and a list inside as 1,2; Whetstone's
// join shows its items as str does (null, [1, 2]). Where what the items may be is known
// (javascript-values.ts) to be texts, numbers and bools only, the two agree; any other join is an
// error at import.
import { walk, type CallExpression, type Expression, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { NULLISH, OTHER, type JavaScriptValues } from './javascript-values';

/** Errors for the join calls whose items may be null, undefined, lists, objects or functions. */
export function reportUnknownJoins(program: Program, libraryCallees: ReadonlySet<string>, values: JavaScriptValues): ProjectionDiagnostic[] {
  const joins: CallExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'join' && libraryCallees.has(node.callee.id)) joins.push(node);
  });
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const join of joins) {
    const items = join.arguments[0] as Expression | undefined;
    if (!items || !(values.elementsOf(items) & (OTHER | NULLISH))) continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        "Not carried into Whetstone: join() of items not known to be texts, numbers or bools; JavaScript's join shows null and undefined as an empty text and a list as 1,2, Whetstone's as null and [1, 2]",
        join.id,
        join.span,
        { hint: 'Join a list whose items are texts or numbers (map them to texts first, in a loop).' },
      ),
    );
  }
  return diagnostics;
}
