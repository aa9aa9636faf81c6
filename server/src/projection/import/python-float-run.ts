// Runs an imported Python program (it reads no input) to see which of the values it shows are
// floats, where following the values without running them cannot tell: median([3, 1, 2]) returns
// an element, an int, though median returns a float for a list of even length. The run computes
// each number as Whetstone does and marks it int or float by Python's rules (a float as written,
// `/`, float(…), math.sqrt; `+ - * %` of an int and a float…). It gives up (and the caller keeps
// its may-be-float) on anything it does not model or a step or depth budget spent; so a run that
// ends has seen every value the program shows, as Python would show it, and every value its loops,
// `in` tests and unpackings met. Where it meets a value Whetstone would hold otherwise than Python
// (an int beyond 2^53, which Python keeps exact; int(…) of an infinity or NaN, or a division by
// zero, where Python raises; a dict where a list or text is walked; a text above U+FFFF measured
// or ordered; Python's 1 ** NaN, which is 1; -0.0 made a key of a dict or set, which Python keeps
// as -0.0 and a Whetstone map as 0) it stops and says where. A power whose exact value is
// not a double it notes and goes on: Python's pow and Node's may round it otherwise in the last
// digit, which only the printed value would show. It also says where and why it gave up, and which
// expressions it ran, so what it did not check can be reported.
import { sourceResult } from './conversions';
import { isExactPower } from './exact-power';
import { formatFixedText } from './python-format';
import { holdsLateCase } from '../text-case';
import { holdsLateKind, kindTest, TEXT_KINDS } from '../text-kinds';
import type { BinaryExpression, CallExpression, Expression, FunctionDeclaration, Identifier, Lambda, Program, Statement } from '../../core/ast';

/** A number and whether Python would hold it as a float. */
class Num {
  constructor(
    readonly value: number,
    readonly float: boolean,
  ) {}
}

class Closure {
  constructor(
    readonly fn: FunctionDeclaration | Lambda,
    readonly frame: Frame,
  ) {}
}

type Value = Num | string | boolean | null | Value[] | Map<string, Value> | Closure;

/** The names a function (or the module) declares, as the float analysis reads them. */
export interface RunScope {
  names: ReadonlySet<string>;
}

interface Frame {
  scope: RunScope;
  values: Map<string, Value>;
  parent: Frame | undefined;
}

/** Where the run stopped short of the program's end, and why (its reason reads after "the run stopped here: "). */
export interface RunGaveUp {
  reason: string;
  at: { id: string; span: Expression['span'] };
}

const UNMODELLED = 'it does not follow what this does';
const IMPORTS = 'the program imports a module, whose values it does not hold';
const LEFT_OUT = 'this is not carried into Whetstone';
const UNKNOWN_NAME = 'it holds no value for this name';
const RAISES = 'Python raises an error here (the program stops)';
/** Where Python raises and Whetstone stops the program too: the run has seen all the program does. */
const BOTH_STOP = 'the program stops here with an error, in Python and in Whetstone';
const BUDGET = 'its step budget is spent';
const DEPTH = 'its call depth budget is spent';

class GiveUp extends Error {
  /** The innermost node being run when it gave up (set as the give-up passes it). */
  at: RunGaveUp['at'] | undefined;
  /** Whether `at` is the loop that spent the budget. */
  inLoop = false;
  constructor(readonly reason: string = UNMODELLED) {
    super(reason);
  }
}

/** What a run found that Whetstone does otherwise than Python, and where. */
export interface RunFinding {
  kind: 'inexact' | 'non-finite int' | 'division by zero' | 'not a list or text' | 'text above U+FFFF' | 'text order' | 'power of one' | 'text case' | 'text kind' | 'text whitespace' | 'float sum' | 'unordered key' | 'negative zero key' | 'float argument';
  at: { id: string; span: Expression['span'] };
}

/** A power the run computed whose exact value is not a double, at its place; its operands the first time, as Python writes them. */
export interface RoundedPower {
  at: { id: string; span: Expression['span'] };
  base: string;
  exponent: string;
}

class Found extends Error {
  constructor(readonly finding: RunFinding) {
    super(finding.kind);
  }
}

/**
 * How a run ended: per argument of a print or str call that ran, whether it showed a float
 * (undefined when the run did not end); what it found, if it stopped there; where and why it gave
 * up, if it did; the ids of the expressions it ran; and the powers it computed that may be rounded,
 * one per place, in the order first met (`morePowers`: more places than are kept met one).
 */
export interface RunResult {
  shown: Map<string, boolean> | undefined;
  /** Of a run that ended: per value shown by print or str, whether it was ever a float (printed alike or not). */
  floatsShown?: ReadonlyMap<string, boolean>;
  /**
   * Of a run that saw all the program does (it ended, or stopped where Python and Whetstone both
   * stop): per value shown by print or str, what it held, as pystr shows it: 2, only texts,
   * numbers, bools and None; 1, lists and text-keyed dicts of these too; 0, something else.
   */
  pystrShown?: ReadonlyMap<string, ShownByPystr>;
  finding?: RunFinding;
  gaveUp?: RunGaveUp;
  reached: ReadonlySet<string>;
  roundedPowers: RoundedPower[];
  morePowers: boolean;
  /** Of a run that ended: per expression tested for truth, the kinds of the values other than bools it held (truthiness.ts). */
  tested?: ReadonlyMap<string, ReadonlySet<TestedKind>>;
}

/** How pystr shows the values a place showed (see RunResult). */
export type ShownByPystr = 0 | 1 | 2;

/** The kinds of value a test for truth met, other than bools. */
export type TestedKind = 'number' | 'text' | 'list' | 'dict' | 'none' | 'function';

class Return {
  constructor(readonly value: Value) {}
}
/** A raise (Whetstone's throw of its message) on its way to a try that catches it. */
class Thrown {
  constructor(readonly message: Value) {}
}
class Break {}
class Continue {}

const MAX_STEPS = 1_000_000;
const MAX_DEPTH = 120;
const MAX_LENGTH = 100_000;
/** Places of rounded powers kept (each is one diagnostic). */
const MAX_ROUNDED_POWERS = 50;

/** Whether Python shows this value (a number, or one in a list or dict) otherwise than Whetstone: a float that is whole, or written with an exponent. */
export function showsAsFloat(value: Value): boolean {
  if (value instanceof Num) {
    const magnitude = Math.abs(value.value);
    return value.float && !(Number.isFinite(value.value) && !Number.isInteger(value.value) && magnitude >= 1e-4 && magnitude < 1e16);
  }
  if (Array.isArray(value)) return value.some(showsAsFloat);
  if (value instanceof Map) return [...value.keys()].some((key) => key.startsWith('f:')) || [...value.values()].some(showsAsFloat);
  return false;
}

/**
 * Runs `program`. `listsOnly` are the ids of expressions Whetstone reads as a list or a text (what
 * an unpacking or a loop walks): the run stops where one holds anything else.
 */
export function runForFloats(
  program: Program,
  text: string,
  scopeOf: (node: Program | FunctionDeclaration | Lambda) => RunScope,
  isLibrary: (callee: Expression, scope: RunScope) => boolean,
  listsOnly: ReadonlySet<string> = new Set(),
): RunResult {
  const run = new Run(text, scopeOf, isLibrary, listsOnly);
  try {
    run.program(program);
    return { shown: run.shown, floatsShown: run.floatsShown, pystrShown: run.pystrShown, reached: run.reached, tested: run.tested, ...run.powers() };
  } catch (error) {
    if (error instanceof Found) return { shown: undefined, finding: error.finding, reached: run.reached, ...run.powers() };
    // Thrown uncaught (or where both stop): the program stops there in Python and in Whetstone
    // alike, so what the run reached is all the program runs.
    if (error instanceof GiveUp && error.reason === BOTH_STOP) return { shown: undefined, pystrShown: run.pystrShown, reached: run.reached, ...run.powers() };
    if (error instanceof GiveUp) return { shown: undefined, gaveUp: { reason: error.reason, at: error.at ?? program }, reached: run.reached, ...run.powers() };
    if (error instanceof Thrown) return { shown: undefined, pystrShown: run.pystrShown, reached: run.reached, ...run.powers() };
    if (error instanceof RangeError) return { shown: undefined, gaveUp: { reason: DEPTH, at: program }, reached: run.reached, ...run.powers() };
    if (error instanceof Return || error instanceof Break || error instanceof Continue) return { shown: undefined, gaveUp: { reason: UNMODELLED, at: program }, reached: run.reached, ...run.powers() };
    throw error;
  }
}

const FLOAT_LITERAL = /^[0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9_]+)?$/;
/** `math.pi`, `math.e`, `math.tau`: imported as the literal of their float. */
export const MATH_CONSTANT = /^math\s*\.\s*(pi|e|tau)$/;

class Run {
  readonly shown = new Map<string, boolean>();
  readonly floatsShown = new Map<string, boolean>();
  readonly pystrShown = new Map<string, ShownByPystr>();
  readonly reached = new Set<string>();
  private readonly rounded = new Map<string, RoundedPower>();
  private morePowers = false;
  readonly tested = new Map<string, Set<TestedKind>>();
  private steps = 0;
  private depth = 0;
  /** The operation being computed, where an int beyond 2^53 is reported. */
  private site: { id: string; span: Expression['span'] } | undefined;

  constructor(
    private readonly text: string,
    private readonly scopeOf: (node: Program | FunctionDeclaration | Lambda) => RunScope,
    private readonly isLibrary: (callee: Expression, scope: RunScope) => boolean,
    private readonly listsOnly: ReadonlySet<string>,
  ) {}

  program(program: Program): void {
    const frame: Frame = { scope: this.scopeOf(program), values: new Map(), parent: undefined };
    for (const child of program.children) if (child.type === 'FunctionDeclaration') frame.values.set(child.name, new Closure(child, frame));
    for (const child of program.children) {
      if (child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration') continue;
      if (child.type === 'ImportDeclaration') throw placed(new GiveUp(IMPORTS), child);
      this.statement(child, frame);
    }
  }

  /** The rounded powers met, for the result. */
  powers(): Pick<RunResult, 'roundedPowers' | 'morePowers'> {
    return { roundedPowers: [...this.rounded.values()], morePowers: this.morePowers };
  }

  private step(): void {
    if (++this.steps > MAX_STEPS) throw new GiveUp(BUDGET);
  }

  /** Counts work in proportion to what a built-in walks (a text's length, a list's items), so the budget bounds time too. */
  private charge(units: number): void {
    this.steps += Math.ceil(units / 8);
    if (this.steps > MAX_STEPS) throw new GiveUp(BUDGET);
  }

  /** How pystr shows this value: 2, a text, number, bool or None; 1, a list or text-keyed dict of those; 0, otherwise (a function, a dict with number keys). */
  private pystrShows(value: Value): ShownByPystr {
    this.charge(1);
    if (Array.isArray(value)) return value.every((item) => this.pystrShows(item) > 0) ? 1 : 0;
    if (value instanceof Map) return [...value.keys()].every((key) => key.startsWith('s:')) && [...value.values()].every((item) => this.pystrShows(item) > 0) ? 1 : 0;
    return value === null || typeof value === 'string' || typeof value === 'boolean' || value instanceof Num ? 2 : 0;
  }

  /** showsAsFloat, with each item it looks at counted. */
  private shows(value: Value): boolean {
    this.charge(1);
    if (Array.isArray(value)) return value.some((item) => this.shows(item));
    if (value instanceof Map) return [...value.keys()].some((key) => key.startsWith('f:')) || [...value.values()].some((item) => this.shows(item));
    return showsAsFloat(value);
  }

  // ---------------------------------------------------------------------------------------------
  // Names

  private frameOf(name: string, frame: Frame): Frame {
    for (let at: Frame | undefined = frame; at; at = at.parent) if (at.scope.names.has(name)) return at;
    throw new GiveUp(UNKNOWN_NAME);
  }

  private get(name: string, frame: Frame): Value {
    const value = this.frameOf(name, frame).values.get(name);
    if (value === undefined) throw new GiveUp(UNKNOWN_NAME);
    return value;
  }

  private set(name: string, value: Value, frame: Frame): void {
    this.frameOf(name, frame).values.set(name, value);
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private block(statements: Statement[], frame: Frame): void {
    for (const statement of statements) this.statement(statement, frame);
  }

  private statement(node: Statement, frame: Frame): void {
    this.reached.add(node.id);
    try {
      this.runStatement(node, frame);
    } catch (signal) {
      // A spent budget is told at the innermost loop that spent it, not at the step it ran out on.
      if (signal instanceof GiveUp && signal.reason === BUDGET && !signal.inLoop && (node.type === 'WhileStatement' || node.type === 'ForStatement')) {
        signal.at = node;
        signal.inLoop = true;
      }
      throw placed(signal, node);
    }
  }

  private runStatement(node: Statement, frame: Frame): void {
    this.step();
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.initializer) this.set(node.name, this.expression(node.initializer, frame), frame);
        return;
      case 'AssignmentStatement': {
        const value = this.expression(node.value, frame);
        if (node.operator === '=') return this.assign(node.target, value, frame);
        const operator = node.operator.slice(0, 1) as '+' | '-' | '*' | '/';
        this.site = node;
        return this.assign(node.target, this.binary(operator, this.expression(node.target, frame), value), frame);
      }
      case 'MultipleAssignment': {
        const values = node.values.map((value) => this.expression(value, frame));
        node.targets.forEach((target, index) => this.assign(target, values[index], frame));
        return;
      }
      case 'ReturnStatement':
        throw new Return(node.value ? this.expression(node.value, frame) : null);
      case 'IfStatement':
        if (this.test(node.condition, frame)) return this.block(node.consequent.statements, frame);
        if (node.alternate?.type === 'IfStatement') return this.statement(node.alternate, frame);
        if (node.alternate) this.block(node.alternate.statements, frame);
        return;
      case 'WhileStatement':
        while (this.test(node.condition, frame)) {
          this.step();
          if (this.loopBody(node.body.statements, frame)) break;
        }
        return;
      case 'ForStatement': {
        const iterable = this.expression(node.iterable, frame);
        if (typeof iterable === 'string') {
          for (const char of iterable) {
            this.set(node.iterator, char, frame);
            if (this.loopBody(node.body.statements, frame)) break;
          }
          return;
        }
        if (!Array.isArray(iterable)) throw new GiveUp();
        // Python walks a list as it is at each step, as JavaScript's for-of does.
        for (let index = 0; index < iterable.length; index++) {
          this.step();
          this.set(node.iterator, iterable[index], frame);
          if (this.loopBody(node.body.statements, frame)) break;
        }
        return;
      }
      case 'BreakStatement':
        throw new Break();
      case 'ContinueStatement':
        throw new Continue();
      case 'ExpressionStatement':
        this.expression(node.expression, frame);
        return;
      case 'ThrowStatement':
        throw new Thrown(this.expression(node.value, frame));
      case 'TryStatement':
        try {
          this.block(node.body.statements, frame);
        } catch (signal) {
          // Only the file's own raises: Python's errors (an IndexError…) are where the run gives up.
          if (!(signal instanceof Thrown) || typeof signal.message !== 'string') throw signal;
          this.set(node.catchName, signal.message, frame);
          this.block(node.handler.statements, frame);
        }
        return;
      case 'ErrorNode':
        throw new GiveUp(LEFT_OUT);
      default:
        throw new GiveUp();
    }
  }

  /** Runs a loop's body; whether it broke out. */
  private loopBody(statements: Statement[], frame: Frame): boolean {
    try {
      this.block(statements, frame);
    } catch (signal) {
      if (signal instanceof Break) return true;
      if (signal instanceof Continue) return false;
      throw signal;
    }
    return false;
  }

  private assign(target: Expression, value: Value, frame: Frame): void {
    this.reached.add(target.id);
    if (target.type === 'Identifier') return this.set(target.name, value, frame);
    if (target.type === 'IndexExpression') {
      const object = this.expression(target.object, frame);
      const index = this.expression(target.index, frame);
      if (Array.isArray(object)) {
        object[this.position(object, index, RAISES)] = value;
        return;
      }
      if (object instanceof Map) {
        // A dict or set keeps -0.0 as its key, a Whetstone map keys it as 0.
        if (index instanceof Num && Object.is(index.value, -0)) throw new Found({ kind: 'negative zero key', at: { id: target.id, span: target.span } });
        object.set(this.key(index), value);
        return;
      }
    }
    if (target.type === 'MemberExpression') {
      const object = this.expression(target.object, frame);
      if (object instanceof Map) {
        object.set(`s:${target.property}`, value);
        return;
      }
    }
    throw new GiveUp();
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  private expression(node: Expression, frame: Frame): Value {
    this.reached.add(node.id);
    let value: Value;
    try {
      value = this.evaluate(node, frame);
    } catch (signal) {
      throw placed(signal, node);
    }
    // A text with a character above U+FFFF is read by code points in Python and by UTF-16 units where Whetstone indexes it.
    if (this.listsOnly.has(node.id) && !Array.isArray(value) && (typeof value !== 'string' || /[\uD800-\uDFFF]/.test(value))) throw new Found({ kind: 'not a list or text', at: node });
    return value;
  }

  private evaluate(node: Expression, frame: Frame): Value {
    this.step();
    switch (node.type) {
      case 'Literal':
        if (typeof node.value !== 'number') return node.value;
        return new Num(node.value, this.writtenAsFloat(node));
      case 'Identifier':
        return this.get(node.name, frame);
      case 'BinaryExpression': {
        const left = this.expression(node.left, frame);
        if (node.operator === '&&' || node.operator === '||') {
          // Python's: the operand that decides, as it is (`name or "anon"` is a text).
          this.note(node.left, left);
          if (node.operator === '&&' ? !this.truth(left) : this.truth(left)) return left;
          const right = this.expression(node.right, frame);
          this.note(node.right, right);
          return right;
        }
        const right = this.expression(node.right, frame);
        this.site = node;
        return this.binary(node.operator, left, right);
      }
      case 'UnaryExpression': {
        const operand = this.expression(node.operand, frame);
        if (node.operator === '!') return !this.truth(this.note(node.operand, operand));
        if (node.operator === '-' && operand instanceof Num) return new Num(-operand.value, operand.float);
        throw new GiveUp();
      }
      case 'ConditionalExpression':
        return this.test(node.condition, frame) ? this.expression(node.consequent, frame) : this.expression(node.alternate, frame);
      case 'TypeTest': {
        const operand = this.expression(node.operand, frame);
        const kinds: Record<string, boolean> = { number: operand instanceof Num, string: typeof operand === 'string', bool: typeof operand === 'boolean', list: Array.isArray(operand) };
        if (!(node.testedType in kinds)) throw new GiveUp();
        return kinds[node.testedType];
      }
      case 'CallExpression':
        return this.call(node, frame);
      case 'MemberExpression': {
        const object = this.expression(node.object, frame);
        const value = object instanceof Map ? object.get(`s:${node.property}`) : undefined;
        if (value === undefined) throw new GiveUp();
        return value;
      }
      case 'IndexExpression': {
        const object = this.expression(node.object, frame);
        const index = this.expression(node.index, frame);
        if (Array.isArray(object)) return object[this.position(object, index)];
        if (typeof object === 'string') return this.chars(object, node)[this.position(this.chars(object, node), index)];
        const value = object instanceof Map ? object.get(this.key(index)) : undefined;
        if (value === undefined) throw new GiveUp();
        return value;
      }
      case 'ArrayLiteral':
        return node.elements.map((element) => this.expression(element, frame));
      case 'ObjectLiteral':
        return new Map(node.properties.map((property) => [`s:${property.key}`, this.expression(property.value, frame)]));
      case 'Lambda':
        return new Closure(node, frame);
      case 'ErrorNode':
        throw new GiveUp(LEFT_OUT);
      default:
        throw new GiveUp();
    }
  }

  private writtenAsFloat(node: { span: { startOffset: number; endOffset: number } }): boolean {
    const written = this.text.slice(node.span.startOffset, node.span.endOffset);
    return (FLOAT_LITERAL.test(written) && /[.eE]/.test(written)) || MATH_CONSTANT.test(written);
  }

  /** Python's truth of a value. */
  private truth(value: Value): boolean {
    if (typeof value === 'boolean') return value;
    if (value instanceof Num) return Number.isNaN(value.value) || value.value !== 0;
    if (typeof value === 'string') return value !== '';
    if (value === null) return false;
    if (Array.isArray(value)) return value.length > 0;
    if (value instanceof Map) return value.size > 0;
    return true;
  }

  /** The truth of the condition `node`, whose kind of value is noted. */
  private test(node: Expression, frame: Frame): boolean {
    return this.truth(this.note(node, this.expression(node, frame)));
  }

  /** Notes the kind of a value tested for truth at `node`, unless it is a bool. */
  private note(node: Expression, value: Value): Value {
    if (typeof value === 'boolean') return value;
    const kind: TestedKind =
      value instanceof Num ? 'number' : typeof value === 'string' ? 'text' : value === null ? 'none' : Array.isArray(value) ? 'list' : value instanceof Map ? 'dict' : 'function';
    const kinds = this.tested.get(node.id) ?? new Set<TestedKind>();
    kinds.add(kind);
    this.tested.set(node.id, kinds);
    return value;
  }

  /** A number's result, int unless Python's rules make it a float. An int past 2^53, which Python keeps exact, is where the run stops. */
  /** Python's int of a text (imported as pyInt): its own reading; where it raises, the run stops as the program does. */
  private intOfText(text: Value, base: number): Num {
    const outcome = typeof text === 'string' ? sourceResult('int', text, base) : { raises: 'TypeError' };
    if ('value' in outcome) return this.num(outcome.value, false);
    throw new GiveUp('raises' in outcome ? RAISES : undefined);
  }

  private num(value: number, float: boolean): Num {
    if (!float && !Number.isSafeInteger(value)) {
      if (this.site === undefined || Number.isNaN(value)) throw new GiveUp();
      throw new Found({ kind: 'inexact', at: this.site });
    }
    return new Num(value, float);
  }

  /** Python raises ZeroDivisionError where Whetstone's division gives an infinity or NaN. */
  private byZero(): Error {
    return this.site ? new Found({ kind: 'division by zero', at: this.site }) : new GiveUp();
  }

  private binary(operator: string, left: Value, right: Value): Value {
    if (operator === '==' && this.site && isKeyTie(this.site) && [left, right].some((value) => value instanceof Num && Number.isNaN(value.value))) {
      throw new Found({ kind: 'unordered key', at: this.site });
    }
    if (['==', '!='].includes(operator)) return this.equal(left, right) === (operator === '==');
    if (typeof left === 'string' && typeof right === 'string') {
      this.charge(left.length + right.length);
      if (operator === '+') return this.bounded(left + right);
      this.sameOrder(left, right);
      if (operator === '<') return left < right;
      if (operator === '<=') return left <= right;
      if (operator === '>') return left > right;
      if (operator === '>=') return left >= right;
      throw new GiveUp();
    }
    if (!(left instanceof Num) || !(right instanceof Num)) throw new GiveUp();
    const [a, b] = [left.value, right.value];
    const float = left.float || right.float;
    switch (operator) {
      case '<':
        return a < b;
      case '<=':
        return a <= b;
      case '>':
        return a > b;
      case '>=':
        return a >= b;
      case '+':
        return this.num(a + b, float);
      case '-':
        return this.num(a - b, float);
      case '*':
        return this.num(a * b, float);
      case '/':
        if (b === 0) throw this.byZero();
        return this.num(a / b, true);
      case '%':
        if (b === 0) throw this.byZero();
        return this.num(a % b, float);
      case '**':
        // An int to a negative power is a float's power in Python.
        return this.power(left, right, float || b < 0);
      case '&':
      case '|':
      case '^':
      case '<<':
      case '>>':
        if (float) throw new GiveUp();
        return this.num(operator === '&' ? a & b : operator === '|' ? a | b : operator === '^' ? a ^ b : operator === '<<' ? a << b : a >> b, false);
      default:
        throw new GiveUp();
    }
  }

  /**
   * `a ** b`, `pow` and `math.pow` (a float's power when `float`). Python's float power raises past
   * the largest double (OverflowError), for 0 to a negative power (ZeroDivisionError, or ValueError
   * in math.pow) and gives a complex number or raises for a negative base to a fraction, where
   * Whetstone's gives an infinity or NaN. With an infinity or NaN among the operands both follow the
   * same rules, but for 1 to NaN or an infinity and -1 to an infinity: 1 in Python, NaN in Whetstone.
   */
  private power(left: Num, right: Num, float: boolean): Num {
    const [a, b] = [left.value, right.value];
    const at = this.site;
    if (at === undefined) throw new GiveUp();
    if ((a === 1 && !Number.isFinite(b)) || (a === -1 && (b === Infinity || b === -Infinity))) throw new Found({ kind: 'power of one', at });
    const finite = Number.isFinite(a) && Number.isFinite(b);
    if (float && finite && !Number.isFinite(a ** b)) throw new GiveUp(RAISES);
    const power = this.num(a ** b, float);
    // Once per place, and for so many places (past them, only that there are more).
    if (!finite || this.rounded.has(at.id) || this.morePowers || isExactPower(a, b)) return power;
    if (this.rounded.size >= MAX_ROUNDED_POWERS) this.morePowers = true;
    else this.rounded.set(at.id, { at, base: numberText(left), exponent: numberText(right) });
    return power;
  }

  /** Sameness of numbers, texts, bools and None; lists, dicts and a bool beside a number compare otherwise in Python. */
  private equal(left: Value, right: Value): boolean {
    if (typeof left === 'string' && typeof right === 'string') this.charge(Math.min(left.length, right.length));
    if (left instanceof Num && right instanceof Num) return left.value === right.value;
    // None is only ever equal to None (`node is None` of a record or list is false).
    if (left === null || right === null) return left === right;
    // Whetstone's == of records is identity (Python's == of dicts became pyEquals at import).
    if (left instanceof Map && right instanceof Map) return left === right;
    const plain = (value: Value): boolean => value === null || typeof value === 'string' || typeof value === 'boolean' || value instanceof Num;
    if (!plain(left) || !plain(right) || (left instanceof Num && typeof right === 'boolean') || (right instanceof Num && typeof left === 'boolean')) throw new GiveUp();
    return left === right;
  }

  /** Python's == of any two values it holds; it gives up where a dict's keys could be equal under other forms (1 and 1.0). */
  private pythonEquals(left: Value, right: Value): boolean {
    if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, at) => this.pythonEquals(item, right[at]));
    if (left instanceof Map && right instanceof Map) {
      if (left.size !== right.size) return false;
      for (const [key, value] of left) {
        const other = right.get(key);
        if (other === undefined) {
          if (!key.startsWith('s:')) throw new GiveUp();
          return false;
        }
        if (!this.pythonEquals(value, other)) return false;
      }
      return true;
    }
    if (left instanceof Num && typeof right === 'boolean') return left.value === Number(right);
    if (right instanceof Num && typeof left === 'boolean') return right.value === Number(left);
    if (Array.isArray(left) || Array.isArray(right) || left instanceof Map || right instanceof Map) return false;
    return this.equal(left, right);
  }

  /** An index into `list`; past its end, reading stops the program in both, writing is `pastEnd`'s. */
  private position(list: unknown[], index: Value, pastEnd = BOTH_STOP): number {
    if (!(index instanceof Num) || !Number.isInteger(index.value) || index.value < 0) throw new GiveUp();
    if (index.value >= list.length) throw new GiveUp(pastEnd);
    return index.value;
  }

  /** A dict key: texts, and ints (a float key would be a float shown among the keys). */
  private key(index: Value): string {
    if (typeof index === 'string') return `s:${index}`;
    if (index instanceof Num) return `${index.float ? 'f' : 'n'}:${index.value}`;
    throw new GiveUp();
  }

  /**
   * A text's characters, as Python counts them: one above U+FFFF is one character in Python and
   * two UTF-16 units in Whetstone, so measuring or indexing a text that holds one (at `at`) is a
   * finding.
   */
  private chars(text: string, at: Expression): string[] {
    this.charge(text.length);
    this.noneAboveFFFF(text, at);
    return [...text];
  }

  /**
   * Python orders texts by code points, Whetstone by UTF-16 units: they differ where the first
   * characters that differ are one in U+E000–U+FFFF and one above U+FFFF (a surrogate pair).
   */
  private sameOrder(left: string, right: string): void {
    let at = 0;
    while (at < left.length && at < right.length && left.charCodeAt(at) === right.charCodeAt(at)) at++;
    if (at === left.length || at === right.length) return;
    const [a, b] = [left.codePointAt(at)!, right.codePointAt(at)!];
    if (Math.sign(a - b) !== Math.sign(left.charCodeAt(at) - right.charCodeAt(at))) {
      if (this.site === undefined) throw new GiveUp();
      throw new Found({ kind: 'text order', at: this.site });
    }
  }

  private noneAboveFFFF(text: unknown, at: Expression): void {
    if (typeof text === 'string' && /[\uD800-\uDFFF]/.test(text)) throw new Found({ kind: 'text above U+FFFF', at });
  }

  private bounded<T extends string | unknown[]>(value: T): T {
    if (value.length > MAX_LENGTH) throw new GiveUp(BUDGET);
    return value;
  }

  // ---------------------------------------------------------------------------------------------
  // Calls

  private call(node: CallExpression, frame: Frame): Value {
    const callee = node.callee;
    if (this.isLibrary(callee, frame.scope)) return this.library((callee as Identifier).name, node, frame);
    const fn = this.expression(callee, frame);
    if (!(fn instanceof Closure)) throw new GiveUp();
    return this.invoke(fn, node.arguments.map((arg) => this.expression(arg, frame)));
  }

  private invoke(closure: Closure, args: Value[]): Value {
    const { fn } = closure;
    if (++this.depth > MAX_DEPTH) throw new GiveUp(DEPTH);
    this.reached.add(fn.id);
    try {
      const frame: Frame = { scope: this.scopeOf(fn), values: new Map(), parent: closure.frame };
      fn.parameters.forEach((param, index) => {
        if (index < args.length) frame.values.set(param.name, args[index]);
        // Python evaluates a default once, where the function is defined: only a literal is the same at every call.
        else if (param.defaultValue?.type === 'Literal') frame.values.set(param.name, this.expression(param.defaultValue, closure.frame));
        else throw new GiveUp();
      });
      if (args.length > fn.parameters.length) throw new GiveUp();
      if (fn.body.type !== 'Block') return this.expression(fn.body, frame);
      try {
        this.block(fn.body.statements, frame);
      } catch (signal) {
        if (signal instanceof Return) return signal.value;
        throw signal;
      }
      return null;
    } finally {
      this.depth--;
    }
  }

  private library(name: string, node: CallExpression, frame: Frame): Value {
    const argNodes = node.arguments as Expression[];
    const written = this.text.slice(node.span.startOffset, node.span.endOffset);
    const quotient = name === 'floor' ? floorDivision(node) : undefined;
    if (quotient) {
      // a // b: the floor of the quotient, a float when either is.
      this.reached.add(quotient.id);
      const [a, b] = [this.expression(quotient.left, frame), this.expression(quotient.right, frame)];
      if (!(a instanceof Num) || !(b instanceof Num)) throw new GiveUp();
      this.site = node;
      if (b.value === 0) throw this.byZero();
      return this.num(Math.floor(a.value / b.value), a.float || b.float);
    }
    const args = argNodes.map((arg) => this.expression(arg, frame));
    this.site = node;
    if (name === 'print' || name === 'str' || name === 'pystr') {
      argNodes.forEach((arg, index) => this.shown.set(arg.id, (this.shown.get(arg.id) ?? false) || this.shows(args[index])));
      argNodes.forEach((arg, index) => this.floatsShown.set(arg.id, (this.floatsShown.get(arg.id) ?? false) || (args[index] instanceof Num && (args[index] as Num).float)));
      argNodes.forEach((arg, index) => this.pystrShown.set(arg.id, Math.min(this.pystrShown.get(arg.id) ?? 2, this.pystrShows(args[index])) as ShownByPystr));
      if (name === 'print') return null;
    }
    // Each built-in walks at most its arguments (sort n log n of them).
    for (const arg of args) {
      const size = typeof arg === 'string' || Array.isArray(arg) ? arg.length : arg instanceof Map ? arg.size : 1;
      this.charge(name === 'sort' || name === 'sorted' ? size * Math.log2(size + 1) : size);
    }
    const [first, second] = args;
    const number = (value: Value): Num => {
      if (!(value instanceof Num)) throw new GiveUp();
      return value;
    };
    const list = (value: Value): Value[] => {
      if (!Array.isArray(value)) throw new GiveUp();
      return value;
    };
    switch (name) {
      case 'str':
      case 'pystr':
        if (typeof first === 'string') return first;
        this.shows(first); // counts what pythonRepr walks
        return this.bounded(pythonRepr(first));
      case 'pyTruthy':
        return this.truth(first);
      case 'pyEquals':
        return this.pythonEquals(first, second);
      case 'len':
        if (typeof first === 'string') return this.num(this.chars(first, node).length, false);
        if (first instanceof Map) return this.num(first.size, false);
        return this.num(list(first).length, false);
      case 'range': {
        const bounds = args.map((arg) => number(arg).value);
        const [start, end, step] = bounds.length === 1 ? [0, bounds[0], 1] : [bounds[0], bounds[1], bounds[2] ?? 1];
        if (step === 0 || args.some((arg) => number(arg).float)) throw new GiveUp();
        this.charge(Math.min(MAX_LENGTH, Math.abs((end - start) / step)));
        const out: Value[] = [];
        for (let at = start; step > 0 ? at < end : at > end; at += step) this.bounded(out).push(this.num(at, false));
        return out;
      }
      case 'abs':
        // math.fabs (imported as abs) gives a float.
        return this.num(Math.abs(number(first).value), number(first).float || /^math\s*\.\s*fabs\b/.test(written));
      case 'min':
      case 'max': {
        // Python gives the first smallest (largest) of its arguments, or of the list it is given.
        const items = args.length === 1 ? list(first) : args;
        if (items.length === 0) throw new GiveUp(RAISES);
        return items.reduce((best, item) => (this.binary(name === 'min' ? '<' : '>', item, best) ? item : best));
      }
      case 'minOf':
      case 'maxOf': {
        // min(xs) and max(xs): Python raises ValueError for an empty list (minOf gives Infinity) and
        // orders texts too; NaN and -0 it takes by position, where minOf and maxOf do not.
        const items = list(first);
        if (items.length === 0) throw new GiveUp(RAISES);
        if (!items.every((item) => item instanceof Num && !Number.isNaN(item.value) && !Object.is(item.value, -0))) throw new GiveUp();
        return items.reduce((best, item) => (this.binary(name === 'minOf' ? '<' : '>', item, best) ? item : best));
      }
      case 'num':
        if (first instanceof Num) return new Num(first.value, true);
        if (typeof first === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(first)) return new Num(Number(first), true);
        // The import writes a float of Python's "inf" or "nan" as num("Infinity"), num("NaN").
        if (['NaN', 'Infinity', '+Infinity', '-Infinity'].includes(first as string)) return new Num(Number(first), true);
        throw new GiveUp();
      case 'roundEven': {
        // Python's round(x): an int, a half to the even one; NaN and the infinities raise, and roundEven stops.
        if (!(first instanceof Num)) throw new GiveUp();
        if (!Number.isFinite(first.value)) throw new GiveUp(BOTH_STOP);
        const whole = Math.floor(first.value);
        const fraction = first.value - whole;
        const rounded = fraction > 0.5 || (fraction === 0.5 && whole % 2 !== 0) ? whole + 1 : whole;
        return this.num(rounded === 0 ? 0 : rounded, false);
      }
      case 'gcd':
      case 'isqrt':
      case 'factorial': {
        // math's: Python raises for a float argument (TypeError) and a negative one (ValueError, not gcd's); a factorial past 2^53 it keeps exact.
        if (args.some((arg) => arg instanceof Num && arg.float)) throw new Found({ kind: 'float argument', at: node });
        const ints = args.map((arg) => (arg instanceof Num ? arg.value : undefined));
        if (ints.some((value) => value === undefined)) throw new GiveUp();
        const [a, b] = ints as number[];
        if (name === 'gcd') {
          let [x, y] = [Math.abs(a), Math.abs(b)];
          while (y !== 0) [x, y] = [y, x % y];
          return this.num(x, false);
        }
        if (a < 0) throw new GiveUp(BOTH_STOP);
        if (name === 'isqrt') return this.num(Math.floor(Math.sqrt(a)) - (Math.floor(Math.sqrt(a)) ** 2 > a ? 1 : 0), false);
        let product = 1;
        for (let k = 2; k <= a; k++) product *= k;
        this.site = node;
        return this.num(product, false);
      }
      case 'pyInt':
        return this.intOfText(first, second === undefined ? 10 : number(second).value);
      case 'int':
        // Python's int raises for an infinity (OverflowError) and NaN (ValueError); Whetstone's keeps them.
        if (first instanceof Num && !Number.isFinite(first.value)) throw new Found({ kind: 'non-finite int', at: node });
        if (first instanceof Num) return this.num(Math.trunc(first.value), false);
        if (typeof first === 'string') return this.intOfText(first, 10);
        throw new GiveUp();
      case 'sqrt':
        if (number(first).value < 0) throw new GiveUp(RAISES); // ValueError in Python
        return new Num(Math.sqrt(number(first).value), true);
      case 'pow':
        // math.pow is a float's power; pow(a, b) is a ** b.
        if (/^math\s*\.\s*pow\b/.test(written)) return this.power(number(first), number(second), true);
        return this.binary('**', first, second);
      case 'round': {
        // round(x, n): Whetstone's rounding (halves away from zero); an int stays an int, as in Python.
        if (second === undefined) throw new GiveUp();
        const factor = 10 ** number(second).value;
        const rounded = (Math.sign(number(first).value) * Math.floor(Math.abs(number(first).value) * factor + 0.5)) / factor;
        return this.num(rounded === 0 ? 0 : rounded, number(first).float);
      }
      case 'floor':
        return this.num(Math.floor(number(first).value), false);
      case 'ceil':
        return this.num(Math.ceil(number(first).value), false);
      case 'sorted':
      case 'sort': {
        const items = name === 'sorted' ? [...list(first)] : list(first);
        const compare = second === undefined ? (a: Value, b: Value) => (this.binary('<', a, b) ? -1 : this.binary('<', b, a) ? 1 : 0) : (a: Value, b: Value) => number(this.invokeValue(second, [a, b])).value;
        items.sort(compare);
        return name === 'sorted' ? items : null;
      }
      case 'reversed':
        // A text's characters, each once in both (a character above U+FFFF is not cut).
        if (typeof first === 'string') return [...first].reverse();
        return [...list(first)].reverse();
      case 'reverse':
        list(first).reverse();
        return null;
      case 'push':
        this.bounded(list(first)).push(second);
        return null;
      case 'splice': {
        const inserted = args[3] === undefined ? [] : list(args[3]);
        return list(first).splice(number(second).value, number(args[2]).value, ...inserted);
      }
      case 'keys':
      case 'values':
        if (!(first instanceof Map)) throw new GiveUp();
        if (name === 'values') return [...first.values()];
        return [...first.keys()].map((key) => (key.startsWith('s:') ? key.slice(2) : new Num(Number(key.slice(2)), key.startsWith('f:'))));
      case 'splitWords':
        // s.split(): the parts between runs of Python's whitespace, none empty.
        if (typeof first !== 'string') throw new GiveUp();
        // eslint-disable-next-line no-control-regex -- U+001C–U+001F are Python's whitespace
        return first.split(/[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/).filter((part) => part !== '');
      case 'charsOf':
        // list(s): its characters, by code point.
        if (typeof first !== 'string') throw new GiveUp();
        return [...first];
      case 'split':
        if (typeof first !== 'string' || typeof second !== 'string' || second === '') throw new GiveUp();
        return first.split(second);
      case 'join': {
        const items = list(first);
        if (typeof second !== 'string' || !items.every((item) => typeof item === 'string')) throw new GiveUp();
        return this.bounded(items.join(second));
      }
      case 'removeKey':
        if (!(first instanceof Map)) throw new GiveUp();
        first.delete(this.key(second));
        return null;
      case 'includes':
        if (typeof first === 'string' && typeof second === 'string') return first.includes(second);
        if (first instanceof Map) return first.has(this.key(second));
        return list(first).some((item) => this.equal(item, second));
      case 'countItems':
        return this.num(list(first).filter((item) => this.equal(item, second)).length, false);
      case 'indexOf': {
        this.noneAboveFFFF(first, node);
        const found = typeof first === 'string' && typeof second === 'string' ? first.indexOf(second) : list(first).findIndex((item) => this.equal(item, second));
        // xs.index(v) and s.index(t) raise ValueError where s.find(t) gives -1: the program stops there.
        if (found === -1 && /\.\s*index\s*\(/.test(written)) throw new GiveUp(RAISES);
        return this.num(found, false);
      }
      case 'lastIndexOf':
        // s.rfind(t), of texts only.
        if (typeof first !== 'string' || typeof second !== 'string') throw new GiveUp();
        this.noneAboveFFFF(first, node);
        return this.num(first.lastIndexOf(second), false);
      case 'slice': {
        const [start, end] = [number(second).value, args[2] === undefined ? undefined : number(args[2]).value];
        this.noneAboveFFFF(first, node);
        if (typeof first === 'string') return first.slice(start, end);
        return list(first).slice(start, end);
      }
      case 'stepSlice': {
        // x[a:b:k]: ints (else Python raises TypeError), a step other than 0 (else ValueError).
        const bound = (value: Value): number | null => (value === null ? null : number(value).float ? NaN : number(value).value);
        const [start, end, step] = [bound(second), bound(args[2]), bound(args[3])];
        if (step === null || [start, end, step].some((part) => part !== null && Number.isNaN(part))) throw new GiveUp();
        if (step === 0) throw new GiveUp(BOTH_STOP);
        this.noneAboveFFFF(first, node);
        const items = typeof first === 'string' ? [...first] : list(first);
        const size = items.length;
        const at = (value: number | null, open: number): number => (value === null ? open : value < 0 ? Math.max(value + size, step < 0 ? -1 : 0) : Math.min(value, step < 0 ? size - 1 : size));
        const [from, to] = [at(start, step < 0 ? size - 1 : 0), at(end, step < 0 ? -1 : size)];
        const out: Value[] = [];
        for (let index = from; step > 0 ? index < to : index > to; index += step) out.push(items[index]);
        return typeof first === 'string' ? (out as string[]).join('') : out;
      }
      case 'repeat': {
        const count = number(second).value;
        if (count > MAX_LENGTH) throw new GiveUp(BUDGET);
        this.charge(count);
        return Array.from({ length: Math.max(0, count) }, () => first);
      }
      case 'assert':
        if (!this.truth(this.note(argNodes[0], first))) throw new GiveUp(BOTH_STOP);
        return null;
      default:
        return this.listLibrary(name, node, args);
    }
  }

  /**
   * pop, shift, concat, sum and the list walks. Python's pop and concatenation raise where
   * Whetstone's stop or differ (an empty list, a value that is not a list), so the run stops there;
   * a walk whose function changes the list's length gives up (Python's iterator would see the
   * change, Whetstone's walk does not); a sum of floats stops where Python 3.12's compensated sum
   * differs from adding in order, as Whetstone does.
   */
  private listLibrary(name: string, node: CallExpression, args: Value[]): Value {
    const [first, second, third] = args;
    const list = (value: Value): Value[] => {
      if (!Array.isArray(value)) throw new GiveUp();
      return value;
    };
    const walk = (each: (item: Value) => boolean): void => {
      const items = list(first);
      const length = items.length;
      for (let index = 0; index < length; index++) if (!each(items[index])) break;
      if (items.length !== length) throw new GiveUp();
    };
    const passes = (item: Value): boolean => this.truth(this.invokeValue(second, [item]));
    switch (name) {
      case 'pop':
      case 'shift':
        if (list(first).length === 0) throw new GiveUp(BOTH_STOP);
        return name === 'pop' ? (list(first).pop() as Value) : (list(first).shift() as Value);
      case 'concat':
        if (!Array.isArray(second)) throw new GiveUp(RAISES);
        return this.bounded([...list(first), ...second]);
      case 'sum':
        return this.sum(list(first), node);
      case 'map':
      case 'filter': {
        const out: Value[] = [];
        walk((item) => {
          if (name === 'map') out.push(this.invokeValue(second, [item]));
          else if (passes(item)) out.push(item);
          return true;
        });
        return out;
      }
      case 'some':
      case 'every': {
        let found = name === 'every';
        walk((item) => {
          if (passes(item) === (name === 'some')) found = name === 'some';
          return found === (name === 'every');
        });
        return found;
      }
      case 'find': {
        let found: Value = null;
        walk((item) => {
          if (!passes(item)) return true;
          found = item;
          return false;
        });
        return found;
      }
      case 'reduce': {
        const items = list(first);
        if (third === undefined && items.length === 0) throw new GiveUp(BOTH_STOP);
        let total = third === undefined ? items[0] : third;
        let skip = third === undefined;
        walk((item) => {
          if (skip) skip = false;
          else total = this.invokeValue(second, [total, item]);
          return true;
        });
        return total;
      }
      default:
        return this.textLibrary(name, args, node);
    }
  }

  /** The text built-ins; where Python's upper, lower and strip may differ, the texts they meet are checked. */
  private textLibrary(name: string, args: Value[], node: CallExpression): Value {
    const [first, second, third] = args;
    switch (name) {
      case 'padStart':
      case 'padEnd': {
        // rjust and ljust: an int width and one fill character (else Python raises); widths in characters.
        const fill = third ?? ' ';
        if (typeof first !== 'string' || !(second instanceof Num) || second.float || typeof fill !== 'string') throw new GiveUp();
        if ([...fill].length !== 1) throw new GiveUp(RAISES);
        this.noneAboveFFFF(first + fill, node);
        this.charge(second.value);
        return this.bounded(name === 'padStart' ? first.padStart(second.value, fill) : first.padEnd(second.value, fill));
      }
      case 'repeatText':
        // "-" * n: Python raises TypeError for a float count, which Whetstone cannot tell from an int.
        if (typeof first !== 'string' || !(second instanceof Num)) throw new GiveUp();
        if (second.float) throw new GiveUp(RAISES);
        if (first.length * Math.max(0, second.value) > MAX_LENGTH) throw new GiveUp(BUDGET);
        this.charge(second.value);
        return this.bounded(first.repeat(Math.max(0, second.value)));
      case 'formatFixed':
        // format(x, ".Nf") of a literal N (the import writes no other).
        if (!(first instanceof Num) || !(second instanceof Num) || !Number.isInteger(second.value) || second.value < 0 || second.value > 100) throw new GiveUp();
        return formatFixedText(first.value, second.value);
      case 'radixText': {
        // bin, oct, hex: of an int (Python raises TypeError for a float), within 2^53.
        if (!(first instanceof Num) || !(second instanceof Num) || typeof third !== 'string') throw new GiveUp();
        if (first.float || !Number.isSafeInteger(first.value)) throw new GiveUp(RAISES);
        return (first.value < 0 ? '-' : '') + third + Math.abs(first.value).toString(second.value);
      }
      case 'zeroFill': {
        // s.zfill(n): an int width (else Python raises TypeError).
        if (typeof first !== 'string' || !(second instanceof Num) || second.float) throw new GiveUp();
        const missing = second.value - [...first].length;
        if (missing <= 0) return first;
        this.charge(missing);
        const sign = first[0] === '+' || first[0] === '-' ? first[0] : '';
        return this.bounded(sign + '0'.repeat(missing) + first.slice(sign.length));
      }
      case 'charCodeAt':
        // ord(c): of one character (else Python raises), its code point.
        if (typeof first !== 'string') throw new GiveUp();
        if ([...first].length !== 1) throw new GiveUp(RAISES);
        this.noneAboveFFFF(first, node);
        return this.num(first.charCodeAt(0), false);
      case 'fromCharCode': {
        // chr(n): an int code point (else Python raises); above U+FFFF or a surrogate, not one UTF-16 unit.
        if (!(first instanceof Num) || first.float) throw new GiveUp();
        if (first.value < 0 || first.value > 0x10ffff) throw new GiveUp(RAISES);
        if (first.value > 0xffff || (first.value >= 0xd800 && first.value < 0xe000)) throw new Found({ kind: 'text above U+FFFF', at: node });
        return String.fromCharCode(first.value);
      }
    }
    if (!args.every((arg) => typeof arg === 'string')) throw new GiveUp();
    const [text, other, replacement] = args as string[];
    switch (name) {
      case 'upper':
      case 'lower':
        if (holdsLateCase(text)) throw new Found({ kind: 'text case', at: node });
        return this.bounded(name === 'upper' ? text.toUpperCase() : text.toLowerCase());
      case 'trim':
      case 'trimStart':
      case 'trimEnd': {
        const [start, end] = [name !== 'trimEnd', name !== 'trimStart'];
        const trimmed = start && end ? text.trim() : start ? text.trimStart() : text.trimEnd();
        if (trimmed !== pythonStrip(text, start, end)) throw new Found({ kind: 'text whitespace', at: node });
        return trimmed;
      }
      case 'startsWith':
        return text.startsWith(other);
      case 'endsWith':
        return text.endsWith(other);
      case 'replace':
        this.charge(text.length * (replacement.length + 1));
        return this.bounded(other === '' ? [...text].map((character) => replacement + character).join('') + replacement : text.split(other).join(replacement));
      case 'countOf':
        return this.num(other === '' ? [...text].length + 1 : text.split(other).length - 1, false);
      case 'trimChars':
      case 'trimStartChars':
      case 'trimEndChars': {
        const taken = new Set(other);
        const characters = [...text];
        let [start, end] = [0, characters.length];
        if (name !== 'trimEndChars') while (start < end && taken.has(characters[start])) start++;
        if (name !== 'trimStartChars') while (end > start && taken.has(characters[end - 1])) end--;
        return characters.slice(start, end).join('');
      }
      default:
        if (!TEXT_KINDS.has(name)) throw new GiveUp();
        // isalpha … isupper: Node's tables are Python's but for the characters Unicode gave after 14.0.
        if (holdsLateKind(text)) throw new Found({ kind: 'text kind', at: node });
        return testKind(name, text);
    }
  }

  /**
   * Python's sum: ints exactly (the run stops past 2^53), then, from the first float, floats with
   * Neumaier's compensation from 3.12 on (in order before). Whetstone adds in order; where the two
   * float results differ, the run stops with a finding.
   */
  private sum(items: Value[], node: CallExpression): Value {
    let total: Value = this.num(0, false);
    let compensated: number | undefined;
    let correction = 0;
    for (const item of items) {
      if (!(item instanceof Num) || !(total instanceof Num)) throw new GiveUp();
      total = this.binary('+', total, item) as Num;
      if (compensated === undefined) {
        if (total.float) compensated = total.value;
        continue;
      }
      const sum = compensated + item.value;
      correction += Math.abs(compensated) >= Math.abs(item.value) ? compensated - sum + item.value : item.value - sum + compensated;
      compensated = sum;
    }
    if (compensated !== undefined && correction !== 0 && Number.isFinite(correction) && !Object.is(compensated + correction, (total as Num).value)) throw new Found({ kind: 'float sum', at: node });
    return total;
  }

  private invokeValue(fn: Value, args: Value[]): Value {
    if (!(fn instanceof Closure)) throw new GiveUp();
    return this.invoke(fn, args);
  }
}

/** Python's str.isspace characters, which str.strip takes off without arguments. */
const PYTHON_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PYTHON_LEADING_SPACE = new RegExp(`^[${PYTHON_SPACE}]+`);
const PYTHON_TRAILING_SPACE = new RegExp(`[${PYTHON_SPACE}]+$`);

/** str.strip, lstrip (`end` false) or rstrip (`start` false) without arguments. */
function pythonStrip(text: string, start: boolean, end: boolean): string {
  const stripped = start ? text.replace(PYTHON_LEADING_SPACE, '') : text;
  return end ? stripped.replace(PYTHON_TRAILING_SPACE, '') : stripped;
}

/** A give-up passing `node` on its way out, placed there if nothing inside placed it. */
function placed(signal: unknown, node: RunGaveUp['at']): unknown {
  if (signal instanceof GiveUp && signal.at === undefined) signal.at = node;
  return signal;
}

/** A finite number as Python writes it, near enough to name it in a message (2.0 for a whole float). */
function numberText(number: Num): string {
  return number.float && Number.isInteger(number.value) && Math.abs(number.value) < 1e16 ? `${number.value}.0` : String(number.value);
}

/** Python's str of a value that is not a text (repr of the items in a list or dict); what it cannot tell, it gives up on. */
function pythonRepr(value: Value): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return textRepr(value);
  if (value instanceof Num) {
    const magnitude = Math.abs(value.value);
    if (!value.float) return String(value.value);
    if (!Number.isFinite(value.value) || (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16))) throw new GiveUp();
    return Number.isInteger(value.value) ? `${Object.is(value.value, -0) ? '-0' : value.value}.0` : String(value.value);
  }
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (value instanceof Map) return `{${[...value].map(([key, item]) => `${pythonRepr(key.startsWith('s:') ? key.slice(2) : new Num(Number(key.slice(2)), key.startsWith('f:')))}: ${pythonRepr(item)}`).join(', ')}}`;
  throw new GiveUp();
}

/**
 * Python's repr of a text: in single quotes unless it holds one and no double quote; a backslash,
 * the quote, \t \n \r and characters Python does not print (controls, format characters, spaces
 * other than ' ') escaped. Past U+2FFF the run gives up: Python's Unicode tables may be older than
 * Node's there.
 */
function textRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0x2fff) throw new GiveUp();
    if (char === '\\' || char === quote) out += `\\${char}`;
    else if (char === '\t') out += '\\t';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char !== ' ' && /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u.test(char)) out += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${quote}${out}${quote}`;
}

/** The a / b of Python's a // b, which the import wrote as floor(a / b) spanning the whole `a // b`; undefined for math.floor(…). */
/**
 * The test of whether two elements of a tuple key are equal, as the Python import writes it
 * (`keyFirst == keySecond`): Python's tuples take the same NaN object as equal, which no value test can tell.
 */
function isKeyTie(site: { id: string; span: Expression['span'] }): boolean {
  const node = site as Partial<BinaryExpression>;
  return node.type === 'BinaryExpression' && node.operator === '==' && node.left?.type === 'Identifier' && /^keyFirst\d*_*$/.test(node.left.name) && node.right?.type === 'Identifier' && /^keySecond\d*_*$/.test(node.right.name);
}

export function floorDivision(call: CallExpression): BinaryExpression | undefined {
  const [quotient] = call.arguments;
  const whole = quotient?.type === 'BinaryExpression' && quotient.operator === '/' && quotient.span.startOffset === call.span.startOffset && quotient.span.endOffset === call.span.endOffset;
  return whole ? quotient : undefined;
}

/** Whetstone's isAlpha … isUpper of `text`, by the regular expressions the JavaScript generator writes. */
function testKind(name: string, text: string): boolean {
  const source = kindTest(name, 'text');
  const [, pattern, flags] = /^\/(.*)\/(\w*)\.test\(text\)$/.exec(source) ?? [];
  return new RegExp(pattern, flags).test(text);
}
