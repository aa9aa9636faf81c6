// Python's `x.count(v)` counts a text's occurrences of a text and a list's elements equal to v. The
// import reads it as countOf, the text's; once the whole program is imported, a count of what the
// checker types as a list becomes countItems, which python-membership.ts then judges as it judges
// `in` (Python compares the elements with ==, Whetstone by sameness).
import { walk, type CallExpression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional } from '../../core/semantics';
import type { AstBuilder } from './ast-builder';

/** Renames the countOf calls of `program` whose first argument the checker types as a list to countItems. */
export function retypeListCounts(program: Program, builder: AstBuilder): void {
  const counts: CallExpression[] = [];
  walk(program, (node: Node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'countOf' && builder.libraryCallees.has(node.callee.id)) counts.push(node);
  });
  if (counts.length === 0) return;
  const model = analyze(program);
  for (const call of counts) {
    const type = call.arguments[0] ? model.typeOf(call.arguments[0].id) : undefined;
    if (type && stripOptional(type).kind === 'list' && call.callee.type === 'Identifier') call.callee.name = 'countItems';
  }
}
