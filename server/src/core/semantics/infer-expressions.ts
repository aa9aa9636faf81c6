// Pass 2 of the analysis, expressions: infers the type of every expression, checking what each
// operator, call, member access, index and literal asks of its operands (E_TYPE_MISMATCH, E_ARITY,
// E_NOT_CALLABLE, E_UNKNOWN_FIELD, E_DUPLICATE in object literals, E_AWAIT_OUTSIDE_ASYNC), with the
// expected type pushed into literals where there is one. Unknown types are any and never an error.
// A lambda's block body is statements: check-statements.ts checks it, through `checkBody`.
import type {
  ArrayLiteral,
  BinaryExpression,
  BinaryOperator,
  ConditionalExpression,
  Block,
  CallExpression,
  Expression,
  FunctionDeclaration,
  IndexExpression,
  Lambda,
  MemberExpression,
  Node,
  ObjectLiteral,
  Parameter,
  TypeTest,
  UnaryExpression,
} from '../ast/ast';
import { TESTED_TYPES } from '../ast/ast';
import type { Mutation, NodeSpec } from '../ast/mutation';
import type { CheckContext } from './check-context';
import type { SemanticSymbol } from './symbols';
import { insertNode, replaceWithLiteral, setProperty, wrapInCall } from './fixes';
import { Narrowing } from './narrowing';
import { closestName } from './suggest';
import {
  ANY,
  BOOL,
  NULL,
  NUMBER,
  STRING,
  commonType,
  listOf,
  parametersToString,
  requiredArity,
  stripOptional,
  typeToString,
  whyNotAssignable,
  widenForVariable,
  type FunctionType,
  type ObjectType,
  type Type,
} from './types';

/** Words for a type that does not fit: (actual, expected) -> message. */
export type Describe = (actual: string, expected: string) => string;

/** Checks a function's or lambda's block body (statements, and whether it can end without returning). */
export type BodyChecker = (node: FunctionDeclaration | Lambda, body: Block | null | undefined, returnType: Type | null, what: string) => void;

/** Known types whose values a type test can tell apart from the tested type. */
const NEVER_TESTED_KINDS: ReadonlySet<string> = new Set(['number', 'string', 'bool', 'list', 'map', 'object', 'function', 'null']);

export class ExpressionChecker {
  /** What the type tests that have passed tell about names (narrowing.ts). */
  readonly narrowing: Narrowing;

  constructor(
    private readonly context: CheckContext,
    private readonly checkBody: BodyChecker,
  ) {
    this.narrowing = new Narrowing(context.item, context.resolution);
  }

  /** Default values of parameters: checked against the declared type, or giving the parameter its type. */
  checkParameterDefaults(parameters: readonly Parameter[]): void {
    for (const param of parameters) {
      if (!param.defaultValue) continue;
      const symbol = this.context.declaredSymbol(param.id);
      if (param.paramType) {
        const declared = this.context.resolution.annotatedTypes.get(param.id) ?? ANY;
        this.checkAssignable(param.defaultValue, declared, (actual, expected) => `Default value of type ${actual} is not assignable to parameter '${param.name}' of type ${expected}`);
      } else {
        const inferred = widenForVariable(this.infer(param.defaultValue));
        if (symbol && symbol.type.kind === 'any') symbol.type = inferred;
      }
    }
  }

  /** Checks `expr` against `target` and returns the expression's type. */
  checkAssignable(expr: Expression, target: Type, describe: Describe): Type {
    const base = stripOptional(target);
    if (expr.type === 'ObjectLiteral' && (base.kind === 'named' || base.kind === 'object' || base.kind === 'map')) {
      return this.checkObjectLiteral(expr, target);
    }
    if (expr.type === 'ArrayLiteral' && base.kind === 'list') {
      for (const element of expr.elements) {
        this.checkAssignable(element, base.element, (actual, expected) => `List element of type ${actual} is not assignable to ${expected}`);
      }
      this.context.result.types.set(expr.id, base);
      return base;
    }
    const actual = this.infer(expr);
    const problem = whyNotAssignable(actual, target, this.context.types);
    if (problem === null) return actual;
    const message = describe(typeToString(actual), typeToString(target)) + (problem ? ` (${problem})` : '');
    const actualBase = stripOptional(actual);
    let extra: { hint?: string; fix?: Mutation[] } = {};
    // A literal is written as the other kind where the conversion would give exactly that value.
    const digits = expr.type === 'Literal' && typeof expr.value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(expr.value) && String(Number(expr.value)) === expr.value ? expr.value : undefined;
    const numberText = expr.type === 'Literal' && typeof expr.value === 'number' && Number.isFinite(expr.value) && expr.raw === String(expr.value) ? expr.raw : undefined;
    if (base.kind === 'string' && numberText !== undefined) {
      extra = { hint: `Write it as the text "${numberText}"`, fix: [replaceWithLiteral(expr, numberText)] };
    } else if (base.kind === 'number' && digits !== undefined) {
      extra = { hint: `Write it as the number ${digits}`, fix: [replaceWithLiteral(expr, Number(digits))] };
    } else if (base.kind === 'string' && (actualBase.kind === 'number' || actualBase.kind === 'bool') && this.context.isBuiltin('str', expr)) {
      extra = { hint: 'Convert it with str(…)', fix: [wrapInCall(expr, 'str')] };
    } else if (base.kind === 'number' && actualBase.kind === 'string' && this.context.isBuiltin('num', expr)) {
      extra = { hint: 'Convert it with num(…) (NaN when it is not a number)', fix: [wrapInCall(expr, 'num')] };
    }
    this.context.report('E_TYPE_MISMATCH', message, expr, expr.span, extra);
    return actual;
  }

  /** An object literal where a declared type, a structural type or a map is expected. */

  private checkObjectLiteral(literal: ObjectLiteral, target: Type): Type {
    const base = stripOptional(target);
    if (base.kind === 'map') {
      for (const property of literal.properties) {
        if (!property.value) continue;
        this.checkAssignable(property.value, base.value, (actual, expected) => `Value of '${property.key}' is ${actual}, not ${expected}`);
      }
      // An empty literal holds no key: it starts a map of any key type.
      if (literal.properties.length > 0 && whyNotAssignable(STRING, base.key, this.context.types) !== null) {
        this.context.report('E_TYPE_MISMATCH', `An object literal has string keys, not ${typeToString(base.key)}`, literal, literal.span);
      }
      this.context.result.types.set(literal.id, base);
      return base;
    }
    const typeName = base.kind === 'named' ? base.name : typeToString(base);
    const fields = base.kind === 'named' ? this.context.types.fieldsOf(base.name) : base.kind === 'object' ? base.fields : undefined;
    if (!fields) {
      // A declared type whose declaration is gone: nothing to check against.
      for (const property of literal.properties) if (property.value) this.infer(property.value);
      this.context.result.types.set(literal.id, base);
      return base;
    }
    const fieldScope = base.kind === 'named' ? this.context.resolution.fieldScopes.get(base.name) : undefined;
    const seen = new Set<string>();
    const unknown: typeof literal.properties = [];
    for (const property of literal.properties) {
      if (seen.has(property.key)) {
        this.context.report('E_DUPLICATE', `Duplicate field '${property.key}' in object literal`, property, this.context.nameSpanOf(property));
        if (property.value) this.infer(property.value);
        continue;
      }
      seen.add(property.key);
      const fieldType = fields.get(property.key);
      if (fieldType === undefined) {
        unknown.push(property);
        if (property.value) this.infer(property.value);
        continue;
      }
      const fieldSymbol = fieldScope?.symbols.get(property.key);
      if (fieldSymbol) this.context.addFieldReference(property.id, fieldSymbol, 'write');
      if (property.value) {
        this.checkAssignable(property.value, fieldType, (actual, expected) => `Field '${property.key}' of ${typeName} is ${expected}, not ${actual}`);
      }
    }
    const missing = [...fields.keys()].filter((name) => !seen.has(name));
    for (const property of unknown) {
      const suggestion = closestName(property.key, missing);
      if (suggestion) missing.splice(missing.indexOf(suggestion), 1);
      this.context.report('E_TYPE_MISMATCH', `Type ${typeName} has no field '${property.key}'`, property, this.context.nameSpanOf(property), {
        hint: suggestion ? `Did you mean '${suggestion}'?` : `Fields of ${typeName}: ${[...fields.keys()].join(', ')}`,
        ...(suggestion ? { fix: [setProperty(property.id, 'key', suggestion)] } : {}),
      });
    }
    if (missing.length > 0) {
      const defaults = missing.map((name) => defaultValueSpec(fields.get(name) ?? ANY));
      const fix = defaults.every((spec) => spec !== undefined)
        ? missing.map((name, index) => insertNode(literal.id, 'properties', { type: 'Property', key: name, value: defaults[index] as NodeSpec }))
        : undefined;
      const list = missing.map((name) => `'${name}'`).join(', ');
      this.context.report('E_TYPE_MISMATCH', `Missing field${missing.length === 1 ? '' : 's'} ${list} required by ${typeName}`, literal, literal.span, {
        hint: `${typeName} has ${[...fields].map(([name, type]) => `${name}: ${typeToString(type)}`).join(', ')}`,
        ...(fix ? { fix } : {}),
      });
    }
    this.context.result.types.set(literal.id, base);
    return base;
  }

  infer(expr: Expression): Type {
    const type = this.inferUncached(expr);
    this.context.result.types.set(expr.id, type);
    return type;
  }

  private inferUncached(expr: Expression): Type {
    switch (expr.type) {
      case 'Literal':
        return typeof expr.value === 'number' ? NUMBER : typeof expr.value === 'string' ? STRING : typeof expr.value === 'boolean' ? BOOL : NULL;
      case 'Identifier': {
        const symbol = this.context.resolution.resolved.get(expr.id);
        // A type's name is not a value; using one is reported where it matters (calls).
        if (!symbol || symbol.kind === 'type') return ANY;
        return this.narrowing.typeOf(symbol) ?? symbol.type;
      }
      case 'ArrayLiteral':
        return this.inferList(expr);
      case 'ObjectLiteral':
        return this.inferObject(expr);
      case 'ConditionalExpression':
        return this.inferConditional(expr);
      case 'BinaryExpression':
        return this.inferBinary(expr);
      case 'TypeTest':
        return this.inferTypeTest(expr);
      case 'UnaryExpression':
        return this.inferUnary(expr);
      case 'CallExpression':
        return this.inferCall(expr);
      case 'MemberExpression':
        return this.inferMember(expr);
      case 'IndexExpression':
        return this.inferIndex(expr);
      case 'Lambda':
        return this.inferLambda(expr);
      case 'ErrorNode':
        return ANY;
    }
  }

  private inferList(list: ArrayLiteral): Type {
    let element: Type | undefined;
    for (const item of list.elements) {
      const type = this.infer(item);
      element = element === undefined ? type : commonType(element, type, this.context.types);
    }
    return listOf(element === undefined || element.kind === 'null' ? ANY : element);
  }

  private inferObject(literal: ObjectLiteral): ObjectType {
    const fields = new Map<string, Type>();
    for (const property of literal.properties) {
      const type = property.value ? this.infer(property.value) : ANY;
      if (fields.has(property.key)) {
        this.context.report('E_DUPLICATE', `Duplicate field '${property.key}' in object literal`, property, this.context.nameSpanOf(property));
        continue;
      }
      fields.set(property.key, type);
    }
    return { kind: 'object', fields };
  }

  /** `c ? a : b`: a bool condition, and branches of one type (or one of them null). */
  private inferConditional(expr: ConditionalExpression): Type {
    const condition = this.infer(expr.condition);
    const base = stripOptional(condition);
    if (base.kind !== 'bool' && base.kind !== 'any') {
      this.context.report('E_TYPE_MISMATCH', `The condition of '?' must be bool, not ${typeToString(condition)}`, expr.condition, expr.condition.span, {
        hint: 'Compare explicitly, e.g. x != 0 or x != null',
      });
    }
    const consequent = this.narrowing.within(expr.condition, () => this.infer(expr.consequent));
    const alternate = this.infer(expr.alternate);
    const type = commonType(consequent, alternate, this.context.types);
    if (type.kind === 'any' && consequent.kind !== 'any' && alternate.kind !== 'any') {
      this.context.report('E_TYPE_MISMATCH', `The two branches of '?' differ: ${typeToString(consequent)} and ${typeToString(alternate)}`, expr, expr.span);
    }
    return type;
  }

  /**
   * `x is T`: a bool. T is a type a value can be told by when the program runs; a test the
   * operand's known type can never pass is an error (it is always false). Where it has passed,
   * a name of type any has the tested type (narrowing.ts).
   */
  private inferTypeTest(expr: TypeTest): Type {
    const operand = this.infer(expr.operand);
    const tested = expr.testedType;
    // An empty name is a missing one, already a syntax error.
    if (tested === '') return BOOL;
    if (!TESTED_TYPES.includes(tested)) {
      this.context.report('E_TYPE_MISMATCH', `A type test takes number, string, bool or list, not '${tested}'`, expr, expr.span, {
        hint: 'Records and maps are plain objects when the program runs, so no test tells them apart; a type name with arguments is tested without them (x is list)',
      });
      return BOOL;
    }
    const base = stripOptional(operand);
    // A type a test has given the name says the test is redundant, which code written elsewhere
    // may well be (`typeof x === "number" && !Array.isArray(x)`), not that it is a mistake.
    const symbol = expr.operand.type === 'Identifier' ? this.context.resolution.resolved.get(expr.operand.id) : undefined;
    if (symbol && this.narrowing.typeOf(symbol)) return BOOL;
    // A declared record is an object, never one of the tested types.
    const record = base.kind === 'named' && this.context.types.fieldsOf(base.name) !== undefined;
    if ((NEVER_TESTED_KINDS.has(base.kind) || record) && base.kind !== tested) {
      const negated = expr.operand.type === 'UnaryExpression' && expr.operand.operator === '!';
      this.context.report('E_TYPE_MISMATCH', `This value is ${typeToString(operand)}: it is never a ${tested}, so the test is always false`, expr, expr.span, {
        hint: negated ? `'not x is ${tested}' tests 'not x'; write not (x is ${tested})` : 'A type test is for a value whose type is any',
      });
    }
    return BOOL;
  }

  private inferBinary(expr: BinaryExpression): Type {
    const left = expr.left ? this.infer(expr.left) : ANY;
    // The right side of `&&` runs only where the left is true: its type tests have passed.
    const inferRight = (): Type => (expr.right ? this.infer(expr.right) : ANY);
    const right = expr.operator === '&&' ? this.narrowing.within(expr.left, inferRight) : inferRight();
    return this.binaryResult(expr.operator, left, right, expr, expr.left, expr.right);
  }

  /**
   * The result of `left op right`, reporting operands the operator does not take. `at` is where a
   * problem with the whole operation is reported (the expression, or the `+=` statement).
   */
  binaryResult(operator: BinaryOperator, leftType: Type, rightType: Type, at: Node, leftNode?: Expression | null, rightNode?: Expression | null): Type {
    const left = stripOptional(leftType);
    const right = stripOptional(rightType);
    const isAny = (type: Type): boolean => type.kind === 'any';
    switch (operator) {
      case '+': {
        if (left.kind === 'string' || right.kind === 'string') {
          if ((left.kind === 'string' || isAny(left)) && (right.kind === 'string' || isAny(right))) return STRING;
          this.reportMixedAddition(left, right, at, leftNode, rightNode);
          return STRING;
        }
        if (isAny(left) || isAny(right)) return (left.kind === 'number' || isAny(left)) && (right.kind === 'number' || isAny(right)) ? ANY : this.badOperands(operator, left, right, at);
        if (left.kind === 'number' && right.kind === 'number') return NUMBER;
        return this.badOperands(operator, left, right, at);
      }
      case '-':
      case '*':
      case '/':
      case '%':
      case '**':
      case '&':
      case '|':
      case '^':
      case '<<':
      case '>>':
        for (const [type, node] of [[left, leftNode], [right, rightNode]] as const) {
          if (type.kind !== 'number' && !isAny(type)) {
            const where = node ?? at;
            this.context.report('E_TYPE_MISMATCH', `Operator '${operator}' needs numbers, not ${typeToString(type)}`, where, where.span);
          }
        }
        return NUMBER;
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const comparable = isAny(left) || isAny(right) || (left.kind === right.kind && (left.kind === 'number' || left.kind === 'string'));
        if (!comparable) {
          this.context.report('E_TYPE_MISMATCH', `Cannot compare ${typeToString(left)} with ${typeToString(right)} using '${operator}'`, at, at.span, {
            hint: "'<', '<=', '>', '>=' compare two numbers or two strings",
          });
        }
        return BOOL;
      }
      case '==':
      case '!=':
        return BOOL;
      case '&&':
      case '||':
        for (const [type, node] of [[left, leftNode], [right, rightNode]] as const) {
          if (type.kind !== 'bool' && !isAny(type)) {
            const where = node ?? at;
            this.context.report('E_TYPE_MISMATCH', `Operator '${operator === '&&' ? 'and' : 'or'}' needs bool operands, not ${typeToString(type)}`, where, where.span, {
              hint: type.kind === 'number' ? 'Compare explicitly, e.g. x != 0' : 'Compare explicitly, e.g. x != null',
            });
          }
        }
        return BOOL;
    }
  }

  private reportMixedAddition(left: Type, right: Type, at: Node, leftNode?: Expression | null, rightNode?: Expression | null): void {
    const numberSide = left.kind !== 'string' ? leftNode : rightNode;
    const other = left.kind !== 'string' ? left : right;
    const canConvert = (other.kind === 'number' || other.kind === 'bool') && numberSide && this.context.isBuiltin('str', numberSide);
    this.context.report('E_TYPE_MISMATCH', `Cannot add ${typeToString(left)} and ${typeToString(right)}: '+' joins two strings or adds two numbers`, at, at.span, {
      hint: 'Convert with str(x) to join text',
      ...(canConvert && numberSide ? { fix: [wrapInCall(numberSide, 'str')] } : {}),
    });
  }

  private badOperands(operator: string, left: Type, right: Type, at: Node): Type {
    this.context.report('E_TYPE_MISMATCH', `Operator '${operator}' cannot be applied to ${typeToString(left)} and ${typeToString(right)}`, at, at.span, {
      hint: "'+' adds two numbers or joins two strings",
    });
    return ANY;
  }

  private inferUnary(expr: UnaryExpression): Type {
    const operand = expr.operand ? this.infer(expr.operand) : ANY;
    const base = stripOptional(operand);
    switch (expr.operator) {
      case '-':
        if (base.kind !== 'number' && base.kind !== 'any') this.context.report('E_TYPE_MISMATCH', `Unary '-' needs a number, not ${typeToString(operand)}`, expr, expr.span);
        return NUMBER;
      case '!':
        if (base.kind !== 'bool' && base.kind !== 'any') {
          this.context.report('E_TYPE_MISMATCH', `'not' needs a bool, not ${typeToString(operand)}`, expr, expr.span, {
            hint: 'Compare explicitly, e.g. x == null',
          });
        }
        return BOOL;
      case 'await':
        this.checkAwait(expr);
        // An async function's result is its declared type; await passes it through.
        return operand;
    }
  }

  private checkAwait(expr: UnaryExpression): void {
    const fn = this.context.fn;
    if (fn?.node.type === 'FunctionDeclaration' && fn.node.async) return;
    if (!fn) {
      this.context.report('E_AWAIT_OUTSIDE_ASYNC', "'await' is not allowed at the top level", expr, expr.span, {
        hint: 'Move this code into an async fn',
      });
    } else if (fn.node.type === 'Lambda') {
      this.context.report('E_AWAIT_OUTSIDE_ASYNC', "'await' is not allowed in a lambda (lambdas cannot be async)", expr, expr.span, {
        hint: 'Move the awaiting code into an async fn',
      });
    } else {
      this.context.report('E_AWAIT_OUTSIDE_ASYNC', `'await' is only allowed in an async function, and '${fn.name}' is not async`, expr, expr.span, {
        hint: `Declare it as async fn ${fn.name}(…)`,
        fix: [setProperty(fn.node.id, 'async', true)],
      });
    }
  }

  private inferCall(call: CallExpression): Type {
    const callee = call.callee;
    const calleeType = callee ? this.infer(callee) : ANY;
    const symbol = callee?.type === 'Identifier' ? this.context.resolution.resolved.get(callee.id) : undefined;
    this.context.result.calls.push({ callId: call.id, callerId: this.context.callerId, callee: symbol });
    const args = call.arguments ?? [];
    const calleeName = callee?.type === 'Identifier' ? callee.name : callee?.type === 'MemberExpression' ? callee.property : 'this expression';

    if (symbol?.kind === 'type') {
      for (const arg of args) this.infer(arg);
      this.context.report('E_NOT_CALLABLE', `'${symbol.name}' is a type, not a function`, callee ?? call, (callee ?? call).span, {
        hint: `Build a value of type ${symbol.name} with an object literal: { field: value, … }`,
      });
      return ANY;
    }
    const fnType = stripOptional(calleeType);
    if (fnType.kind === 'any') {
      for (const arg of args) this.infer(arg);
      return ANY;
    }
    if (fnType.kind !== 'function') {
      for (const arg of args) this.infer(arg);
      const subject = callee?.type === 'Identifier' || callee?.type === 'MemberExpression' ? `'${calleeName}'` : 'This expression';
      this.context.report('E_NOT_CALLABLE', `${subject} is not a function: its type is ${typeToString(calleeType)}`, callee ?? call, (callee ?? call).span);
      return ANY;
    }

    this.checkArity(call, fnType, calleeName);
    const argTypes: Type[] = [];
    args.forEach((arg, index) => {
      const param = fnType.params[index];
      const expected = this.elementPushed(symbol, index, arg, argTypes[0]) ?? param?.type ?? fnType.rest?.type;
      if (!expected) {
        argTypes.push(this.infer(arg));
        return;
      }
      const paramName = param?.name ?? fnType.rest?.name ?? '';
      argTypes.push(this.checkAssignable(arg, expected, (actual, expectedText) => `Argument of type ${actual} is not assignable to parameter '${paramName}' of type ${expectedText}`));
    });
    const refine = symbol?.kind === 'builtin' ? symbol.builtin?.refine : undefined;
    if (refine) {
      const refined = refine(argTypes, this.context.fits);
      for (const problem of refined.argumentProblems ?? []) {
        const arg = args[problem.index];
        if (arg) this.context.report('E_TYPE_MISMATCH', problem.message, arg, arg.span);
      }
      if (refined.returnType) return refined.returnType;
    }
    return fnType.returnType;
  }

  /**
   * `push(list, { … })` and `push(list, [ … ])` onto a `list<T>`: the literal is a T, so it is
   * checked as one (its keys are T's fields, for hover and rename). Other values are left to
   * push's own check.
   */
  private elementPushed(symbol: SemanticSymbol | undefined, index: number, arg: Expression, listType: Type | undefined): Type | undefined {
    if (symbol?.kind !== 'builtin' || symbol.name !== 'push' || index !== 1 || !listType) return undefined;
    const list = stripOptional(listType);
    if (list.kind !== 'list') return undefined;
    const element = stripOptional(list.element);
    // Only where the literal is checked field by field (or element by element) against it.
    const checked = arg.type === 'ObjectLiteral' ? element.kind === 'named' || element.kind === 'object' || element.kind === 'map' : arg.type === 'ArrayLiteral' && element.kind === 'list';
    return checked ? list.element : undefined;
  }

  private checkArity(call: CallExpression, fn: FunctionType, calleeName: string): void {
    const count = call.arguments.length;
    const required = requiredArity(fn);
    const most = fn.rest ? Infinity : fn.params.length;
    if (count >= required && count <= most) return;
    const plural = (n: number): string => `${n} argument${n === 1 ? '' : 's'}`;
    const expected =
      most === Infinity ? `at least ${plural(required)}` : required === most ? plural(required) : `${required}–${plural(most)}`;
    this.context.report('E_ARITY', `'${calleeName}' expects ${expected} but got ${count}`, call, call.span, {
      hint: `${calleeName}(${parametersToString(fn)})`,
    });
  }

  private inferMember(expr: MemberExpression): Type {
    const objectType = expr.object ? this.infer(expr.object) : ANY;
    const base = stripOptional(objectType);
    const property = expr.property;
    if (!property) return ANY;
    switch (base.kind) {
      case 'any':
        return ANY;
      case 'named': {
        const fields = this.context.types.fieldsOf(base.name);
        if (!fields) return ANY;
        const fieldType = fields.get(property);
        if (fieldType !== undefined) {
          const symbol = this.context.resolution.fieldScopes.get(base.name)?.symbols.get(property);
          if (symbol) this.context.addFieldReference(expr.id, symbol);
          return fieldType;
        }
        this.reportUnknownField(expr, `Type ${base.name} has no field '${property}'`, fields.keys(), `Fields of ${base.name}`);
        return ANY;
      }
      case 'object': {
        const fieldType = base.fields.get(property);
        if (fieldType !== undefined) return fieldType;
        this.reportUnknownField(expr, `${typeToString(base)} has no field '${property}'`, base.fields.keys(), 'Fields');
        return ANY;
      }
      case 'module': {
        if (!base.members) return ANY;
        const member = base.members.get(property);
        if (member !== undefined) return member;
        this.reportUnknownField(expr, `Module '${base.name}' has no function '${property}'`, base.members.keys(), `'${base.name}' has`);
        return ANY;
      }
      default: {
        const hint =
          property === 'length' && (base.kind === 'list' || base.kind === 'string')
            ? 'Use len(x)'
            : base.kind === 'map'
              ? `Read map entries by index: m["${property}"]`
              : `${typeToString(base)} has no fields`;
        this.context.report('E_UNKNOWN_FIELD', `Type ${typeToString(objectType)} has no field '${property}'`, expr, this.context.nameSpanOf(expr), { hint });
        return ANY;
      }
    }
  }

  private reportUnknownField(expr: MemberExpression, message: string, known: Iterable<string>, listLabel: string): void {
    const names = [...known];
    const suggestion = closestName(expr.property, names);
    this.context.report('E_UNKNOWN_FIELD', message, expr, this.context.nameSpanOf(expr), {
      hint: suggestion ? `Did you mean '${suggestion}'?` : `${listLabel}: ${names.join(', ') || 'none'}`,
      ...(suggestion ? { fix: [setProperty(expr.id, 'property', suggestion)] } : {}),
    });
  }

  private inferIndex(expr: IndexExpression): Type {
    const objectType = expr.object ? this.infer(expr.object) : ANY;
    const indexType = expr.index ? this.infer(expr.index) : ANY;
    const base = stripOptional(objectType);
    const index = expr.index;
    const expectIndex = (expected: Type, what: string): void => {
      if (index && whyNotAssignable(indexType, expected, this.context.types) !== null) {
        this.context.report('E_TYPE_MISMATCH', `${what} index must be ${typeToString(expected)}, not ${typeToString(indexType)}`, index, index.span);
      }
    };
    switch (base.kind) {
      case 'any':
        return ANY;
      case 'list':
        expectIndex(NUMBER, 'A list');
        return base.element;
      case 'string':
        expectIndex(NUMBER, 'A string');
        return STRING;
      case 'map':
        expectIndex(base.key, 'This map’s');
        return base.value;
      case 'named':
      case 'object': {
        // obj["field"] reads a field by name; any other string index is not checked.
        expectIndex(STRING, 'An object');
        if (index?.type === 'Literal' && typeof index.value === 'string') {
          const fields = base.kind === 'named' ? this.context.types.fieldsOf(base.name) : base.fields;
          return fields?.get(index.value) ?? ANY;
        }
        return ANY;
      }
      default:
        if (expr.object) this.context.report('E_TYPE_MISMATCH', `Type ${typeToString(objectType)} cannot be indexed`, expr.object, expr.object.span);
        return ANY;
    }
  }

  private inferLambda(lambda: Lambda): Type {
    const declaredReturn = lambda.returnType ? (this.context.resolution.annotatedTypes.get(lambda.id) ?? ANY) : null;
    let returnType: Type = declaredReturn ?? ANY;
    this.context.withFunction({ node: lambda, name: 'lambda', returnType: declaredReturn }, () => {
      this.checkParameterDefaults(lambda.parameters);
      const body = lambda.body;
      if (!body) return;
      if (body.type === 'Block') {
        this.checkBody(lambda, body, declaredReturn, 'This lambda');
      } else if (declaredReturn) {
        this.checkAssignable(body, declaredReturn, (actual, expected) => `Lambda returns ${actual}, but its return type is ${expected}`);
      } else {
        returnType = this.infer(body);
      }
    });
    const params = lambda.parameters.map((param) => {
      const type = this.context.declaredSymbol(param.id)?.type ?? ANY;
      return param.defaultValue ? { name: param.name, type, hasDefault: true } : { name: param.name, type, hasDefault: false };
    });
    return { kind: 'function', params, returnType, async: false };
  }
}

/** A value to fill a missing field with, when its type has an obvious one. */
function defaultValueSpec(type: Type): NodeSpec | undefined {
  switch (type.kind) {
    case 'optional':
    case 'null':
    case 'any':
      return { type: 'Literal', value: null, raw: 'null' };
    case 'number':
      return { type: 'Literal', value: 0, raw: '0' };
    case 'string':
      return { type: 'Literal', value: '', raw: '""' };
    case 'bool':
      return { type: 'Literal', value: false, raw: 'false' };
    case 'list':
      return { type: 'ArrayLiteral', elements: [] };
    case 'map':
      return { type: 'ObjectLiteral', properties: [] };
    default:
      return undefined;
  }
}
