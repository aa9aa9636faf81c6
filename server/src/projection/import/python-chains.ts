// `a = b = v` in Python evaluates v once, then assigns the targets left to right, each found (its
// object and index evaluated) just before it is assigned. python.ts lowers it to `a = v; b = a;`:
// each target is given the one on its left, read back at once, which is the value just assigned
// where reading a target again has no effect and its own assignment cannot change where it points.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field } from './ast-builder';

/** `a = b = … = v` as its targets, left to right, and the value; undefined for a single assignment. */
export function pythonAssignmentChain(node: SyntaxNode): { targets: SyntaxNode[]; value: SyntaxNode } | undefined {
  const targets: SyntaxNode[] = [];
  let current = node;
  while (current.type === 'assignment') {
    const left = field(current, 'left');
    const right = field(current, 'right');
    if (!left || !right || field(current, 'type')) return undefined;
    targets.push(left);
    current = right;
  }
  return targets.length > 1 ? { targets, value: current } : undefined;
}

/** Why reading back a target of a chained assignment may not give the value assigned, or undefined. */
export function chainedTargetProblem(target: SyntaxNode): string | undefined {
  if (target.type !== 'identifier' && target.type !== 'attribute' && target.type !== 'subscript') return `it assigns to a ${target.type.replace(/_/g, ' ')}`;
  if (target.descendantsOfType(['call', 'await', 'named_expression', 'lambda']).some((found) => found !== null)) return 'a target calls a function, which would run again when the next target reads it back';
  for (const subscript of [target, ...target.descendantsOfType('subscript')]) {
    if (subscript?.type !== 'subscript') continue;
    const index = subscript.childrenForFieldName('subscript');
    if (index.some((part) => part && (part.type === 'slice' || part.descendantsOfType(['subscript', 'attribute', 'slice']).some((found) => found !== null) || part.type === 'subscript' || part.type === 'attribute'))) {
      return 'an index in a target reads an element, a field or a slice, which the assignment may change before the next target reads it back';
    }
  }
  return undefined;
}
