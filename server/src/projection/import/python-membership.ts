// Python's `for x in d` and `x in c` read by the type of what they walk or search, once the whole
// program is imported (the checker needs it whole): a loop over a dict walks its keys, so its
// iterable becomes keys(d); `x in c` became includes(c, x) (and `xs.index(v)` indexOf(xs, v)), which finds an element by Whetstone's
// sameness (lists and records by identity, true is not 1) where Python's `in` uses ==. Where the
// types say the two could differ, that is an error at import.
import { walk, type CallExpression, type Expression, type ForStatement, type Program } from '../../core/ast';
import { analyze, stripOptional, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';

/** What `in`, `xs.index(v)` and `s.find(t)` became. */
const SEARCHES = new Set(['includes', 'indexOf']);

/** Kinds `in` compares by == in Python and by identity or strict sameness in Whetstone. */
const COMPARED_OTHERWISE = new Set(['list', 'map', 'object', 'named', 'bool']);

/** Rewrites loops over dicts to loops over their keys; errors for `in` tests that would find otherwise. */
export function readMembership(program: Program, builder: AstBuilder): ProjectionDiagnostic[] {
  const loops: ForStatement[] = [];
  const tests: CallExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'ForStatement') loops.push(node);
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && SEARCHES.has(node.callee.name) && builder.libraryCallees.has(node.callee.id)) tests.push(node);
  });
  if (loops.length === 0 && tests.length === 0) return [];
  const model = analyze(program);
  const kindOf = (expression: Expression | undefined): Type | undefined => {
    const type = expression ? model.typeOf(expression.id) : undefined;
    return type ? stripOptional(type) : undefined;
  };
  for (const loop of loops) {
    const kind = kindOf(loop.iterable)?.kind;
    if (kind === 'map' || kind === 'object') loop.iterable = builder.call('keys', [loop.iterable], loop.iterable.span);
  }
  const diagnostics: ProjectionDiagnostic[] = [];
  for (const test of tests) {
    const [container, value] = test.arguments as Expression[];
    const containerType = kindOf(container);
    const element = containerType?.kind === 'list' ? stripOptional(containerType.element) : undefined;
    const valueKind = kindOf(value)?.kind;
    const differs = containerType?.kind === 'list' && (COMPARED_OTHERWISE.has(element?.kind ?? '') || COMPARED_OTHERWISE.has(valueKind ?? ''));
    if (!differs) continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        `Not carried into Whetstone: this ${test.callee.type === 'Identifier' && test.callee.name === 'indexOf' ? '.index(…)' : '`in`'} looks for a list, dict or bool in a list; Python compares with == (equal lists, True == 1), Whetstone by identity`,
        test.id,
        test.span,
        { hint: 'Look for a number or a text, or write the comparison as a loop.' },
      ),
    );
  }
  return diagnostics;
}
