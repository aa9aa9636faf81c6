// JavaScript's find gives undefined where no element passes, Whetstone's null; the import carries
// find only compared with undefined, where the two ask the same, unless the list may hold null or
// undefined itself: such an element found compares as nothing found in Whetstone.
import { walk, type CallExpression, type Expression, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { NULLISH, type JavaScriptValues } from './javascript-values';

/** Errors for the find calls whose list may hold null or undefined. */
export function reportNullableFinds(program: Program, libraryCallees: ReadonlySet<string>, values: JavaScriptValues): ProjectionDiagnostic[] {
  const finds: CallExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'find' && libraryCallees.has(node.callee.id)) finds.push(node);
  });
  return finds
    .filter((find) => {
      const list = find.arguments[0] as Expression | undefined;
      return !list || (values.elementsOf(list) & NULLISH) !== 0;
    })
    .map((find) =>
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        "Not carried into Whetstone: find() in a list that may hold null or undefined; JavaScript's find tells such an element found from none found (undefined), Whetstone's gives null for both",
        find.id,
        find.span,
        { hint: 'Find the index instead (a loop that stops at the first that passes), or keep null out of the list.' },
      ),
    );
}
