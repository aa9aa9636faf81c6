// Pass 2 of the analysis: infers the type of every expression and checks what section 5 asks:
// E_TYPE_MISMATCH, E_ARITY, E_NOT_CALLABLE, E_UNKNOWN_FIELD, E_ASSIGN_CONST,
// E_BREAK_OUTSIDE_LOOP, E_AWAIT_OUTSIDE_ASYNC, E_ANNOTATION, W_UNREACHABLE, W_MISSING_RETURN.
// Unknown types are any and never an error. Top-level statements are checked in order first and
// function bodies afterwards, so that bodies see the inferred types of all top-level variables.
import type {
  Annotation,
  ArrayLiteral,
  AssignmentStatement,
  BinaryExpression,
  BinaryOperator,
  Block,
  CallExpression,
  Expression,
  ForStatement,
  FunctionDeclaration,
  IndexExpression,
  Lambda,
  MemberExpression,
  Node,
  ObjectLiteral,
  Parameter,
  Program,
  ReturnStatement,
  Span,
  Statement,
  UnaryExpression,
} from '../ast/ast';
import { makeDiagnostic, type Diagnostic, type DiagnosticCode } from '../ast/diagnostics';
import type { Mutation, NodeSpec } from '../ast/mutation';
import { checkAnnotation } from './check-annotations';
import { compareWithNull, deleteNode, insertNode, setProperty, wrapInCall } from './fixes';
import { canCompleteNormally, firstUnreachableIndex } from './flow';
import { type NameSpans, type Resolution, describeKind } from './resolve';
import { closestName } from './suggest';
import type { SemanticSymbol } from './symbols';
import type { TypeTable } from './type-table';
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

/** One call whose callee is a name: who calls what (for the call hierarchy). */
export interface CallRecord {
  readonly callId: string;
  /** The FunctionDeclaration the call is in, or the Program for top-level code. */
  readonly callerId: string;
  /** The symbol the callee names, when it is a resolved identifier. */
  readonly callee: SemanticSymbol | undefined;
}

export interface CheckResult {
  /** Expression node id -> its type. */
  readonly types: Map<string, Type>;
  /** MemberExpression / Property node id -> the field symbol it names. */
  readonly fieldReferences: Map<string, SemanticSymbol>;
  readonly calls: CallRecord[];
  readonly diagnostics: Diagnostic[];
}

interface FunctionContext {
  readonly node: FunctionDeclaration | Lambda;
  readonly name: string;
  /** The written return type; null when none was written (then returns are not checked). */
  readonly returnType: Type | null;
}

type Describe = (actual: string, expected: string) => string;

export function checkProgram(program: Program, resolution: Resolution, types: TypeTable, names: NameSpans | undefined): CheckResult {
  return new Checker(resolution, types, names).run(program);
}

class Checker {
  private readonly result: CheckResult = { types: new Map(), fieldReferences: new Map(), calls: [], diagnostics: [] };
  private fn: FunctionContext | null = null;
  private loopDepth = 0;
  private callerId = '';
  private readonly fits = (source: Type, target: Type): boolean => whyNotAssignable(source, target, this.types) === null;

  constructor(
    private readonly resolution: Resolution,
    private readonly types: TypeTable,
    private readonly names: NameSpans | undefined,
  ) {}

  run(program: Program): CheckResult {
    this.callerId = program.id;
    const functions: FunctionDeclaration[] = [];
    for (const child of program.children) {
      if (child.type === 'FunctionDeclaration') {
        this.checkAnnotations(child.annotations);
        functions.push(child);
      } else if (child.type === 'TypeDeclaration') {
        this.checkAnnotations(child.annotations);
      } else if (child.type !== 'ImportDeclaration') {
        this.checkStatement(child);
      }
    }
    for (const fn of functions) this.checkFunction(fn);
    return this.result;
  }

  // -------------------------------------------------------------------------------------------
  // Declarations and statements

  private checkFunction(fn: FunctionDeclaration): void {
    const returnType = fn.returnType ? (this.resolution.annotatedTypes.get(fn.id) ?? ANY) : null;
    this.callerId = fn.id;
    this.withFunction({ node: fn, name: fn.name, returnType }, () => {
      this.checkParameters(fn.parameters);
      if (fn.body) this.checkBlock(fn.body);
      this.checkMissingReturn(fn, fn.body, returnType, `Function '${fn.name}'`);
    });
  }

  private checkParameters(parameters: readonly Parameter[]): void {
    for (const param of parameters) {
      if (!param.defaultValue) continue;
      const symbol = this.declaredSymbol(param.id);
      if (param.paramType) {
        const declared = this.resolution.annotatedTypes.get(param.id) ?? ANY;
        this.checkAssignable(param.defaultValue, declared, (actual, expected) => `Default value of type ${actual} is not assignable to parameter '${param.name}' of type ${expected}`);
      } else {
        const inferred = widenForVariable(this.infer(param.defaultValue));
        if (symbol && symbol.type.kind === 'any') symbol.type = inferred;
      }
    }
  }

  private withFunction(context: FunctionContext, body: () => void): void {
    const saved = { fn: this.fn, loopDepth: this.loopDepth };
    this.fn = context;
    this.loopDepth = 0;
    try {
      body();
    } finally {
      this.fn = saved.fn;
      this.loopDepth = saved.loopDepth;
    }
  }

  private checkMissingReturn(node: FunctionDeclaration | Lambda, body: Block | null | undefined, returnType: Type | null, what: string): void {
    if (!returnType || !body) return;
    const base = stripOptional(returnType);
    if (base.kind === 'void' || base.kind === 'any') return;
    if (!canCompleteNormally(body)) return;
    this.report('W_MISSING_RETURN', `${what} declares return type ${typeToString(returnType)} but can end without returning a value`, node, this.nameSpanOf(node), {
      hint: 'Add a return at the end, or make every branch return',
    });
  }

  private checkBlock(block: Block): void {
    const unreachableFrom = firstUnreachableIndex(block.statements);
    for (const statement of block.statements) this.checkStatement(statement);
    if (unreachableFrom >= 0) {
      const first = block.statements[unreachableFrom];
      const unreachable = block.statements.slice(unreachableFrom);
      this.report('W_UNREACHABLE', 'Unreachable code: this statement can never run', first, first.span, {
        hint: `The statement before it always leaves the block (${unreachable.length} statement${unreachable.length === 1 ? '' : 's'} cannot run)`,
        fix: unreachable.map((statement) => deleteNode(statement.id)),
      });
    }
  }

  private checkStatement(statement: Statement): void {
    if (statement.type !== 'ErrorNode') this.checkAnnotations(statement.annotations);
    switch (statement.type) {
      case 'VariableDeclaration': {
        const symbol = this.declaredSymbol(statement.id);
        if (!statement.initializer) return;
        if (statement.varType) {
          const declared = this.resolution.annotatedTypes.get(statement.id) ?? ANY;
          this.checkAssignable(statement.initializer, declared, (actual, expected) => `Type ${actual} is not assignable to '${statement.name}' of type ${expected}`);
        } else {
          const inferred = widenForVariable(this.infer(statement.initializer));
          if (symbol) symbol.type = inferred;
        }
        return;
      }
      case 'AssignmentStatement':
        return this.checkAssignment(statement);
      case 'ReturnStatement':
        return this.checkReturn(statement);
      case 'IfStatement':
        this.checkCondition(statement.condition, 'if');
        if (statement.consequent) this.checkBlock(statement.consequent);
        if (statement.alternate?.type === 'Block') this.checkBlock(statement.alternate);
        else if (statement.alternate) this.checkStatement(statement.alternate);
        return;
      case 'WhileStatement':
        this.checkCondition(statement.condition, 'while');
        this.inLoop(() => statement.body && this.checkBlock(statement.body));
        return;
      case 'ForStatement':
        return this.checkFor(statement);
      case 'BreakStatement':
      case 'ContinueStatement':
        if (this.loopDepth === 0) {
          const word = statement.type === 'BreakStatement' ? 'break' : 'continue';
          this.report('E_BREAK_OUTSIDE_LOOP', `'${word}' can only be used inside a loop`, statement, statement.span, {
            hint: this.fn?.node.type === 'Lambda' ? 'A lambda body is not part of the loop around it' : `Use '${word}' inside a while or for loop`,
          });
        }
        return;
      case 'ExpressionStatement':
        if (statement.expression) this.infer(statement.expression);
        return;
      case 'ErrorNode':
        return;
    }
  }

  private inLoop(body: () => void): void {
    this.loopDepth++;
    try {
      body();
    } finally {
      this.loopDepth--;
    }
  }

  private checkFor(statement: ForStatement): void {
    const iterator = this.declaredSymbol(statement.id);
    const iterable = statement.iterable ? this.infer(statement.iterable) : ANY;
    const base = stripOptional(iterable);
    let element: Type = ANY;
    if (base.kind === 'list') element = base.element;
    else if (base.kind !== 'any' && statement.iterable) {
      const hint =
        base.kind === 'map' || base.kind === 'object'
          ? 'Iterate over keys(m) or values(m)'
          : base.kind === 'number'
            ? 'Iterate over range(n) for 0 … n-1'
            : 'for … in walks a list or range(…)';
      this.report('E_TYPE_MISMATCH', `Cannot iterate over ${typeToString(iterable)}: for … in needs a list`, statement.iterable, statement.iterable.span, { hint });
    }
    if (iterator) iterator.type = element;
    this.inLoop(() => statement.body && this.checkBlock(statement.body));
  }

  private checkAssignment(statement: AssignmentStatement): void {
    const target = statement.target;
    let targetType: Type = ANY;
    if (target?.type === 'Identifier') {
      const symbol = this.resolution.resolved.get(target.id);
      if (symbol) {
        targetType = symbol.type;
        this.checkAssignableName(symbol, target);
      }
      this.result.types.set(target.id, targetType);
    } else if (target) {
      targetType = this.infer(target);
    }
    if (!statement.value) return;
    const targetName = target?.type === 'Identifier' ? `'${target.name}'` : 'the target';
    if (statement.operator === '=') {
      this.checkAssignable(statement.value, targetType, (actual, expected) => `Type ${actual} is not assignable to ${targetName} of type ${expected}`);
      return;
    }
    const operator = statement.operator.slice(0, 1) as BinaryOperator;
    const valueType = this.infer(statement.value);
    const resultType = this.binaryResult(operator, targetType, valueType, statement, target, statement.value);
    const problem = whyNotAssignable(resultType, targetType, this.types);
    if (problem !== null) {
      this.report('E_TYPE_MISMATCH', `'${statement.operator}' gives ${typeToString(resultType)}, which is not assignable to ${targetName} of type ${typeToString(targetType)}`, statement, statement.span);
    }
  }

  /** E_ASSIGN_CONST for names that cannot be assigned. */
  private checkAssignableName(symbol: SemanticSymbol, target: Expression): void {
    if (symbol.kind === 'variable' || symbol.kind === 'parameter') return;
    const decl = symbol.declNodeId ? this.resolution.declNodes.get(symbol.declNodeId) : undefined;
    if (symbol.kind === 'constant') {
      this.report('E_ASSIGN_CONST', `Cannot assign to '${symbol.name}' because it is a constant`, target, target.span, {
        hint: `Declare it with let if it needs to change`,
        ...(decl?.type === 'VariableDeclaration' ? { fix: [setProperty(decl.id, 'kind', 'let')] } : {}),
      });
      return;
    }
    const why =
      symbol.kind === 'iterator'
        ? 'it is a loop variable'
        : `it is ${symbol.kind === 'import' ? 'an import' : symbol.kind === 'builtin' ? 'a built-in function' : `a ${describeKind(symbol.kind)}`}`;
    this.report('E_ASSIGN_CONST', `Cannot assign to '${symbol.name}' because ${why}`, target, target.span, {
      hint: symbol.kind === 'iterator' ? 'Copy it into a let inside the loop to change it' : `Declare a variable with let instead`,
    });
  }

  private checkReturn(statement: ReturnStatement): void {
    const fn = this.fn;
    if (!fn || !fn.returnType) {
      if (statement.value) this.infer(statement.value);
      return;
    }
    const expected = fn.returnType;
    const what = fn.node.type === 'Lambda' ? 'this lambda' : `'${fn.name}'`;
    if (statement.value) {
      if (expected.kind === 'void') {
        this.infer(statement.value);
        this.report('E_TYPE_MISMATCH', `${what} returns void, so it cannot return a value`, statement.value, statement.value.span, {
          hint: 'Remove the value, or declare the return type',
        });
        return;
      }
      this.checkAssignable(statement.value, expected, (actual, expectedText) => `Cannot return ${actual} from ${what}, which returns ${expectedText}`);
      return;
    }
    const base = stripOptional(expected);
    if (base.kind !== 'void' && base.kind !== 'any') {
      this.report('E_TYPE_MISMATCH', `${what} must return a value of type ${typeToString(expected)}`, statement, statement.span);
    }
  }

  private checkCondition(condition: Expression | null | undefined, keyword: string): void {
    if (!condition) return;
    const type = this.infer(condition);
    const base = stripOptional(type);
    if (base.kind === 'bool' || base.kind === 'any') return;
    const nullable = type.kind === 'optional' || base.kind === 'named' || base.kind === 'list' || base.kind === 'map' || base.kind === 'object';
    const hint = nullable
      ? 'Compare explicitly: x != null'
      : base.kind === 'number'
        ? 'Compare explicitly, e.g. x != 0'
        : base.kind === 'string'
          ? 'Compare explicitly, e.g. s != ""'
          : 'A condition must be true or false';
    this.report('E_TYPE_MISMATCH', `The condition of '${keyword}' must be bool, not ${typeToString(type)}`, condition, condition.span, {
      hint,
      ...(nullable ? { fix: [compareWithNull(condition)] } : {}),
    });
  }

  private checkAnnotations(annotations: readonly Annotation[] | undefined): void {
    for (const annotation of annotations ?? []) {
      const diagnostic = checkAnnotation(annotation, this.nameSpanOf(annotation));
      if (diagnostic) this.result.diagnostics.push(diagnostic);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Assignability with the expected type pushed into literals

  /** Checks `expr` against `target` and returns the expression's type. */
  private checkAssignable(expr: Expression, target: Type, describe: Describe): Type {
    const base = stripOptional(target);
    if (expr.type === 'ObjectLiteral' && (base.kind === 'named' || base.kind === 'object' || base.kind === 'map')) {
      return this.checkObjectLiteral(expr, target);
    }
    if (expr.type === 'ArrayLiteral' && base.kind === 'list') {
      for (const element of expr.elements) {
        this.checkAssignable(element, base.element, (actual, expected) => `List element of type ${actual} is not assignable to ${expected}`);
      }
      this.result.types.set(expr.id, base);
      return base;
    }
    const actual = this.infer(expr);
    const problem = whyNotAssignable(actual, target, this.types);
    if (problem === null) return actual;
    const message = describe(typeToString(actual), typeToString(target)) + (problem ? ` (${problem})` : '');
    const actualBase = stripOptional(actual);
    let extra: { hint?: string; fix?: Mutation[] } = {};
    if (base.kind === 'string' && (actualBase.kind === 'number' || actualBase.kind === 'bool') && this.isBuiltin('str', expr)) {
      extra = { hint: 'Convert it with str(…)', fix: [wrapInCall(expr, 'str')] };
    } else if (base.kind === 'number' && actualBase.kind === 'string' && this.isBuiltin('num', expr)) {
      extra = { hint: 'Convert it with num(…) (NaN when it is not a number)', fix: [wrapInCall(expr, 'num')] };
    }
    this.report('E_TYPE_MISMATCH', message, expr, expr.span, extra);
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
      if (whyNotAssignable(STRING, base.key, this.types) !== null) {
        this.report('E_TYPE_MISMATCH', `An object literal has string keys, not ${typeToString(base.key)}`, literal, literal.span);
      }
      this.result.types.set(literal.id, base);
      return base;
    }
    const typeName = base.kind === 'named' ? base.name : typeToString(base);
    const fields = base.kind === 'named' ? this.types.fieldsOf(base.name) : base.kind === 'object' ? base.fields : undefined;
    if (!fields) {
      // A declared type whose declaration is gone: nothing to check against.
      for (const property of literal.properties) if (property.value) this.infer(property.value);
      this.result.types.set(literal.id, base);
      return base;
    }
    const fieldScope = base.kind === 'named' ? this.resolution.fieldScopes.get(base.name) : undefined;
    const seen = new Set<string>();
    const unknown: typeof literal.properties = [];
    for (const property of literal.properties) {
      if (seen.has(property.key)) {
        this.report('E_DUPLICATE', `Duplicate field '${property.key}' in object literal`, property, this.nameSpanOf(property));
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
      if (fieldSymbol) this.addFieldReference(property.id, fieldSymbol, 'write');
      if (property.value) {
        this.checkAssignable(property.value, fieldType, (actual, expected) => `Field '${property.key}' of ${typeName} is ${expected}, not ${actual}`);
      }
    }
    const missing = [...fields.keys()].filter((name) => !seen.has(name));
    for (const property of unknown) {
      const suggestion = closestName(property.key, missing);
      if (suggestion) missing.splice(missing.indexOf(suggestion), 1);
      this.report('E_TYPE_MISMATCH', `Type ${typeName} has no field '${property.key}'`, property, this.nameSpanOf(property), {
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
      this.report('E_TYPE_MISMATCH', `Missing field${missing.length === 1 ? '' : 's'} ${list} required by ${typeName}`, literal, literal.span, {
        hint: `${typeName} has ${[...fields].map(([name, type]) => `${name}: ${typeToString(type)}`).join(', ')}`,
        ...(fix ? { fix } : {}),
      });
    }
    this.result.types.set(literal.id, base);
    return base;
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  private infer(expr: Expression): Type {
    const type = this.inferUncached(expr);
    this.result.types.set(expr.id, type);
    return type;
  }

  private inferUncached(expr: Expression): Type {
    switch (expr.type) {
      case 'Literal':
        return typeof expr.value === 'number' ? NUMBER : typeof expr.value === 'string' ? STRING : typeof expr.value === 'boolean' ? BOOL : NULL;
      case 'Identifier': {
        const symbol = this.resolution.resolved.get(expr.id);
        // A type's name is not a value; using one is reported where it matters (calls).
        return symbol && symbol.kind !== 'type' ? symbol.type : ANY;
      }
      case 'ArrayLiteral':
        return this.inferList(expr);
      case 'ObjectLiteral':
        return this.inferObject(expr);
      case 'BinaryExpression':
        return this.inferBinary(expr);
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
      element = element === undefined ? type : commonType(element, type, this.types);
    }
    return listOf(element === undefined || element.kind === 'null' ? ANY : element);
  }

  private inferObject(literal: ObjectLiteral): ObjectType {
    const fields = new Map<string, Type>();
    for (const property of literal.properties) {
      const type = property.value ? this.infer(property.value) : ANY;
      if (fields.has(property.key)) {
        this.report('E_DUPLICATE', `Duplicate field '${property.key}' in object literal`, property, this.nameSpanOf(property));
        continue;
      }
      fields.set(property.key, type);
    }
    return { kind: 'object', fields };
  }

  private inferBinary(expr: BinaryExpression): Type {
    const left = expr.left ? this.infer(expr.left) : ANY;
    const right = expr.right ? this.infer(expr.right) : ANY;
    return this.binaryResult(expr.operator, left, right, expr, expr.left, expr.right);
  }

  /**
   * The result of `left op right`, reporting operands the operator does not take. `at` is where a
   * problem with the whole operation is reported (the expression, or the `+=` statement).
   */
  private binaryResult(operator: BinaryOperator, leftType: Type, rightType: Type, at: Node, leftNode?: Expression | null, rightNode?: Expression | null): Type {
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
        for (const [type, node] of [[left, leftNode], [right, rightNode]] as const) {
          if (type.kind !== 'number' && !isAny(type)) {
            const where = node ?? at;
            this.report('E_TYPE_MISMATCH', `Operator '${operator}' needs numbers, not ${typeToString(type)}`, where, where.span);
          }
        }
        return NUMBER;
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const comparable = isAny(left) || isAny(right) || (left.kind === right.kind && (left.kind === 'number' || left.kind === 'string'));
        if (!comparable) {
          this.report('E_TYPE_MISMATCH', `Cannot compare ${typeToString(left)} with ${typeToString(right)} using '${operator}'`, at, at.span, {
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
            this.report('E_TYPE_MISMATCH', `Operator '${operator === '&&' ? 'and' : 'or'}' needs bool operands, not ${typeToString(type)}`, where, where.span, {
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
    const canConvert = (other.kind === 'number' || other.kind === 'bool') && numberSide && this.isBuiltin('str', numberSide);
    this.report('E_TYPE_MISMATCH', `Cannot add ${typeToString(left)} and ${typeToString(right)}: '+' joins two strings or adds two numbers`, at, at.span, {
      hint: 'Convert with str(x) to join text',
      ...(canConvert && numberSide ? { fix: [wrapInCall(numberSide, 'str')] } : {}),
    });
  }

  private badOperands(operator: string, left: Type, right: Type, at: Node): Type {
    this.report('E_TYPE_MISMATCH', `Operator '${operator}' cannot be applied to ${typeToString(left)} and ${typeToString(right)}`, at, at.span, {
      hint: "'+' adds two numbers or joins two strings",
    });
    return ANY;
  }

  private inferUnary(expr: UnaryExpression): Type {
    const operand = expr.operand ? this.infer(expr.operand) : ANY;
    const base = stripOptional(operand);
    switch (expr.operator) {
      case '-':
        if (base.kind !== 'number' && base.kind !== 'any') this.report('E_TYPE_MISMATCH', `Unary '-' needs a number, not ${typeToString(operand)}`, expr, expr.span);
        return NUMBER;
      case '!':
        if (base.kind !== 'bool' && base.kind !== 'any') {
          this.report('E_TYPE_MISMATCH', `'not' needs a bool, not ${typeToString(operand)}`, expr, expr.span, {
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
    const fn = this.fn;
    if (fn?.node.type === 'FunctionDeclaration' && fn.node.async) return;
    if (!fn) {
      this.report('E_AWAIT_OUTSIDE_ASYNC', "'await' is not allowed at the top level", expr, expr.span, {
        hint: 'Move this code into an async fn',
      });
    } else if (fn.node.type === 'Lambda') {
      this.report('E_AWAIT_OUTSIDE_ASYNC', "'await' is not allowed in a lambda (lambdas cannot be async)", expr, expr.span, {
        hint: 'Move the awaiting code into an async fn',
      });
    } else {
      this.report('E_AWAIT_OUTSIDE_ASYNC', `'await' is only allowed in an async function, and '${fn.name}' is not async`, expr, expr.span, {
        hint: `Declare it as async fn ${fn.name}(…)`,
        fix: [setProperty(fn.node.id, 'async', true)],
      });
    }
  }

  private inferCall(call: CallExpression): Type {
    const callee = call.callee;
    const calleeType = callee ? this.infer(callee) : ANY;
    const symbol = callee?.type === 'Identifier' ? this.resolution.resolved.get(callee.id) : undefined;
    this.result.calls.push({ callId: call.id, callerId: this.callerId, callee: symbol });
    const args = call.arguments ?? [];
    const calleeName = callee?.type === 'Identifier' ? callee.name : callee?.type === 'MemberExpression' ? callee.property : 'this expression';

    if (symbol?.kind === 'type') {
      for (const arg of args) this.infer(arg);
      this.report('E_NOT_CALLABLE', `'${symbol.name}' is a type, not a function`, callee ?? call, (callee ?? call).span, {
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
      this.report('E_NOT_CALLABLE', `${subject} is not a function: its type is ${typeToString(calleeType)}`, callee ?? call, (callee ?? call).span);
      return ANY;
    }

    this.checkArity(call, fnType, calleeName);
    const argTypes = args.map((arg, index) => {
      const param = fnType.params[index];
      const expected = param?.type ?? fnType.rest?.type;
      if (!expected) return this.infer(arg);
      const paramName = param?.name ?? fnType.rest?.name ?? '';
      return this.checkAssignable(arg, expected, (actual, expectedText) => `Argument of type ${actual} is not assignable to parameter '${paramName}' of type ${expectedText}`);
    });
    const refine = symbol?.kind === 'builtin' ? symbol.builtin?.refine : undefined;
    if (refine) {
      const refined = refine(argTypes, this.fits);
      for (const problem of refined.argumentProblems ?? []) {
        const arg = args[problem.index];
        if (arg) this.report('E_TYPE_MISMATCH', problem.message, arg, arg.span);
      }
      if (refined.returnType) return refined.returnType;
    }
    return fnType.returnType;
  }

  private checkArity(call: CallExpression, fn: FunctionType, calleeName: string): void {
    const count = call.arguments.length;
    const required = requiredArity(fn);
    const most = fn.rest ? Infinity : fn.params.length;
    if (count >= required && count <= most) return;
    const plural = (n: number): string => `${n} argument${n === 1 ? '' : 's'}`;
    const expected =
      most === Infinity ? `at least ${plural(required)}` : required === most ? plural(required) : `${required}–${plural(most)}`;
    this.report('E_ARITY', `'${calleeName}' expects ${expected} but got ${count}`, call, call.span, {
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
        const fields = this.types.fieldsOf(base.name);
        if (!fields) return ANY;
        const fieldType = fields.get(property);
        if (fieldType !== undefined) {
          const symbol = this.resolution.fieldScopes.get(base.name)?.symbols.get(property);
          if (symbol) this.addFieldReference(expr.id, symbol);
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
        this.report('E_UNKNOWN_FIELD', `Type ${typeToString(objectType)} has no field '${property}'`, expr, this.nameSpanOf(expr), { hint });
        return ANY;
      }
    }
  }

  private reportUnknownField(expr: MemberExpression, message: string, known: Iterable<string>, listLabel: string): void {
    const names = [...known];
    const suggestion = closestName(expr.property, names);
    this.report('E_UNKNOWN_FIELD', message, expr, this.nameSpanOf(expr), {
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
      if (index && whyNotAssignable(indexType, expected, this.types) !== null) {
        this.report('E_TYPE_MISMATCH', `${what} index must be ${typeToString(expected)}, not ${typeToString(indexType)}`, index, index.span);
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
          const fields = base.kind === 'named' ? this.types.fieldsOf(base.name) : base.fields;
          return fields?.get(index.value) ?? ANY;
        }
        return ANY;
      }
      default:
        if (expr.object) this.report('E_TYPE_MISMATCH', `Type ${typeToString(objectType)} cannot be indexed`, expr.object, expr.object.span);
        return ANY;
    }
  }

  private inferLambda(lambda: Lambda): Type {
    const declaredReturn = lambda.returnType ? (this.resolution.annotatedTypes.get(lambda.id) ?? ANY) : null;
    let returnType: Type = declaredReturn ?? ANY;
    this.withFunction({ node: lambda, name: 'lambda', returnType: declaredReturn }, () => {
      this.checkParameters(lambda.parameters);
      const body = lambda.body;
      if (!body) return;
      if (body.type === 'Block') {
        this.checkBlock(body);
        this.checkMissingReturn(lambda, body, declaredReturn, 'This lambda');
      } else if (declaredReturn) {
        this.checkAssignable(body, declaredReturn, (actual, expected) => `Lambda returns ${actual}, but its return type is ${expected}`);
      } else {
        returnType = this.infer(body);
      }
    });
    const params = lambda.parameters.map((param) => {
      const type = this.declaredSymbol(param.id)?.type ?? ANY;
      return param.defaultValue ? { name: param.name, type, hasDefault: true } : { name: param.name, type, hasDefault: false };
    });
    return { kind: 'function', params, returnType, async: false };
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private declaredSymbol(nodeId: string): SemanticSymbol | undefined {
    return this.resolution.declared.get(nodeId)?.[0];
  }

  /** Whether `name` at `at` means the built-in (so a fix may call it). */
  private isBuiltin(name: string, at: Node): boolean {
    const scope = this.resolution.nodeScopes.get(at.id);
    for (let current = scope; current; current = current.parent ?? undefined) {
      const symbol = current.symbols.get(name);
      if (symbol) return symbol.kind === 'builtin';
    }
    return false;
  }

  /** A MemberExpression reads a field (or writes it, as an assignment target); a Property writes it. */
  private addFieldReference(nodeId: string, symbol: SemanticSymbol, kind: 'read' | 'write' = 'read'): void {
    this.result.fieldReferences.set(nodeId, symbol);
    this.resolution.references.get(symbol)?.push({ nodeId, kind });
  }

  private nameSpanOf(node: Node): Span {
    return this.names?.nameSpan(node.id) ?? node.span;
  }

  private report(code: DiagnosticCode, message: string, node: Node, span: Span, extra: { hint?: string; fix?: Mutation[] } = {}): void {
    this.result.diagnostics.push(makeDiagnostic(code, message, node.id, span, extra));
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
