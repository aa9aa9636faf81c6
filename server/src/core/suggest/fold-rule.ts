// style(simplify): an expression whose value is known without running the program. Either every
// operand is a literal (`60 * 60 * 24` is 86400), or an operand does nothing (`x * 1`, `x + 0`,
// `flag && true`, `!!flag`), judged with the checker's types so `s + 0` on a string is left alone.
// Values are computed as Whetstone computes them (IEEE doubles, JavaScript's %), so a fold never
// changes the meaning; expressions a fold would turn into a type error are not folded.
import { childNodes, type BinaryExpression, type Expression, type Node, type UnaryExpression } from '../ast/ast';
import { expressionText } from '../semantics/signatures';
import type { SuggestContext } from './context';
import type { Suggestion } from './types';

type Value = number | string | boolean | null;
const NONE = Symbol('not constant');

export function foldSuggestions(ctx: SuggestContext): Suggestion[] {
  const byTarget = new Map<string, { target: Node; notes: string[]; identity: boolean }>();
  const note = (expression: Expression, text: string, identity: boolean): void => {
    const target = ctx.annotatable(expression);
    if (!target || ctx.hasAnnotation(target, 'style', 'simplify')) return;
    const entry = byTarget.get(target.id) ?? { target, notes: [], identity: false };
    entry.notes.push(text);
    entry.identity ||= identity;
    byTarget.set(target.id, entry);
  };
  const visit = (node: Node): void => {
    if (node.type === 'BinaryExpression' || node.type === 'UnaryExpression') {
      const value = constantValue(node);
      // `-5` is how a negative number is written, not a computation.
      const isNegativeLiteral = node.type === 'UnaryExpression' && node.operator === '-' && node.operand.type === 'Literal';
      if (value !== NONE && !isNegativeLiteral) {
        note(node, `\`${expressionText(node, 60)}\` is always ${show(value)}`, false);
        return;
      }
      const identity = identityOperand(ctx, node);
      if (identity) {
        note(node, `\`${expressionText(node, 60)}\` is just \`${expressionText(identity, 60)}\``, true);
        return;
      }
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(ctx.program);
  return [...byTarget.values()].map(({ target, notes, identity }) => ({
    nodeId: target.id,
    annotationType: 'style',
    strategy: 'simplify',
    reason: `${notes.join('; ')}: write the simpler form${identity ? '' : ' (or name the value with a const)'}`,
    // A constant written out (`60 * 60`) is often deliberate; an operation that does nothing rarely is.
    confidence: identity ? 0.8 : 0.6,
  }));
}

/** The value of an expression made only of literals and operators, or NONE. */
function constantValue(node: Node): Value | typeof NONE {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'UnaryExpression': {
      const operand = constantValue(node.operand);
      if (operand === NONE) return NONE;
      if (node.operator === '-' && typeof operand === 'number') return -operand;
      if (node.operator === '!' && typeof operand === 'boolean') return !operand;
      return NONE;
    }
    case 'BinaryExpression':
      return binary(node);
    default:
      return NONE;
  }
}

function binary(node: BinaryExpression): Value | typeof NONE {
  const left = constantValue(node.left);
  if (left === NONE) return NONE;
  const right = constantValue(node.right);
  if (right === NONE) return NONE;
  const numbers = typeof left === 'number' && typeof right === 'number';
  const strings = typeof left === 'string' && typeof right === 'string';
  const booleans = typeof left === 'boolean' && typeof right === 'boolean';
  switch (node.operator) {
    case '+':
      return numbers ? left + right : strings ? left + right : NONE;
    case '-':
      return numbers ? left - right : NONE;
    case '*':
      return numbers ? left * right : NONE;
    case '/':
      return numbers ? left / right : NONE;
    case '%':
      return numbers ? left % right : NONE;
    case '**':
      return numbers ? left ** right : NONE;
    case '&':
      return numbers ? left & right : NONE;
    case '|':
      return numbers ? left | right : NONE;
    case '^':
      return numbers ? left ^ right : NONE;
    case '<<':
      return numbers ? left << right : NONE;
    case '>>':
      return numbers ? left >> right : NONE;
    case '<':
      return numbers || strings ? left < right : NONE;
    case '<=':
      return numbers || strings ? left <= right : NONE;
    case '>':
      return numbers || strings ? left > right : NONE;
    case '>=':
      return numbers || strings ? left >= right : NONE;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '&&':
      return booleans ? left && right : NONE;
    case '||':
      return booleans ? left || right : NONE;
  }
}

/** For `x * 1`, `0 + x`, `b && true`, `!!b`…: the operand the expression equals, if the types allow. */
function identityOperand(ctx: SuggestContext, node: BinaryExpression | UnaryExpression): Expression | undefined {
  const kind = (expression: Expression): string | undefined => ctx.model.typeOf(expression.id)?.kind;
  if (node.type === 'UnaryExpression') {
    const inner = node.operand;
    if (node.operator === '!' && inner.type === 'UnaryExpression' && inner.operator === '!' && kind(inner.operand) === 'bool') return inner.operand;
    return undefined;
  }
  const is = (expression: Expression, value: Value): boolean => expression.type === 'Literal' && expression.value === value;
  const { left, right, operator } = node;
  const number = (expression: Expression): boolean => kind(expression) === 'number';
  const bool = (expression: Expression): boolean => kind(expression) === 'bool';
  switch (operator) {
    case '+':
      if (is(right, 0) && number(left)) return left;
      if (is(left, 0) && number(right)) return right;
      return undefined;
    case '-':
      return is(right, 0) && number(left) ? left : undefined;
    case '*':
      if (is(right, 1) && number(left)) return left;
      if (is(left, 1) && number(right)) return right;
      return undefined;
    case '/':
      return is(right, 1) && number(left) ? left : undefined;
    case '&&':
      if (is(right, true) && bool(left)) return left;
      if (is(left, true) && bool(right)) return right;
      return undefined;
    case '||':
      if (is(right, false) && bool(left)) return left;
      if (is(left, false) && bool(right)) return right;
      return undefined;
    case '==':
      if (is(right, true) && bool(left)) return left;
      if (is(left, true) && bool(right)) return right;
      return undefined;
    default:
      return undefined;
  }
}

/** A value as Whetstone source spells it (JavaScript's String for numbers). */
function show(value: Value): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
