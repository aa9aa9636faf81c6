// What decides whether a JavaScript for loop or chained assignment keeps its meaning once lowered
// (javascript.ts lowers them). A for loop that is not a counted range becomes its initialiser and
// a while whose update runs at the end of the body and before each continue; the loop's `let`
// names are then one variable for all turns, where JavaScript makes one per turn, which only a
// closure made in the body can tell. `a = b = v` becomes `b = v; a = b;`: JavaScript finds every
// target's object and index before it evaluates v, which the lowering keeps only where finding
// them has no effect and nothing assigned on the way changes them.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

const FUNCTIONS = ['arrow_function', 'function_expression', 'function_declaration', 'generator_function', 'generator_function_declaration', 'method_definition'];

/** A `let` name of a for loop's initialiser that a function made in the loop reads, if any. */
export function capturedLoopName(init: SyntaxNode | undefined, parts: (SyntaxNode | undefined)[]): string | undefined {
  if (init?.type !== 'lexical_declaration') return undefined;
  const names = new Set(
    namedChildren(init)
      .filter((child) => child.type === 'variable_declarator')
      .map((declarator) => field(declarator, 'name'))
      .flatMap((name) => (name ? [name, ...name.descendantsOfType('identifier').filter((found) => found !== null)] : []))
      .filter((name) => name.type === 'identifier')
      .map((name) => name.text),
  );
  for (const part of parts) {
    for (const fn of part?.descendantsOfType(FUNCTIONS) ?? []) {
      const read = fn?.descendantsOfType(['identifier', 'shorthand_property_identifier']).find((found) => found && names.has(found.text));
      if (read) return read.text;
    }
  }
  return undefined;
}

/** `a = b = … = v` as its targets, left to right, and the innermost assignment (`z = v`); undefined for a single assignment. */
export function assignmentChain(node: SyntaxNode): { targets: SyntaxNode[]; innermost: SyntaxNode } | undefined {
  const targets: SyntaxNode[] = [];
  let current = node;
  for (;;) {
    const left = field(current, 'left');
    let right = field(current, 'right');
    while (right?.type === 'parenthesized_expression') right = namedChildren(right)[0];
    if (!left || !right) return undefined;
    if (right.type !== 'assignment_expression') return targets.length === 0 ? undefined : { targets, innermost: current };
    targets.push(left);
    current = right;
  }
}

const EFFECTS = ['call_expression', 'new_expression', 'assignment_expression', 'augmented_assignment_expression', 'update_expression', 'await_expression', 'yield_expression'];

/**
 * Why `targets = … = last = value` cannot be lowered to `last = value; … ; first = second;`, or
 * undefined where it keeps its meaning. `targets` includes `last`.
 */
export function chainProblem(targets: SyntaxNode[], value: SyntaxNode): string | undefined {
  for (const target of targets) {
    if (target.descendantsOfType(EFFECTS).some((found) => found !== null)) return 'its targets call a function or assign: JavaScript finds them all before the value, left to right';
    for (const index of target.descendantsOfType('subscript_expression')) {
      const inner = index && field(index, 'index');
      if (inner?.descendantsOfType(['subscript_expression', 'member_expression']).some((found) => found !== null)) return 'an index in its targets reads an element or a field, which the assignment may change before it is read again';
    }
  }
  const assignedNames = new Set(targets.filter((target) => target.type === 'identifier').map((target) => target.text));
  for (const target of targets) {
    if (target.type === 'identifier') continue;
    const read = target.descendantsOfType('identifier').find((found) => found && assignedNames.has(found.text));
    if (read) return `${read.text} is assigned in it and read by another of its targets, which JavaScript finds before anything is assigned`;
  }
  const calls = [value, ...value.descendantsOfType(EFFECTS)].filter((found) => found !== null && EFFECTS.includes(found.type) && !isMathCall(found));
  if (calls.length > 0 && targets.some((target) => target.type !== 'identifier')) {
    return 'its value calls a function or assigns, and JavaScript finds the elements and fields it assigns before that';
  }
  return undefined;
}

/** `Math.f(…)`: a call that changes nothing. */
function isMathCall(node: SyntaxNode): boolean {
  return node.type === 'call_expression' && /^Math\.\w+$/.test(field(node, 'function')?.text ?? '');
}
