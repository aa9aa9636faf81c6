// Python operators whose meaning on lists Whetstone's operators do not have, read by the types of
// their sides once the whole program is imported (the checker types it whole). `==` and `!=`
// compare lists, dicts and records by value (`[1, 2] == [1, 2]` is True), where Whetstone's compare
// them by identity (the same list): each with a side that may be such a value, or whose type is
// not known, becomes the built-in `pyEquals`, Python's == in every target; between numbers, texts,
// bools and None it stays Whetstone's own `==`, which is Python's there. `a + b` of two lists is a
// new list of both (`concat`), where Whetstone's `+` adds numbers and joins texts only. `s * n` of a
// text and a number repeats the text (`repeatText`, a count below zero giving "" as in Python),
// where Whetstone's `*` multiplies numbers only.
import { indexTree, walk, type BinaryExpression, type Expression, type Node, type Program } from '../../core/ast';
import { analyze, stripOptional, type SemanticModel } from '../../core/semantics';
import type { AstBuilder } from './ast-builder';

/** Kinds Python compares by value and Whetstone by identity, and `any` (not known). */
const COMPARED_BY_VALUE = new Set(['list', 'map', 'object', 'named', 'any']);

/** The `==`, `!=` and `+` nodes made from Python's, per import. */
const equalities = new WeakMap<AstBuilder, Set<string>>();

/** Records that `comparison` is Python's `==`, `!=` (not `is`), `+` or `*`. */
export function markEquality(builder: AstBuilder, comparison: BinaryExpression): void {
  equalities.set(builder, (equalities.get(builder) ?? new Set<string>()).add(comparison.id));
}

/** Makes each marked comparison whose sides may be compared by value `pyEquals(a, b)` (`!pyEquals(a, b)` for `!=`). */
export function carryEqualities(program: Program, builder: AstBuilder, instances: ReadonlySet<string> = new Set()): void {
  const ids = equalities.get(builder);
  if (!ids || ids.size === 0) return;
  // `a + b + c`: the outer `+` is a list's only once the inner one is concat, so typed again after each round.
  let model = analyze(program);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const typed = model;
    const sums = marked(program, ids, (node) => node.operator === '+' && isList(typed, node.left) && isList(typed, node.right));
    if (sums.length === 0) break;
    replaceAll(program, sums, (sum) => builder.call('concat', [sum.left, sum.right], sum.span));
    model = analyze(program);
  }
  const typed = model;
  const isText = (side: Expression): boolean => kindOf(typed, side) === 'string';
  const isNumber = (side: Expression): boolean => kindOf(typed, side) === 'number';
  const repetitions = marked(program, ids, (node) => node.operator === '*' && ((isText(node.left) && isNumber(node.right)) || (isNumber(node.left) && isText(node.right))));
  replaceAll(program, repetitions, (product) => {
    const [text, count] = isText(product.left) ? [product.left, product.right] : [product.right, product.left];
    return builder.call('repeatText', [text, wholeCount(count) ? count : builder.call('max', [count, builder.literal(0, count.span)], count.span)], product.span);
  });
  // Instances of the file's classes (which define no __eq__) compare by identity in Python, as records do in Whetstone.
  const identities = (node: BinaryExpression): boolean => [node.left, node.right].every((side) => isInstanceOrNone(typed, side, instances));
  const comparisons = marked(program, ids, (node) => node.operator !== '+' && node.operator !== '*' && (byValue(typed, node.left) || byValue(typed, node.right)) && !identities(node));
  replaceAll(program, comparisons, (comparison) => {
    const call = builder.call('pyEquals', [comparison.left, comparison.right], comparison.span);
    return comparison.operator === '==' ? call : builder.make('UnaryExpression', comparison.span, { operator: '!', operand: call });
  });
}

/** Rounds of `+` made concat, at most (each round one level of a + b + c …). */
const MAX_ROUNDS = 16;

function marked(program: Program, ids: ReadonlySet<string>, wanted: (node: BinaryExpression) => boolean): BinaryExpression[] {
  const found: BinaryExpression[] = [];
  walk(program, (node) => {
    if (node.type === 'BinaryExpression' && ids.has(node.id) && wanted(node)) found.push(node);
  });
  return found;
}

function replaceAll(program: Program, nodes: readonly BinaryExpression[], make: (node: BinaryExpression) => Node): void {
  const index = indexTree(program);
  // Inner ones first (the walk met them after their parents), so an outer one takes the new inner node.
  for (const node of [...nodes].reverse()) {
    const parent = index.parent(node.id);
    if (parent) replaceChild(parent, node, make(node));
  }
}

function kindOf(model: SemanticModel, side: Expression): string | undefined {
  const type = model.typeOf(side.id);
  return type && stripOptional(type).kind;
}

/** A count that needs no `max(…, 0)`: a whole-number literal from 0 up, or a length. */
function wholeCount(count: Expression): boolean {
  if (count.type === 'Literal') return typeof count.value === 'number' && Number.isInteger(count.value) && count.value >= 0;
  return count.type === 'CallExpression' && count.callee.type === 'Identifier' && count.callee.name === 'len';
}

function isList(model: SemanticModel, side: Expression): boolean {
  const type = model.typeOf(side.id);
  return type !== undefined && stripOptional(type).kind === 'list';
}

function isInstanceOrNone(model: SemanticModel, side: Expression, instances: ReadonlySet<string>): boolean {
  const type = model.typeOf(side.id);
  const inner = type && stripOptional(type);
  return inner?.kind === 'null' || (inner?.kind === 'named' && instances.has(inner.name));
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
