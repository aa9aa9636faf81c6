// Tests for truth as the source's language reads them. Python and JavaScript test any value for
// truth (`while queue:`, `if (!node)`, `name or "anon"`), where Whetstone's conditions are bools,
// and the two truths differ: an empty list, text or dict is false in Python, every list and object
// true in JavaScript; NaN is true in Python, false in JavaScript. Once the whole program is
// imported (the checker types it whole), each value tested is written as the Whetstone test that
// gives the source's truth in every target, by its type (`len(queue) > 0`, `abs(n) > 0`), and
// `a or b` / `a || b` used as a value as the conditional that gives the operand that decides
// (`s != "" ? s : "anon"`). A value of no known type is an error at import, unless Python's run at
// import met only one kind of value there; so is a test that would read a value with effects twice.
import { EXPRESSION_TYPES, indexTree, roleOf, visitReturns, walk, type AstIndex, type BinaryExpression, type Block, type ExpressionStatement, type IfStatement, type Statement, type ConditionalExpression, type Expression, type FunctionDeclaration, type Lambda, type IndexExpression, type MemberExpression, type UnaryExpression, type Node, type Program, type VariableDeclaration } from '../../core/ast';
import { analyze, stripOptional, type SemanticModel, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import type { RunResult, TestedKind } from './python-float-run';
import { forgetPythonRun, pythonRun } from './python-floats';
import { walkParameterType } from './walk-parameters';

/** Whose truth the source's tests have (TypeScript's is JavaScript's). */
export type Truth = 'python' | 'javascript';

/** What a tested value may be: its kinds other than None/null, and whether it may be None/null. */
interface Kinds {
  /** `unknown`: a JavaScript value of no known type, tested by jsTruthy. */
  kinds: Set<TestedKind | 'bool' | 'record' | 'unknown'>;
  nullable: boolean;
}

/** Where an expression sits in its parent. */
interface Slot {
  parent: Node;
  key: string;
  index?: number;
}

type Logical = BinaryExpression & { operator: '&&' | '||' };

/** A refusal: why the test is not carried, and what to write instead. */
interface Refusal {
  at: Expression;
  message: string;
  hint: string;
}

/** Rounds of typing again: a name given the value of one `or` may be tested by another. */
const MAX_ROUNDS = 3;

/** Rewrites the file's tests for truth into Whetstone's bool conditions; errors for those it cannot carry. */
export function carryTruthTests(program: Program, builder: AstBuilder, truth: Truth, instances: ReadonlySet<string> = new Set()): ProjectionDiagnostic[] {
  const tests = new TruthTests(program, builder, truth, instances);
  return tests.carry();
}

class TruthTests {
  /** Values tested for truth, with where they sit. */
  private readonly sites: { expression: Expression; slot: Slot }[] = [];
  /** `a || b` and `a && b` used as values (outermost of a run of one operator). */
  private readonly chains: { node: Logical; slot: Slot; statement?: Slot }[] = [];
  /** Where each lambda sits: a filter's callback tests what its body gives. */
  private readonly lambdaParents = new Map<string, Node>();
  private run: RunResult | undefined;
  private model!: SemanticModel;
  private rewrote = false;
  /** The program's nodes by id (made when first needed). */
  private nodes: AstIndex | undefined;
  /** Whether the tree changed after the run at import was made. */
  private staleRun = false;

  constructor(
    private readonly program: Program,
    private readonly builder: AstBuilder,
    private readonly truth: Truth,
    /** The record types that stand for classes of the source: an instance is always true (the class defines no __bool__ or __len__). */
    private readonly instances: ReadonlySet<string>,
  ) {}

  carry(): ProjectionDiagnostic[] {
    this.collect();
    if (this.sites.length === 0 && this.chains.length === 0) return [];
    this.model = analyze(this.program);
    const refusals: Refusal[] = [];
    // Inner chains first (the walk met them after their parents), each typed again after a round.
    let pending = [...this.chains].reverse();
    let refused: { chain: (typeof pending)[number]; refusal: Refusal }[] = [];
    for (let round = 0; round < MAX_ROUNDS && pending.length > 0; round++) {
      if (round > 0) this.model = analyze(this.program);
      refused = [];
      for (const chain of pending) {
        const refusal = this.carryChain(chain.node, chain.slot, chain.statement);
        if (refusal) refused.push({ chain, refusal });
      }
      if (refused.length === pending.length) break;
      pending = refused.map(({ chain }) => chain);
    }
    refusals.push(...refused.map(({ refusal }) => refusal));
    if (this.rewrote) this.model = analyze(this.program);
    for (const site of this.sites) {
      const kinds = this.kindsOf(site.expression);
      if (!kinds.known) {
        refusals.push(this.refuse(site.expression, site.slot, kinds.why));
        continue;
      }
      if (this.isBool(site.expression)) continue;
      const test = this.test(site.expression, kinds, site.slot);
      if ('message' in test) refusals.push(test);
      else this.put(site.slot, test);
    }
    // The run was made of the program as written; the checks after this one run what it became.
    if (this.staleRun) forgetPythonRun(this.program);
    return refusals.map(({ at, message, hint }) => projectionDiagnostic('W_UNSUPPORTED', 'error', `Not carried into Whetstone: ${message}`, at.id, at.span, { hint }));
  }

  // ---------------------------------------------------------------------------------------------
  // What is tested

  private collect(): void {
    /** `&&` / `||` whose operands are tested (they are conditions themselves). */
    const conditions = new Set<string>();
    /** Where each expression statement sits (`ready && start()` becomes an if there). */
    const statements = new Map<string, Slot>();
    walk(this.program, (node, parent) => {
      if (parent && node.type === 'Lambda') this.lambdaParents.set(node.id, parent);
      if (parent && node.type === 'ExpressionStatement') statements.set(node.id, slotOf(parent, node));
      if (!parent || !isExpression(node)) return;
      const tested = this.testedHere(node, parent, conditions);
      if (isLogical(node)) {
        if (tested) conditions.add(node.id);
        // The left operand of the same operator belongs to its parent's chain: (a || b) || c.
        else if (!(isLogical(parent) && !conditions.has(parent.id) && parent.operator === node.operator && parent.left === node)) {
          this.chains.push({ node, slot: slotOf(parent, node), statement: parent.type === 'ExpressionStatement' && statements.get(parent.id)?.index !== undefined ? statements.get(parent.id) : undefined });
        }
      } else if (tested) {
        this.sites.push({ expression: node, slot: slotOf(parent, node) });
      }
    });
  }

  /** Whether `node` is where its parent tests a value for truth. */
  private testedHere(node: Expression, parent: Node, conditions: ReadonlySet<string>): boolean {
    switch (parent.type) {
      case 'IfStatement':
      case 'WhileStatement':
      case 'ConditionalExpression':
        return parent.condition === node;
      case 'UnaryExpression':
        return parent.operator === '!';
      case 'BinaryExpression':
        return conditions.has(parent.id);
      case 'CallExpression':
        return parent.callee.type === 'Identifier' && parent.callee.name === 'assert' && this.builder.libraryCallees.has(parent.callee.id) && parent.arguments[0] === node;
      case 'Lambda': {
        // filter(xs, fn(x) => x % 2): the built-in keeps the elements whose value the source tests for truth.
        const call = this.lambdaParents.get(parent.id);
        return parent.body === node && call?.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'filter' && this.builder.libraryCallees.has(call.callee.id) && call.arguments[1] === parent;
      }
      default:
        return false;
    }
  }

  /** What a tested value may be: by the checker's type, or where it has none, by Python's run at import. */
  private kindsOf(expression: Expression): ({ known: true } & Kinds) | { known: false; why: string } {
    // Reported where it was left out or named: tested as it is, not reported twice.
    if (this.reportedElsewhere(expression)) return { known: true, kinds: new Set(['bool']), nullable: false };
    let type = this.model.typeOf(expression.id);
    if (!type || stripOptional(type).kind === 'any') type = walkParameterType(this.model, (this.nodes ??= indexTree(this.program)), expression, this.builder.libraryCallees) ?? type;
    const instance = type && stripOptional(type);
    if (instance?.kind === 'named' && this.instances.has(instance.name)) return { known: true, kinds: new Set(['function']), nullable: type!.kind === 'optional' };
    const byType = type ? kindsOfType(type) : undefined;
    if (byType) return { known: true, ...byType };
    if (this.givesBools(expression, new Set())) return { known: true, kinds: new Set(['bool']), nullable: false };
    // The source's truth of any value, as jsTruthy and pyTruthy give it in every target; from
    // Python, the one kind of value its run at import met there, where it met one, gives the plainer test.
    const unknown: { known: true } & Kinds = { known: true, kinds: new Set(['unknown']), nullable: true };
    if (this.truth === 'javascript') return unknown;
    this.run ??= pythonRun(this.program, this.builder.libraryCallees, this.builder.source);
    if (this.run.shown === undefined || !this.run.tested || !this.run.reached.has(expression.id)) return unknown;
    const seen = this.run.tested.get(expression.id);
    // Reached, and never anything but a bool.
    if (!seen) return { known: true, kinds: new Set(['bool']), nullable: false };
    const kinds = new Set<TestedKind>([...seen].filter((kind) => kind !== 'none'));
    if (kinds.size > 1) return unknown;
    return { known: true, kinds, nullable: seen.has('none') };
  }

  /**
   * Whether the import reports `expression` as not carried whatever it holds: a left-out
   * expression, a name the file does not declare, a call of one, a method outside the tables
   * (library-names.ts).
   */
  private reportedElsewhere(expression: Expression): boolean {
    if (expression.type === 'ErrorNode') return true;
    const undeclared = (name: Expression): boolean => name.type === 'Identifier' && !this.builder.libraryCallees.has(name.id) && !this.model.symbolOf(name.id);
    if (undeclared(expression)) return true;
    if (expression.type !== 'CallExpression') return false;
    if (undeclared(expression.callee)) return true;
    if (expression.callee.type !== 'MemberExpression') return false;
    // A method of something other than a record or object: outside the tables.
    const holder = this.model.typeOf(expression.callee.object.id);
    return !holder || !['object', 'named', 'map', 'module'].includes(stripOptional(holder).kind);
  }

  /** Whether `expression` is known to be a bool (by its type, its function's returns or the run). */
  private isBool(expression: Expression): boolean {
    const kinds = this.kindsOf(expression);
    return kinds.known && !kinds.nullable && kinds.kinds.size === 1 && kinds.kinds.has('bool');
  }

  /**
   * Whether `expression` is a bool, or a call of the file's function whose every returned value is
   * (a function that ends without a value gives undefined or None, false in both languages, as
   * Whetstone's null is in every target).
   */
  private givesBools(expression: Expression, visiting: Set<string>): boolean {
    if (this.model.typeOf(expression.id)?.kind === 'bool') return true;
    if (expression.type !== 'CallExpression' || expression.callee.type !== 'Identifier') return false;
    const fn = this.functionCalled(expression.callee.id);
    if (!fn) return false;
    // A recursive call gives what the function's other returns give.
    if (visiting.has(fn.id)) return true;
    visiting.add(fn.id);
    if (fn.body.type !== 'Block') return this.givesBools(fn.body, visiting);
    const returned: Expression[] = [];
    // A bare return gives undefined or None, false in both languages, as Whetstone's null is.
    visitReturns(fn.body, (value) => value && returned.push(value));
    return returned.every((value) => this.givesBools(value, visiting));
  }

  /** The function of the file an identifier names: a declaration, or a const that holds a lambda. */
  private functionCalled(identifierId: string): FunctionDeclaration | Lambda | undefined {
    const declaredId = this.model.symbolOf(identifierId)?.declNodeId;
    if (!declaredId) return undefined;
    this.nodes ??= indexTree(this.program);
    const declaration = this.nodes.node(declaredId);
    if (declaration?.type === 'FunctionDeclaration') return declaration;
    if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' && declaration.initializer?.type === 'Lambda') return declaration.initializer;
    return undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // The tests

  /** The Whetstone test of `expression` (of `kinds`) that gives the source's truth, or why there is none. */
  private test(expression: Expression, { kinds, nullable }: Kinds, slot: Slot): Expression | Refusal {
    if (kinds.has('unknown')) return this.kindTest(expression, 'unknown');
    if (kinds.size > 1) return this.refuse(expression, slot, `it may be ${[...kinds].map((kind) => `a ${KIND_NAMES[kind]}`).join(' or ')}`);
    const [kind] = [...kinds];
    if (kind === 'record' && this.truth === 'python') return this.refuse(expression, slot, 'it is a record, which Python would hold as an object of a class');
    const notNull = (): Expression => this.binary('!=', expression, this.builder.literal(null, expression.span));
    // Only None/null; or a value always true (JavaScript's objects, any function) unless null.
    if (kind === undefined || kind === 'function' || (this.truth === 'javascript' && ALWAYS_TRUE_IN_JAVASCRIPT.has(kind))) return notNull();
    if (!nullable) return this.kindTest(expression, kind);
    const copy = this.copy(expression);
    if (!copy) return this.refuse(expression, slot, `it may be ${this.truth === 'python' ? 'None' : 'null'}, and testing it reads it twice`, 'Assign the value to a name first, and test the name.');
    return this.binary('&&', notNull(), this.kindTest(copy, kind));
  }

  /** The test of a value that is surely of `kind` (number, text, list, dict, bool). */
  private kindTest(expression: Expression, kind: TestedKind | 'bool' | 'record' | 'unknown'): Expression {
    const { builder } = this;
    const at = expression.span;
    if (kind === 'bool') return expression;
    if (kind === 'unknown') return builder.call(this.truth === 'python' ? 'pyTruthy' : 'jsTruthy', [expression], at);
    if (kind === 'text') return this.binary('!=', expression, builder.literal('', at));
    if (kind === 'number') {
      // Python: not 0 (NaN is true). JavaScript: not 0 nor NaN, which abs(x) > 0 says reading x once.
      if (this.truth === 'python' || isLength(expression, builder)) return this.binary('!=', expression, builder.literal(0, at));
      return this.binary('>', builder.call('abs', [expression], at), builder.literal(0, at));
    }
    return this.binary('>', builder.call('len', [expression], at), builder.literal(0, at));
  }

  /** `a || b || c` (`a && b && c`) used as a value: the conditional that gives the operand that decides. */
  private carryChain(node: Logical, slot: Slot, statement: Slot | undefined): Refusal | undefined {
    const operands = operandsOf(node);
    // Bools throughout: Whetstone's own || and &&.
    if (operands.every((operand) => this.isBool(operand))) return undefined;
    if (statement) return this.carryStatementChain(node, operands, statement);
    const types = operands.map((operand) => this.model.typeOf(operand.id));
    const word = this.operatorName(node.operator);
    const kinds = types.map((type) => (type ? stripOptional(type).kind : 'any'));
    const valued = [...new Set(kinds.filter((kind) => kind !== 'null' && kind !== 'any'))];
    if (valued.length > 1) {
      return {
        at: node,
        message: `this ${word} gives the operand that decides, as it is: here ${valued.map((kind) => `a ${typeName(kind)}`).join(' or ')}, where a Whetstone value has one type`,
        hint: 'Write it as an if statement that assigns each case, or give the operands one type.',
      };
    }
    // The value, from the last operand back: T(a) ? a : rest for ||, T(a) ? rest : a for &&.
    let value = operands[operands.length - 1];
    for (let index = operands.length - 2; index >= 0; index--) {
      let operand = operands[index];
      const kinds = this.kindsOf(operand);
      if (!kinds.known) return this.refuse(operand, { parent: node, key: 'left' }, kinds.why);
      // The first operand read twice: held first in a constant, where the statement allows it.
      const place = index === 0 && !this.copy(operand) ? this.holdingPlace(node) : undefined;
      if (place) {
        const heldTest = this.test(this.builder.identifier(place.name, operand.span), kinds, { parent: node, key: 'left' });
        if ('message' in heldTest) return heldTest;
        operand = this.hold(place, operand);
      }
      const copy = this.copy(operand);
      if (!copy) {
        return {
          at: operand,
          message: `this ${word} gives its ${node.operator === '||' ? 'first operand when it is true' : 'first operand when it is false'}, so reading it would be done twice (it is not a name, a field or an element)`,
          hint: 'Assign the operand to a name first, and use the name.',
        };
      }
      const test = this.test(copy, kinds, { parent: node, key: 'left' });
      if ('message' in test) return test;
      const [consequent, alternate] = node.operator === '||' ? [operand, value] : [value, operand];
      value = this.builder.make<ConditionalExpression>('ConditionalExpression', index === 0 ? node.span : operand.span, { condition: test, consequent, alternate });
    }
    this.put(slot, value);
    return undefined;
  }

  /**
   * `f() or "0"`: the first operand, read twice by the conditional, held first in a constant just
   * before the statement (`const heldN = f();`) and the name used instead. Only where the statement
   * does nothing before it: the chain is the statement's value, what it returns or assigns to a
   * name, or the first argument of a call of a name that is one of these.
   */
  private holdingPlace(node: Logical): { list: Node[]; at: number; name: string } | undefined {
    const index = indexTree(this.program);
    let child: Node = node;
    let parent = index.parent(node.id);
    while (parent?.type === 'CallExpression' && parent.callee.type === 'Identifier' && parent.arguments[0] === child) [child, parent] = [parent, index.parent(parent.id)];
    const statement = parent;
    const whole =
      statement?.type === 'ExpressionStatement' ||
      statement?.type === 'ReturnStatement' ||
      (statement?.type === 'VariableDeclaration' && statement.initializer === child) ||
      (statement?.type === 'AssignmentStatement' && statement.value === child && statement.target.type === 'Identifier' && statement.operator === '=');
    if (!statement || !whole) return undefined;
    const container = index.parent(statement.id);
    const list = container?.type === 'Block' ? (container.statements as Node[]) : container?.type === 'Program' ? (container.children as Node[]) : undefined;
    const at = list?.indexOf(statement) ?? -1;
    if (!list || at < 0) return undefined;
    const taken = new Set<string>();
    walk(this.program, (each) => {
      if (each.type === 'Identifier' || each.type === 'VariableDeclaration' || each.type === 'Parameter' || each.type === 'FunctionDeclaration') taken.add(each.name);
    });
    let count = 1;
    while (taken.has(`held${count}`)) count++;
    return { list, at, name: `held${count}` };
  }

  /** Puts `const <name> = operand;` at the place found, and gives the name to read instead. */
  private hold(place: { list: Node[]; at: number; name: string }, operand: Expression): Expression {
    place.list.splice(place.at, 0, this.builder.make<VariableDeclaration>('VariableDeclaration', operand.span, { annotations: [], name: place.name, kind: 'const', varType: null, initializer: operand }));
    this.rewrote = true;
    if (this.run) this.staleRun = true;
    return this.builder.identifier(place.name, operand.span);
  }

  /**
   * `ready && start();` (`done || retry();`) as a statement, whose value nothing reads: an if that
   * runs the last operand when the others are all true (all false).
   */
  private carryStatementChain(node: Logical, operands: Expression[], statement: Slot): Refusal | undefined {
    const tests: Expression[] = [];
    for (const operand of operands.slice(0, -1)) {
      const kinds = this.kindsOf(operand);
      if (!kinds.known) return this.refuse(operand, { parent: node, key: 'left' }, kinds.why);
      const test = this.test(operand, kinds, { parent: node, key: 'left' });
      if ('message' in test) return test;
      tests.push(node.operator === '&&' ? test : this.builder.make<UnaryExpression>('UnaryExpression', test.span, { operator: '!', operand: test }));
    }
    const condition = tests.reduce((all, test) => this.binary('&&', all, test));
    const last = operands[operands.length - 1];
    const original = (statement.parent as unknown as Record<string, Statement[]>)[statement.key][statement.index!] as ExpressionStatement;
    const run = this.builder.make<ExpressionStatement>('ExpressionStatement', last.span, { annotations: [], expression: last });
    const consequent = this.builder.make<Block>('Block', last.span, { statements: [run] });
    this.put(statement, this.builder.make<IfStatement>('IfStatement', original.span, { annotations: original.annotations, condition, consequent, alternate: null }));
    return undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Refusals

  private refuse(expression: Expression, slot: Slot, why: string, hint?: string): Refusal {
    const python = this.truth === 'python';
    const rules = python
      ? "Python's truth (an empty list, text or dict, 0 and None are false) differs from JavaScript's (every list and dict is true, NaN is false), and Whetstone's conditions are bools"
      : "JavaScript's truth (0, NaN, an empty text, null and undefined are false, every list and object true) differs from Python's (an empty list or dict is false), and Whetstone's conditions are bools";
    return {
      at: expression,
      message: `${this.constructOf(slot)} tests a value for truth, and ${why}: ${rules}`,
      hint: hint ?? (python ? 'Write the test out: len(x) > 0, x != 0, x != "", x is not None; or give the value a type hint.' : 'Write the test out: x.length > 0, x !== 0, x !== "", x != null; or give the value a type (TypeScript).'),
    };
  }

  /** The construct that tests a value, as its message names it. */
  private constructOf(slot: Slot): string {
    const { parent } = slot;
    switch (parent.type) {
      case 'IfStatement':
        return 'this if';
      case 'WhileStatement':
        return 'this while loop';
      case 'ConditionalExpression':
        return 'this conditional expression';
      case 'UnaryExpression':
        return this.truth === 'python' ? 'this not' : 'this !';
      case 'BinaryExpression':
        return `this ${this.operatorName(parent.operator)}`;
      case 'CallExpression':
        return 'this assert';
      default:
        return 'this expression';
    }
  }

  private operatorName(operator: string): string {
    if (this.truth === 'python') return operator === '&&' ? 'and' : 'or';
    return operator;
  }

  // ---------------------------------------------------------------------------------------------
  // Building

  private binary(operator: BinaryExpression['operator'], left: Expression, right: Expression): BinaryExpression {
    return this.builder.make<BinaryExpression>('BinaryExpression', left.span, { operator, left, right });
  }

  /**
   * A second reading of `expression`, when reading it again has no effect and gives the same
   * value (a name, a literal, a field, an element, a length, arithmetic of those); else undefined.
   */
  private copy(expression: Expression): Expression | undefined {
    const { builder } = this;
    const at = expression.span;
    switch (expression.type) {
      case 'Identifier':
        return builder.identifier(expression.name, at);
      case 'Literal':
        return builder.literal(expression.value, at);
      case 'MemberExpression': {
        const object = this.copy(expression.object);
        return object && builder.make<MemberExpression>('MemberExpression', at, { object, property: expression.property });
      }
      case 'IndexExpression': {
        const object = this.copy(expression.object);
        const index = this.copy(expression.index);
        return object && index && builder.make<IndexExpression>('IndexExpression', at, { object, index });
      }
      case 'UnaryExpression': {
        if (expression.operator === 'await') return undefined;
        const operand = this.copy(expression.operand);
        return operand && builder.make<UnaryExpression>('UnaryExpression', at, { operator: expression.operator, operand });
      }
      case 'BinaryExpression': {
        const left = this.copy(expression.left);
        const right = left && this.copy(expression.right);
        return right && builder.make<BinaryExpression>('BinaryExpression', at, { operator: expression.operator, left: left!, right });
      }
      case 'CallExpression': {
        if (!isLength(expression, builder) || expression.arguments.length !== 1) return undefined;
        const argument = this.copy(expression.arguments[0]);
        return argument && builder.call('len', [argument], at);
      }
      default:
        return undefined;
    }
  }

  private put(slot: Slot, expression: Expression | Statement): void {
    const record = slot.parent as unknown as Record<string, unknown>;
    if (slot.index === undefined) record[slot.key] = expression;
    else (record[slot.key] as (Expression | Statement)[])[slot.index] = expression;
    this.rewrote = true;
    if (this.run) this.staleRun = true;
  }
}

/** In JavaScript every list and object is true (and a function). */
const ALWAYS_TRUE_IN_JAVASCRIPT = new Set<string>(['list', 'dict', 'record']);

const KIND_NAMES: Record<TestedKind | 'bool' | 'record' | 'unknown', string> = {
  number: 'number',
  text: 'text',
  list: 'list',
  dict: 'dict',
  none: 'None',
  function: 'function',
  bool: 'bool',
  record: 'record',
  unknown: 'value of no known type',
};

/** What the checker's type says a value may be; undefined when it says nothing (any, void). */
function kindsOfType(type: Type): Kinds | undefined {
  const nullable = type.kind === 'optional';
  const inner = stripOptional(type);
  const kind = ((): TestedKind | 'bool' | 'record' | undefined => {
    switch (inner.kind) {
      case 'bool':
        return 'bool';
      case 'number':
        return 'number';
      case 'string':
        return 'text';
      case 'list':
        return 'list';
      case 'map':
      case 'object':
        return 'dict';
      case 'named':
        return 'record';
      case 'function':
        return 'function';
      default:
        return undefined;
    }
  })();
  if (inner.kind === 'null') return { kinds: new Set(), nullable: true };
  return kind ? { kinds: new Set([kind]), nullable } : undefined;
}

function typeName(kind: string): string {
  return kind === 'string' ? 'text' : kind === 'map' || kind === 'object' ? 'dict' : kind;
}

/** Whether `expression` is a length (never NaN). */
function isLength(expression: Expression, builder: AstBuilder): boolean {
  return expression.type === 'CallExpression' && expression.callee.type === 'Identifier' && expression.callee.name === 'len' && builder.libraryCallees.has(expression.callee.id);
}

function isExpression(node: Node): node is Expression {
  return EXPRESSION_TYPES.has(node.type);
}

function isLogical(node: Node): node is Logical {
  return node.type === 'BinaryExpression' && (node.operator === '&&' || node.operator === '||');
}

/** The operands of a run of one operator, left to right: a, b, c of (a || b) || c. */
function operandsOf(node: Logical): Expression[] {
  const left = isLogical(node.left) && node.left.operator === node.operator ? operandsOf(node.left) : [node.left];
  return [...left, node.right];
}

function slotOf(parent: Node, child: Node): Slot {
  const key = roleOf(parent, child);
  if (key === undefined) throw new Error(`${child.type} is not a child of ${parent.type}`);
  const value = (parent as unknown as Record<string, unknown>)[key];
  return Array.isArray(value) ? { parent, key, index: value.indexOf(child) } : { parent, key };
}
