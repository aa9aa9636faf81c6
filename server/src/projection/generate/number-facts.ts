// What the generators know of a number before it runs, so that they write a target's own operator
// where it means what Whetstone means, and a helper only where it may not:
// - never -0: Whetstone's print shows -0 as "0" (as String(n) does, and as Python does, whose whole
//   numbers have no -0), Node's console.log as "-0"; a number from 0 up (or NaN) is never -0;
// - a whole number from 0 up: Python's xs[i] reads the same element as Whetstone's (and raises
//   past the end), where a negative index would count from the end;
// - an int in Python: never a float (as -0.0, or a whole number a float holds), which Python's
//   range would refuse;
// - a float in Python: never an int, so Python's arithmetic on it is a double's;
// - a bound on its magnitude: below 2^53 a double holds every whole number, so Python's exact ints
//   and Whetstone's doubles agree there; beyond it the generated Python makes them floats.
// A name has a fact when its first value and every value assigned to it have it.
import { walk } from '../../core/ast';
import type * as A from '../../core/ast';
import type { SemanticModel, SemanticSymbol } from '../../core/semantics';

type Fact = 'neverNegativeZero' | 'fromZero' | 'wholeFromZero' | 'pythonInt' | 'pythonFloat';

/** Up to 2^53 a double holds every whole number: an int within it means what Whetstone's number means. */
export const EXACT_WHOLE_LIMIT = 2 ** 53;

/** Whether every value within a bound is held exactly by a double (below the limit: the bound itself is worked out in doubles). */
export function exactWithin(bound: number): boolean {
  return bound < EXACT_WHOLE_LIMIT;
}
/** No statement runs this often in one run (over nine hours at a billion a second). */
const RUNS_LIMIT = 2 ** 45;
/** No list or text holds this many elements (terabytes of them). */
const LENGTH_LIMIT = 2 ** 40;

/** What `x op= v` needs of `v` to keep a fact of `x`; absent: the fact is lost. */
const KEPT_BY: Record<Fact, Partial<Record<A.AssignmentOperator, 'always' | 'value'>>> = {
  // x + v is -0 only when both are, x - v only when x is.
  neverNegativeZero: { '=': 'value', '+=': 'always', '-=': 'always' },
  fromZero: { '=': 'value', '+=': 'value', '*=': 'value', '/=': 'value' },
  wholeFromZero: { '=': 'value', '+=': 'value', '*=': 'value' },
  // x * v may be -0.0 (through multiply), x % v too.
  pythonInt: { '=': 'value', '+=': 'value', '-=': 'value' },
  // A float stays one through Python's arithmetic with an int (`/` always gives one).
  pythonFloat: { '=': 'value', '+=': 'always', '-=': 'always', '*=': 'always', '/=': 'always' },
};

/** Built-ins whose number has the fact (`round` through its helper is never -0, `abs` of -0 is 0). */
const BUILTINS_WITH: Record<Fact, ReadonlySet<string>> = {
  neverNegativeZero: new Set(['len', 'indexOf', 'lastIndexOf', 'findIndex', 'round', 'abs']),
  fromZero: new Set(['len', 'abs']),
  wholeFromZero: new Set(['len']),
  pythonInt: new Set(['len', 'indexOf', 'lastIndexOf', 'findIndex']),
  // Their helpers give an int for a whole result.
  pythonFloat: new Set(),
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

  /**
   * Whether a number expression is a whole number from 0 up when it runs: an int in Python, or
   * beyond 2^53 a whole float, which Python refuses as an index as Whetstone refuses one past the end.
   */
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

  /**
   * Whether a number expression is an int when the generated Python runs it: never a float. A sum
   * of ints beyond 2^53 is made a float there, so only a sum known to stay within it is an int.
   */
  pythonInt(node: A.Expression): boolean {
    if (this.wholeFromZero(node) && exactWithin(this.magnitude(node))) return true;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && Number.isSafeInteger(node.value) && !Object.is(node.value, -0);
      case 'BinaryExpression':
        return (node.operator === '+' || node.operator === '-') && this.pythonInt(node.left) && this.pythonInt(node.right) && exactWithin(this.magnitude(node));
      case 'UnaryExpression':
        return node.operator === '-' && node.operand.type === 'Literal' && typeof node.operand.value === 'number' && node.operand.value !== 0 && Number.isSafeInteger(node.operand.value);
      case 'ConditionalExpression':
        return this.pythonInt(node.consequent) && this.pythonInt(node.alternate);
      case 'Identifier':
        return this.named(node, 'pythonInt') && exactWithin(this.magnitude(node));
      default:
        return this.named(node, 'pythonInt');
    }
  }

  /**
   * Whether a number expression is a float when the generated Python runs it: never an int, so
   * Python's arithmetic on it is a double's. A literal with a fraction, NaN, an infinity, -0 or a
   * whole number beyond 2^53 (written as floats), a quotient, and a sum, difference, product or
   * remainder with such a number.
   */
  pythonFloat(node: A.Expression): boolean {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && (!Number.isInteger(node.value) || Object.is(node.value, -0) || Math.abs(node.value) > EXACT_WHOLE_LIMIT);
      case 'BinaryExpression':
        if (node.operator === '/') return true;
        return ['+', '-', '*', '%'].includes(node.operator) && (this.pythonFloat(node.left) || this.pythonFloat(node.right));
      case 'UnaryExpression':
        return node.operator === '-' && this.pythonFloat(node.operand);
      case 'ConditionalExpression':
        return this.pythonFloat(node.consequent) && this.pythonFloat(node.alternate);
      default:
        return this.named(node, 'pythonFloat');
    }
  }

  /**
   * A bound on the magnitude of a number expression when it runs (NaN aside); Infinity when none
   * is known. A `range` counter lies between its bounds; `len` and `indexOf` are below any length;
   * a name is bounded by its values, and a name only counted up or down by bounded steps
   * (`i += 1`, `i = i - 2`) by its first values and its steps as often as a statement can run.
   */
  magnitude(node: A.Expression): number {
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'number' && Number.isFinite(node.value) ? Math.abs(node.value) : Infinity;
      case 'BinaryExpression': {
        if (node.operator === '+' || node.operator === '-' || node.operator === '*') return this.resultMagnitude(node.operator, node.left, node.right);
        const left = this.magnitude(node.left);
        const right = this.magnitude(node.right);
        switch (node.operator) {
          case '%':
            return Math.min(left, right);
          case '/': {
            const divisor = node.right.type === 'Literal' && typeof node.right.value === 'number' ? Math.abs(node.right.value) : 0;
            return divisor >= 1 ? left / divisor : Infinity;
          }
          case '&':
          case '|':
          case '^':
          case '<<':
          case '>>':
            return 2 ** 31;
          default:
            return Infinity;
        }
      }
      case 'UnaryExpression':
        return node.operator === '-' ? this.magnitude(node.operand) : Infinity;
      case 'ConditionalExpression':
        return Math.max(this.magnitude(node.consequent), this.magnitude(node.alternate));
      case 'CallExpression': {
        if (node.callee.type !== 'Identifier' || this.model.symbolOf(node.callee.id)?.kind !== 'builtin') return Infinity;
        const [first] = node.arguments;
        switch (node.callee.name) {
          case 'len':
          case 'indexOf':
          case 'findIndex':
          case 'lastIndexOf':
            return LENGTH_LIMIT;
          case 'abs':
            return first ? this.magnitude(first) : Infinity;
          case 'floor':
          case 'ceil':
          case 'round':
          case 'int':
            return first ? this.magnitude(first) + 1 : Infinity;
          case 'min':
          case 'max':
            return node.arguments.length > 0 ? Math.max(...node.arguments.map((argument) => this.magnitude(argument))) : Infinity;
          default:
            return Infinity;
        }
      }
      case 'Identifier':
        return this.nameMagnitude(node);
      default:
        return Infinity;
    }
  }

  /**
   * Whether `base ** exponent` is a whole number a double holds exactly: an int base to a whole
   * power from 0 up, the result known to stay within 2^53. Every pow gives that number exactly;
   * any other power may be rounded, and Node's Math.pow (V8's own) and Python's (the C library's)
   * round some of them differently in the last bit.
   */
  exactPower(base: A.Expression, exponent: A.Expression): boolean {
    if (!this.pythonInt(base) || !this.wholeFromZero(exponent)) return false;
    return this.magnitude(base) <= 1 || exactWithin(this.magnitude(base) ** this.magnitude(exponent));
  }

  /** A bound on `left op right` (as `x op= v` makes it too). */
  resultMagnitude(operator: '+' | '-' | '*', left: A.Expression, right: A.Expression): number {
    const [a, b] = [this.magnitude(left), this.magnitude(right)];
    if (operator !== '*') return a + b;
    return a === Infinity || b === Infinity ? Infinity : a * b;
  }

  private has(node: A.Expression, fact: Fact): boolean {
    if (fact === 'neverNegativeZero') return this.neverNegativeZero(node);
    if (fact === 'pythonInt') return this.pythonInt(node);
    if (fact === 'pythonFloat') return this.pythonFloat(node);
    return fact === 'fromZero' ? this.fromZero(node) : this.wholeFromZero(node);
  }

  /** Names whose bound is being worked out: one that depends on itself other than by a step has none. */
  private readonly measuring = new Set<string>();
  private readonly measured = new Map<string, number>();

  /** The bound of a name: its largest value assigned, plus each step it is counted by, as often as a statement can run. */
  private nameMagnitude(node: A.Identifier): number {
    const symbol = this.model.symbolOf(node.id);
    if (!symbol || symbol.declNodeId === null || !['variable', 'constant', 'iterator'].includes(symbol.kind)) return Infinity;
    const key = symbol.declNodeId;
    const known = this.measured.get(key);
    if (known !== undefined) return known;
    if (this.measuring.has(key)) return Infinity;
    this.measuring.add(key);
    let largest = this.firstMagnitude(symbol);
    let steps = 0;
    for (const { operator, value } of this.writesOf().get(symbol) ?? []) {
      if (value === undefined) {
        largest = Infinity;
      } else if (operator === '+=' || operator === '-=') {
        steps += this.magnitude(value);
      } else if (operator === '=') {
        const step = this.stepOf(symbol, value);
        if (step) steps += this.magnitude(step);
        else largest = Math.max(largest, this.magnitude(value));
      } else {
        largest = Infinity;
      }
    }
    this.measuring.delete(key);
    const bound = steps === 0 ? largest : largest + steps * RUNS_LIMIT;
    // A bound found while other names were being measured may be larger than theirs settled would give.
    if (this.measuring.size === 0) this.measured.set(key, bound);
    return bound;
  }

  /** `e` of `x = x + e`, `x = e + x` or `x = x - e`: a step `x` is counted by. */
  private stepOf(symbol: SemanticSymbol, value: A.Expression): A.Expression | undefined {
    if (value.type !== 'BinaryExpression' || (value.operator !== '+' && value.operator !== '-')) return undefined;
    const isName = (side: A.Expression): boolean => side.type === 'Identifier' && this.model.symbolOf(side.id) === symbol;
    if (isName(value.left)) return value.right;
    return value.operator === '+' && isName(value.right) ? value.left : undefined;
  }

  /** A declaration's value; a `range` counter lies between the range's bounds, and its steps from the start. */
  private firstMagnitude(symbol: SemanticSymbol): number {
    const declaration = this.model.nodeById(symbol.declNodeId ?? '');
    if (declaration?.type === 'VariableDeclaration') return declaration.initializer === null ? 0 : this.magnitude(declaration.initializer);
    if (declaration?.type !== 'ForStatement') return Infinity;
    const range = declaration.iterable;
    if (range.type !== 'CallExpression' || range.callee.type !== 'Identifier' || range.callee.name !== 'range' || this.model.symbolOf(range.callee.id)?.kind !== 'builtin') return Infinity;
    const [first, second, step] = range.arguments;
    if (!first) return Infinity;
    const start = second ? this.magnitude(first) : 0;
    const end = this.magnitude(second ?? first);
    return Math.min(Math.max(start, end), start + RUNS_LIMIT * (step ? this.magnitude(step) : 1));
  }

  /** A call of a built-in with the fact, or a name whose values all have it. */
  private named(node: A.Expression, fact: Fact): boolean {
    if (node.type === 'CallExpression' && fact === 'neverNegativeZero' && this.isNumOfText(node)) {
      // num("NaN"), num("Infinity"): the number the text spells, known before it runs.
      const [text] = node.arguments;
      return text.type === 'Literal' && !Object.is(Number(text.value), -0);
    }
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

  /** Whether `node` is the built-in num of a text literal. */
  private isNumOfText(node: A.CallExpression): boolean {
    const [text] = node.arguments;
    return node.callee.type === 'Identifier' && node.callee.name === 'num' && node.arguments.length === 1 && text.type === 'Literal' && typeof text.value === 'string' && this.model.symbolOf(node.callee.id)?.kind === 'builtin';
  }

  /** A declaration's value, or for a `for` over `range` its first number and a step that keeps the fact. */
  private firstValueHas(symbol: SemanticSymbol, fact: Fact): boolean {
    const declaration = this.model.nodeById(symbol.declNodeId ?? '');
    if (declaration?.type === 'VariableDeclaration') return declaration.initializer === null || this.has(declaration.initializer, fact);
    // A range gives Python's ints where its bounds are whole, so its counter is never known a float.
    if (declaration?.type !== 'ForStatement' || fact === 'pythonFloat') return false;
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
