// Python's sets read as Whetstone maps of their elements to true (`map<any, bool>`): `set()`,
// `set(xs)` and `{a, b}` assigned to a name that is only ever a set in its function, then
// `s.add(x)`, `s.discard(x)`, `s.remove(x)`, `x in s`, `len(s)` and `sorted(s)`. Python walks
// and prints a set in an order of its own (by hash, not by insertion), which a map does not
// keep, so any other use of such a name (a loop over it, print, list(s)) is an error at import.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** How a set is built: `set()`, `set(xs)` or a literal `{a, b}`; undefined for anything else. */
export function setConstruction(node: SyntaxNode | null | undefined): 'empty' | 'from' | 'literal' | undefined {
  if (!node) return undefined;
  if (node.type === 'set') return namedChildren(node).some((element) => element.type === 'list_splat') ? undefined : 'literal';
  if (node.type !== 'call' || field(node, 'function')?.type !== 'identifier' || field(node, 'function')?.text !== 'set') return undefined;
  const args = namedChildren(field(node, 'arguments') ?? node);
  if (args.length === 0) return 'empty';
  return args.length === 1 && !['keyword_argument', 'list_splat', 'dictionary_splat'].includes(args[0].type) ? 'from' : undefined;
}

const NESTED_SCOPES = new Set(['function_definition', 'lambda', 'class_definition']);

/**
 * The names `statements` (a function's body, or the file's) assign only sets to: every
 * assignment of the name there builds one, and it is no parameter (but one of `setParameters`,
 * hinted a set), loop name or `+=` target.
 * Undefined names: when the file defines its own `set`. `builds` says what else counts as the
 * construction (a deque's, python-collections.ts).
 */
export function setNames(statements: readonly SyntaxNode[], parameters: readonly string[], fileDefinesSet: boolean, builds?: (value: SyntaxNode | null | undefined) => boolean, setParameters: ReadonlySet<string> = new Set()): Set<string> {
  const only = new Map<string, boolean>(parameters.map((name) => [name, setParameters.has(name)]));
  const note = (name: string, isSet: boolean): void => void only.set(name, (only.get(name) ?? true) && isSet);
  /** Whether `node` is inside a function, lambda or class nested in the scope (below `top`). */
  const nested = (node: SyntaxNode, top: SyntaxNode): boolean => {
    for (let current = node.parent; current && current.id !== top.parent?.id; current = current.parent) if (NESTED_SCOPES.has(current.type)) return true;
    return false;
  };
  const names = (node: SyntaxNode | null | undefined): SyntaxNode[] => (!node ? [] : node.type === 'identifier' ? [node] : node.descendantsOfType('identifier').filter((id): id is SyntaxNode => id !== null));
  for (const top of statements) {
    for (const node of [top, ...top.descendantsOfType(['assignment', 'augmented_assignment', 'for_statement', 'named_expression', ...NESTED_SCOPES])]) {
      if (!node || (node !== top && !['assignment', 'augmented_assignment', 'for_statement', 'named_expression', ...NESTED_SCOPES].includes(node.type)) || nested(node, top)) continue;
      if (NESTED_SCOPES.has(node.type)) {
        const name = field(node, 'name');
        if (name) note(name.text, false);
        continue;
      }
      const left = field(node, 'left');
      if (node.type === 'assignment' && left?.type === 'identifier') note(left.text, builds ? builds(field(node, 'right')) : !fileDefinesSet && setConstruction(field(node, 'right')) !== undefined);
      // `s[k] = v` and `s.x = v` do not rebind the name (a set's is refused where it is read).
      else if (left?.type !== 'subscript' && left?.type !== 'attribute') for (const id of [...names(left), ...names(field(node, 'name'))]) note(id.text, false);
    }
  }
  return new Set([...only].filter(([, isSet]) => isSet).map(([name]) => name));
}

/** Why a set name used otherwise is not carried, for the error at import. */
export function setUseMessage(name: string): string {
  return `the set '${name}' used other than by add, discard, remove, in, len or sorted: Python walks and prints a set in an order of its own (by hash), which Whetstone's map of its elements (in insertion order) does not keep`;
}

/** Whether a hint is a set (`set[str]`, `Set[int]`, `set`, optional or through an alias): a parameter so hinted holds a set. */
export function isSetHint(node: SyntaxNode | null | undefined, aliases: ReadonlyMap<string, SyntaxNode>, depth = 0): boolean {
  if (!node || depth > 8) return false;
  switch (node.type) {
    case 'type':
      return isSetHint(namedChildren(node)[0], aliases, depth + 1);
    case 'identifier':
      return node.text === 'set' || node.text === 'Set' || isSetHint(aliases.get(node.text), aliases, depth + 1);
    case 'generic_type':
    case 'subscript': {
      const [name, ...args] = namedChildren(node);
      if (name?.text === 'set' || name?.text === 'Set') return true;
      const inner = args.flatMap((arg) => (arg.type === 'type_parameter' ? namedChildren(arg) : [arg]));
      return name?.text === 'Optional' && inner.length === 1 && isSetHint(inner[0], aliases, depth + 1);
    }
    case 'union_type':
    case 'binary_operator': {
      const sides = node.type === 'union_type' ? namedChildren(node).map((side) => (side.type === 'type' ? namedChildren(side)[0] : side)) : [field(node, 'left'), field(node, 'right')];
      return sides.some((side) => side?.type === 'none') && sides.some((side) => side?.type !== 'none' && isSetHint(side, aliases, depth + 1));
    }
    default:
      return false;
  }
}
