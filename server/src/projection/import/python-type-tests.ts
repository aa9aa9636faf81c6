// Python's class checks as Whetstone type tests: `isinstance(x, T)`, `isinstance(x, (T, U))`,
// `type(x) == T` (also `is`, `!=`, `is not`) and `type(x) in (T, U)`. An imported Python int or
// float is a Whetstone number, a str a string, a bool a bool, a list (or tuple) a list. So a check
// keeps its meaning only where it does not tell an int from a float: `isinstance(x, (int, float))`
// (True for a bool too, since Python's bool is an int) is `x is number or x is bool`, and
// `type(x) in (int, float)` is `x is number`; `isinstance(x, int)` alone, dicts, tuples and
// classes have no Whetstone test and are errors at import.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import { namedChildren, type AstBuilder } from './ast-builder';

/** The Whetstone type of each Python class a check may name, but int and float (read together). */
const SINGLE_CLASSES: Record<string, string | undefined> = { str: 'string', bool: 'bool', list: 'list' };

/** Why a class has no Whetstone test of its own. */
const WHY_NOT: Record<string, string | undefined> = {
  dict: 'an imported dict is a Whetstone map or record, and both are plain objects when the program runs',
  tuple: 'a tuple is imported as a list',
  set: 'Whetstone has no sets',
  NoneType: 'write x == None, which is imported as x == null',
};

type Reading = { tests: string[] } | { why: string };

/**
 * The Whetstone types a Python class check passes for: `classes` is a class name or a tuple of
 * them; `exact` is type(x) == T, which a subclass does not pass (a bool is not an int there).
 */
function readClasses(classes: SyntaxNode, exact: boolean): Reading {
  const inner = classes.type === 'parenthesized_expression' ? (namedChildren(classes)[0] ?? classes) : classes;
  const names = inner.type === 'tuple' ? namedChildren(inner) : [inner];
  const found = new Set<string>();
  for (const name of names) {
    if (name.type !== 'identifier') return { why: `'${name.text}' is not a class name` };
    found.add(name.text);
  }
  const tests: string[] = [];
  const numbers = ['int', 'float'].filter((name) => found.has(name));
  if (numbers.length === 1) {
    return { why: `${numbers[0]} alone tells an int from a float (2 from 2.0), and Whetstone has one number type` };
  }
  if (numbers.length === 2) tests.push('number');
  // isinstance(True, int) is True: a check of int and float passes for a bool too.
  if (numbers.length === 2 && !exact) tests.push('bool');
  for (const name of found) {
    if (name === 'int' || name === 'float') continue;
    const tested = SINGLE_CLASSES[name];
    if (tested === undefined) return { why: WHY_NOT[name] ?? `Whetstone has no type test for '${name}'` };
    if (!tests.includes(tested)) tests.push(tested);
  }
  return { tests };
}

/** Whether reading `node` more than once does the same as reading it once: a name or an attribute of one. */
function readsOnly(node: SyntaxNode): boolean {
  if (node.type === 'identifier') return true;
  if (node.type === 'attribute') {
    const object = node.childForFieldName('object');
    return object !== null && readsOnly(object);
  }
  return false;
}

/**
 * The type test for a class check of `operand` against `classes` (`node` is the whole check):
 * one test, or several joined by `or` when the operand can be read more than once, negated for
 * `!=`, `is not` and `not in`. An error node naming why when the check has no Whetstone meaning.
 */
export function classCheck(
  b: AstBuilder,
  expression: (node: SyntaxNode) => A.Expression,
  node: SyntaxNode,
  operand: SyntaxNode,
  classes: SyntaxNode,
  exact: boolean,
  negated: boolean,
): A.Expression {
  const what = node.text.length <= 60 ? node.text : `${node.text.slice(0, 57)}…`;
  const reading = readClasses(classes, exact);
  if ('why' in reading) return b.errorNode(node, `the class check ${what}`, `No Whetstone type test keeps its meaning: ${reading.why}.`);
  if (reading.tests.length > 1 && !readsOnly(operand)) {
    return b.errorNode(node, `the class check ${what} of a computed value against several types`, 'It becomes one test per type, each reading the value: assign it to a name first.');
  }
  const tests: A.Expression[] = reading.tests.map((tested) => b.make<A.TypeTest>('TypeTest', node, { operand: expression(operand), testedType: tested }));
  const either = tests.reduce((left, right) => b.make<A.BinaryExpression>('BinaryExpression', node, { operator: '||', left, right }));
  return negated ? b.make<A.UnaryExpression>('UnaryExpression', node, { operator: '!', operand: either }) : either;
}

/** The argument of `type(x)` when `node` is that call, else undefined. */
export function typeCallArgument(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type !== 'call' || node.childForFieldName('function')?.text !== 'type') return undefined;
  const args = node.childForFieldName('arguments');
  const list = args ? namedChildren(args) : [];
  return list.length === 1 && list[0].type !== 'keyword_argument' ? list[0] : undefined;
}
