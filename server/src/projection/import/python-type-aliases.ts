// Python's type aliases: `Graph = dict[str, list[str]]` (or `Graph: TypeAlias = …`) at the top
// level of a file names a type, and typed code uses the name in its hints. Whetstone has no alias
// form, so each hint naming the alias is read as the type it stands for, and the assignment itself
// is not carried. Only where that is all the name does: assigned once, at the top level, a type
// expression on the right (a generic of the typing tables or `T | None`), and every other mention
// inside a hint. A name used as a value too (`Graph()`, `isinstance(g, Graph)`) stays an
// assignment, and is reported where it is read as one.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** The generics a right-hand side may name to be read as a type. */
const GENERICS = new Set(['list', 'List', 'dict', 'Dict', 'set', 'Set', 'tuple', 'Tuple', 'Optional', 'Sequence', 'Mapping', 'Iterable', 'Counter', 'deque', 'defaultdict']);

/** The file's type aliases: each name with the type expression it stands for. */
export function typeAliases(root: SyntaxNode, topLevel: readonly SyntaxNode[]): Map<string, SyntaxNode> {
  const candidates = new Map<string, { value: SyntaxNode; statement: SyntaxNode }>();
  const assigned = new Map<string, number>();
  for (const node of root.descendantsOfType('assignment')) {
    const left = node && field(node, 'left');
    if (left?.type === 'identifier') assigned.set(left.text, (assigned.get(left.text) ?? 0) + 1);
  }
  for (const statement of topLevel) {
    const assignment = statement.type === 'expression_statement' ? namedChildren(statement)[0] : undefined;
    if (assignment?.type !== 'assignment') continue;
    const left = field(assignment, 'left');
    const value = field(assignment, 'right');
    const hint = field(assignment, 'type');
    if (left?.type !== 'identifier' || !value || (hint && hint.text !== 'TypeAlias')) continue;
    if (assigned.get(left.text) !== 1 || !isTypeExpression(value)) continue;
    candidates.set(left.text, { value, statement });
  }
  const aliases = new Map<string, SyntaxNode>();
  if (candidates.size === 0) return aliases;
  const usedOtherwise = new Set<string>();
  for (const name of root.descendantsOfType('identifier')) {
    if (!name || !candidates.has(name.text)) continue;
    const own = candidates.get(name.text)!;
    if (field(own.value.parent!, 'left')?.id === name.id) continue;
    const inAliasValue = [...candidates.values()].some(({ value }) => value.startIndex <= name.startIndex && name.endIndex <= value.endIndex);
    if (!inAliasValue && !insideHint(name)) usedOtherwise.add(name.text);
  }
  for (const [name, { value }] of candidates) if (!usedOtherwise.has(name)) aliases.set(name, value);
  return aliases;
}

/** Whether a top-level statement is the assignment of one of `aliases`. */
export function isAliasAssignment(statement: SyntaxNode, aliases: ReadonlyMap<string, SyntaxNode>): boolean {
  if (statement.type !== 'expression_statement') return false;
  const assignment = namedChildren(statement)[0];
  const left = assignment?.type === 'assignment' ? field(assignment, 'left') : undefined;
  return left !== undefined && left !== null && aliases.get(left.text)?.id === field(assignment!, 'right')?.id;
}

function isTypeExpression(node: SyntaxNode): boolean {
  switch (node.type) {
    case 'subscript':
    case 'generic_type':
      return GENERICS.has(namedChildren(node)[0]?.text ?? '');
    case 'binary_operator':
      // `int | None`, `Node | None`: a union written with `|`.
      return node.children.some((child) => child?.type === '|') && [field(node, 'left'), field(node, 'right')].every((side) => side && (side.type === 'none' || side.type === 'identifier' || isTypeExpression(side)));
    default:
      return false;
  }
}

/** Whether an identifier sits in a hint: a parameter's, a return's or an annotated assignment's type. */
function insideHint(node: SyntaxNode): boolean {
  for (let at: SyntaxNode | null = node.parent; at; at = at.parent) {
    if (at.type === 'type') return true;
    if (at.type === 'expression_statement' || at.type === 'function_definition' || at.type === 'block' || at.type === 'module') return false;
  }
  return false;
}
