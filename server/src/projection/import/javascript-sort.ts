// JavaScript's sort without a comparison orders the elements as texts ([10, 9, 1] becomes
// [1, 10, 9]); Whetstone's orders numbers by value. Once the whole program is imported, the
// checker's types say which lists are lists of strings (with what list-elements.ts follows), where
// the two agree; any other such sort is an error at import.
import { indexTree, walk, type CallExpression, type Program } from '../../core/ast';
import { analyze, stripOptional } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import { elementType } from './list-elements';

/** Errors for the sort() calls without a comparison whose list is not known to hold strings. */
export function reportTextualSorts(program: Program, libraryCallees: ReadonlySet<string>): ProjectionDiagnostic[] {
  const sorts: CallExpression[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || node.arguments.length !== 1 || node.callee.type !== 'Identifier' || !libraryCallees.has(node.callee.id)) return;
    if (node.callee.name === 'sort' || node.callee.name === 'sorted') sorts.push(node);
  });
  if (sorts.length === 0) return [];
  const model = analyze(program);
  const nodes = indexTree(program);
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const sort of sorts) {
    const type = model.typeOf(sort.arguments[0].id);
    const list = type ? stripOptional(type) : undefined;
    if (list?.kind === 'list' && stripOptional(list.element).kind === 'string') continue;
    if (elementType(model, nodes, sort.arguments[0], libraryCallees)?.kind === 'string') continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        "Not carried into Whetstone: sort() without a comparison on a list not known to hold strings; JavaScript orders the elements as texts (10 before 9), Whetstone's sort numbers by value",
        sort.id,
        sort.span,
        { hint: 'Pass the comparison: (a, b) => a - b for numbers.' },
      ),
    );
  }
  return diagnostics;
}
