// Python's `==` and `!=` compare lists, dicts and records by value (`[1, 2] == [1, 2]` is True),
// where Whetstone's compare them by identity (the same list). Once the whole program is imported
// (the checker types it whole), each Python `==` or `!=` with a side that may be such a value, or
// whose type is not known, becomes the built-in `pyEquals`, Python's == in every target; between
// numbers, texts, bools and None it stays Whetstone's own `==`, which is Python's there.
import { indexTree, walk, type BinaryExpression, type Expression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional, type SemanticModel } from '../../core/semantics';
import type { AstBuilder } from './ast-builder';

/** Kinds Python compares by value and Whetstone by identity, and `any` (not known). */
const COMPARED_BY_VALUE = new Set(['list', 'map', 'object', 'named', 'any']);

/** The `==` / `!=` nodes made from Python's, per import. */
const equalities = new WeakMap<AstBuilder, Set<string>>();

/** Records that `comparison` is Python's `==` or `!=` (not `is`). */
export function markEquality(builder: AstBuilder, comparison: BinaryExpression): void {
  equalities.set(builder, (equalities.get(builder) ?? new Set<string>()).add(comparison.id));
}

/** Makes each marked comparison whose sides may be compared by value `pyEquals(a, b)` (`!pyEquals(a, b)` for `!=`). */
export function carryEqualities(program: Program, builder: AstBuilder): void {
  const ids = equalities.get(builder);
  if (!ids || ids.size === 0) return;
  const model = analyze(program);
  const index = indexTree(program);
  const found: BinaryExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'BinaryExpression' && ids.has(node.id) && (byValue(model, node.left) || byValue(model, node.right))) found.push(node);
  });
  for (const comparison of found) {
    const parent = index.parent(comparison.id);
    if (!parent) continue;
    const call = builder.call('pyEquals', [comparison.left, comparison.right], comparison.span);
    const replacement = comparison.operator === '==' ? call : builder.make('UnaryExpression', comparison.span, { operator: '!', operand: call });
    replaceChild(parent, comparison, replacement);
  }
}

function byValue(model: SemanticModel, side: Expression): boolean {
  const type = model.typeOf(side.id);
  return !type || COMPARED_BY_VALUE.has(stripOptional(type).kind);
}

/** Puts `replacement` where `child` is in `parent` (a field, or an element of a list field). */
function replaceChild(parent: Node, child: Node, replacement: Node): void {
  const fields = parent as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value === child) fields[key] = replacement;
    else if (Array.isArray(value)) {
      const at = value.indexOf(child);
      if (at >= 0) value[at] = replacement;
    }
  }
}
