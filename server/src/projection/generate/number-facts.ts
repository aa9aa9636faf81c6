// What the generators know of a number before it runs, so that they write a target's own operator
// where it means what Whetstone means, and a helper only where it may not:
// - never -0: Whetstone's print shows -0 as "0" (as String(n) does, and as Python does, whose whole
//   numbers have no -0), Node's console.log as "-0"; a number from 0 up (or NaN) is never -0;
// - a whole number from 0 up: Python's xs[i] reads the same element as Whetstone's (and raises
//   past the end), where a negative index would count from the end;
// - an int in Python: never a float (as -0.0, or a whole number a float holds), which Python's
//   range would refuse.
// A name has a fact when its first value and every value assigned to it have it.
import { walk } from '../../core/ast';
import type * as A from '../../core/ast';
import type { SemanticModel, SemanticSymbol } from '../../core/semantics';

type Fact = 'neverNegativeZero' | 'fromZero' | 'wholeFromZero' | 'pythonInt';

/** What `x op= v` needs of `v` to keep a fact of `x`; absent: the fact is lost. */
const KEPT_BY: Record<Fact, Partial<Record<A.AssignmentOperator, 'always' | 'value'>>> = {
  // x + v is -0 only when both are, x - v only when x is.
  neverNegativeZero: { '=': 'value', '+=': 'always', '-=': 'always' },
  fromZero: { '=': 'value', '+=': 'value', '*=': 'value', '/=': 'value' },
  wholeFromZero: { '=': 'value', '+=': 'value', '*=': 'value' },
  // x * v may be -0.0 (through multiply), x % v too.
  pythonInt: { '=': 'value', '+=': 'value', '-=': 'value' },
};

/** Built-ins whose number has the fact (`round` through its helper is never -0, `abs` of -0 is 0). */
const BUILTINS_WITH: Record<Fact, ReadonlySet<string>> = {
  neverNegativeZero: new Set(['len', 'indexOf', 'round', 'abs']),
  fromZero: new Set(['len', 'abs']),
  wholeFromZero: new Set(['len']),
  pythonInt: new Set(['len', 'indexOf']),
};

/** Built-ins whose number is from 0 up (or NaN) when their arguments are. */
const FROM_ZERO_OF_ARGUMENTS: ReadonlySet<string> = new Set(['floor', 'ceil', 'round', 'sqrt', 'int', 'min', 'max', 'pow']);

export class NumberFacts {
  /** The values assigned to each name, with their operator. */
  private writes: Map<SemanticSymbol, { operator: A.AssignmentOperator; value: A.Expression | undefined }[]> | undefined;
  /** Names being decided: a name has a fact if its values have it, given that it has it before them. */
  private readonly assumed = new Set<string>();
  private readonly decided = new Map<string, boolean>();

  constructor(
    private readonly program: A.Program,
    private readonly model: SemanticModel,
  ) {}

  /** Whether a number expression is never -0 when it runs (false when that is not known). */
  neverNegativeZero(node: A.Expression): boolean {
    if (this.fromZero(node)) return true;
    switch (node.type) {
      case 'Literal':
        return !Object.is(node.value, -0);
      case 'BinaryExpression':
        if (node.operator === '+') return this.neverNegativeZero(node.left) || this.neverNegativeZero(node.right);
        if (node.operator === '-') return this.neverNegativeZero(node.left);
        return ['&', '|', '^', '<<', '>>'].includes(node.operator);
      case 'UnaryExpression':
        return node.operator === '-' && node.operand.type === 'Literal' && typeof node.operand.value === 'number' && node.operand.value !== 0;
      case 'ConditionalExpression':
        return this.neverNegativeZero(node.consequent) && this.neverNegativeZero(node.alternate);
      default:
        return this.named(node, 'neverNegativeZero');
    }
  }

  /** Whether a number expression is +0, above it or NaN when it runs: then it is never -0. */
  fromZero(node: A.Expression): boolean {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && !Object.is(node.value, -0) && !(node.value < 0);
      case 'BinaryExpression':
        return ['+', '*', '/', '%', '**'].includes(node.operator) && this.fromZero(node.left) && this.fromZero(node.right);
      case 'ConditionalExpression':
        return this.fromZero(node.consequent) && this.fromZero(node.alternate);
      case 'CallExpression':
        if (node.callee.type === 'Identifier' && FROM_ZERO_OF_ARGUMENTS.has(node.callee.name) && this.model.symbolOf(node.callee.id)?.kind === 'builtin') {
          return node.arguments.length > 0 && node.arguments.every((argument) => this.fromZero(argument));
        }
        return this.named(node, 'fromZero');
      default:
        return this.named(node, 'fromZero');
    }
  }

  /** Whether a number expression is a whole number from 0 up when it runs (an int in Python). */
  wholeFromZero(node: A.Expression): boolean {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && Number.isInteger(node.value) && !Object.is(node.value, -0) && node.value >= 0 && node.value <= Number.MAX_SAFE_INTEGER;
      case 'BinaryExpression':
        return (node.operator === '+' || node.operator === '*') && this.wholeFromZero(node.left) && this.wholeFromZero(node.right);
      case 'ConditionalExpression':
        return this.wholeFromZero(node.consequent) && this.wholeFromZero(node.alternate);
      default:
        return this.named(node, 'wholeFromZero');
    }
  }

  /** Whether a number expression is an int when the generated Python runs it: never a float. */
  pythonInt(node: A.Expression): boolean {
    if (this.wholeFromZero(node)) return true;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && Number.isSafeInteger(node.value) && !Object.is(node.value, -0);
      case 'BinaryExpression':
        return (node.operator === '+' || node.operator === '-') && this.pythonInt(node.left) && this.pythonInt(node.right);
      case 'UnaryExpression':
        return node.operator === '-' && node.operand.type === 'Literal' && typeof node.operand.value === 'number' && node.operand.value !== 0 && Number.isSafeInteger(node.operand.value);
      case 'ConditionalExpression':
        return this.pythonInt(node.consequent) && this.pythonInt(node.alternate);
      default:
        return this.named(node, 'pythonInt');
    }
  }

  private has(node: A.Expression, fact: Fact): boolean {
    if (fact === 'neverNegativeZero') return this.neverNegativeZero(node);
    if (fact === 'pythonInt') return this.pythonInt(node);
    return fact === 'fromZero' ? this.fromZero(node) : this.wholeFromZero(node);
  }

  /** A call of a built-in with the fact, or a name whose values all have it. */
  private named(node: A.Expression, fact: Fact): boolean {
    if (node.type === 'CallExpression') return node.callee.type === 'Identifier' && BUILTINS_WITH[fact].has(node.callee.name) && this.model.symbolOf(node.callee.id)?.kind === 'builtin';
    if (node.type !== 'Identifier') return false;
    const symbol = this.model.symbolOf(node.id);
    if (!symbol || symbol.declNodeId === null || !['variable', 'constant', 'iterator'].includes(symbol.kind)) return false;
    const key = `${fact} ${symbol.declNodeId}`;
    if (this.assumed.has(key)) return true;
    const known = this.decided.get(key);
    if (known !== undefined) return known;
    this.assumed.add(key);
    const has =
      this.firstValueHas(symbol, fact) &&
      (this.writesOf().get(symbol) ?? []).every(({ operator, value }) => {
        const kept = KEPT_BY[fact][operator];
        return kept === 'always' || (kept === 'value' && value !== undefined && this.has(value, fact));
      });
    this.assumed.delete(key);
    // A yes found while other names were assumed holds only if they turn out so; a no always holds.
    if (!has || this.assumed.size === 0) this.decided.set(key, has);
    return has;
  }

  /** A declaration's value, or for a `for` over `range` its first number and a step that keeps the fact. */
  private firstValueHas(symbol: SemanticSymbol, fact: Fact): boolean {
    const declaration = this.model.nodeById(symbol.declNodeId ?? '');
    if (declaration?.type === 'VariableDeclaration') return declaration.initializer === null || this.has(declaration.initializer, fact);
    if (declaration?.type !== 'ForStatement') return false;
    const range = declaration.iterable;
    if (range.type !== 'CallExpression' || range.callee.type !== 'Identifier' || range.callee.name !== 'range' || this.model.symbolOf(range.callee.id)?.kind !== 'builtin') return false;
    const [first, , step] = range.arguments;
    if (range.arguments.length < 2) return true;
    // A range that cannot start at -0 never gives it, by any step; one from an int counts in ints by an int step.
    return this.has(first, fact) && (fact === 'neverNegativeZero' || step === undefined || this.has(step, fact));
  }

  private writesOf(): Map<SemanticSymbol, { operator: A.AssignmentOperator; value: A.Expression | undefined }[]> {
    if (this.writes) return this.writes;
    const writes = new Map<SemanticSymbol, { operator: A.AssignmentOperator; value: A.Expression | undefined }[]>();
    const add = (target: A.Expression, operator: A.AssignmentOperator, value: A.Expression | undefined): void => {
      const symbol = target.type === 'Identifier' ? this.model.symbolOf(target.id) : undefined;
      if (symbol) writes.set(symbol, [...(writes.get(symbol) ?? []), { operator, value }]);
    };
    walk(this.program, (node) => {
      if (node.type === 'AssignmentStatement') add(node.target, node.operator, node.value);
      if (node.type === 'MultipleAssignment') node.targets.forEach((target, index) => add(target, '=', node.values[index]));
    });
    this.writes = writes;
    return writes;
  }
}
