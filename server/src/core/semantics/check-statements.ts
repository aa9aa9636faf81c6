// Pass 2 of the analysis, statements and declarations: what section 5 asks of them (E_TYPE_MISMATCH
// of initializers, assignments, returns and conditions, E_ASSIGN_CONST, E_BREAK_OUTSIDE_LOOP,
// E_ANNOTATION, W_UNREACHABLE, W_MISSING_RETURN; a thrown message is a string), asking infer-expressions.ts for the type of every
// expression in them. Variables without a declared type get the type of their initializer here.
import type {
  Annotation,
  AssignmentStatement,
  MultipleAssignment,
  BinaryOperator,
  Block,
  Expression,
  ForStatement,
  FunctionDeclaration,
  Lambda,
  ReturnStatement,
  Statement,
} from '../ast/ast';
import { checkAnnotation } from './check-annotations';
import type { CheckContext } from './check-context';
import { compareWithNull, deleteNode, returnOfLastValue, setProperty } from './fixes';
import { canCompleteNormally, firstUnreachableIndex } from './flow';
import type { BodyChecker, ExpressionChecker } from './infer-expressions';
import { describeKind } from './resolve';
import type { SemanticSymbol } from './symbols';
import { ANY, STRING, stripOptional, typeToString, whyNotAssignable, widenForVariable, type Type } from './types';

export class StatementChecker {
  constructor(
    private readonly context: CheckContext,
    private readonly expressions: ExpressionChecker,
  ) {}

  checkFunction(fn: FunctionDeclaration): void {
    const returnType = fn.returnType ? (this.context.resolution.annotatedTypes.get(fn.id) ?? ANY) : null;
    this.context.callerId = fn.id;
    this.context.withFunction({ node: fn, name: fn.name, returnType }, () => {
      this.expressions.checkParameterDefaults(fn.parameters);
      this.checkBody(fn, fn.body, returnType, `Function '${fn.name}'`);
    });
  }

  /** A function's or lambda's block body: its statements, and whether it can end without returning. */
  readonly checkBody: BodyChecker = (node, body, returnType, what) => {
    if (body) this.checkBlock(body);
    this.checkMissingReturn(node, body, returnType, what);
  };

  private checkMissingReturn(node: FunctionDeclaration | Lambda, body: Block | null | undefined, returnType: Type | null, what: string): void {
    if (!returnType || !body) return;
    const base = stripOptional(returnType);
    if (base.kind === 'void' || base.kind === 'any') return;
    if (!canCompleteNormally(body)) return;
    const fix = returnOfLastValue(body, (expression) => {
      const type = this.context.result.types.get(expression.id);
      return type !== undefined && type.kind !== 'any' && type.kind !== 'void' && whyNotAssignable(type, returnType, this.context.types) === null;
    });
    this.context.report('W_MISSING_RETURN', `${what} declares return type ${typeToString(returnType)} but can end without returning a value`, node, this.context.nameSpanOf(node), {
      hint: fix ? 'Return the value of the last statement' : 'Add a return at the end, or make every branch return',
      ...(fix ? { fix } : {}),
    });
  }

  checkBlock(block: Block): void {
    const unreachableFrom = firstUnreachableIndex(block.statements);
    for (const statement of block.statements) this.checkStatement(statement);
    if (unreachableFrom >= 0) {
      const first = block.statements[unreachableFrom];
      const unreachable = block.statements.slice(unreachableFrom);
      this.context.report('W_UNREACHABLE', 'Unreachable code: this statement can never run', first, first.span, {
        hint: `The statement before it always leaves the block (${unreachable.length} statement${unreachable.length === 1 ? '' : 's'} cannot run)`,
        fix: unreachable.map((statement) => deleteNode(statement.id)),
      });
    }
  }

  checkStatement(statement: Statement): void {
    if (statement.type !== 'ErrorNode') this.checkAnnotations(statement.annotations);
    switch (statement.type) {
      case 'VariableDeclaration': {
        const symbol = this.context.declaredSymbol(statement.id);
        if (!statement.initializer) return;
        if (statement.varType) {
          const declared = this.context.resolution.annotatedTypes.get(statement.id) ?? ANY;
          this.expressions.checkAssignable(statement.initializer, declared, (actual, expected) => `Type ${actual} is not assignable to '${statement.name}' of type ${expected}`);
        } else {
          const inferred = widenForVariable(this.expressions.infer(statement.initializer));
          if (symbol) symbol.type = inferred;
        }
        return;
      }
      case 'AssignmentStatement':
        return this.checkAssignment(statement);
      case 'MultipleAssignment':
        return this.checkMultipleAssignment(statement);
      case 'ReturnStatement':
        return this.checkReturn(statement);
      case 'IfStatement':
        this.checkCondition(statement.condition, 'if');
        if (statement.consequent) this.expressions.narrowing.within(statement.condition, () => this.checkBlock(statement.consequent));
        if (statement.alternate?.type === 'Block') this.checkBlock(statement.alternate);
        else if (statement.alternate) this.checkStatement(statement.alternate);
        return;
      case 'WhileStatement':
        this.checkCondition(statement.condition, 'while');
        this.context.inLoop(() => statement.body && this.checkBlock(statement.body));
        return;
      case 'ForStatement':
        return this.checkFor(statement);
      case 'BreakStatement':
      case 'ContinueStatement':
        if (this.context.loopDepth === 0) {
          const word = statement.type === 'BreakStatement' ? 'break' : 'continue';
          this.context.report('E_BREAK_OUTSIDE_LOOP', `'${word}' can only be used inside a loop`, statement, statement.span, {
            hint: this.context.fn?.node.type === 'Lambda' ? 'A lambda body is not part of the loop around it' : `Use '${word}' inside a while or for loop`,
            // Outside a loop it has nothing to leave: removing it is the fix.
            fix: [deleteNode(statement.id)],
          });
        }
        return;
      case 'ThrowStatement':
        // The message is what a catch receives, so it is a string in every target.
        if (statement.value) {
          const thrown = this.expressions.checkAssignable(statement.value, STRING, (actual) => `throw takes a message of type string, not ${actual}`);
          // A null message reads "null" in JavaScript and "None" in Python (null itself is reported above).
          if (thrown.kind === 'optional') {
            this.context.report('E_TYPE_MISMATCH', `throw takes a message of type string, not ${typeToString(thrown)}`, statement.value, statement.value.span, {
              hint: 'Throw a text: check for null first, or write the message out',
            });
          }
        }
        return;
      case 'TryStatement':
        if (statement.body) this.checkBlock(statement.body);
        if (statement.handler) this.checkBlock(statement.handler);
        return;
      case 'ExpressionStatement':
        if (statement.expression) this.expressions.infer(statement.expression);
        return;
      case 'ErrorNode':
        return;
    }
  }

  private checkFor(statement: ForStatement): void {
    const iterator = this.context.declaredSymbol(statement.id);
    const iterable = statement.iterable ? this.expressions.infer(statement.iterable) : ANY;
    const base = stripOptional(iterable);
    let element: Type = ANY;
    if (base.kind === 'list') element = base.element;
    else if (base.kind === 'string') element = STRING;
    else if (base.kind !== 'any' && statement.iterable) {
      const hint =
        base.kind === 'map' || base.kind === 'object'
          ? 'Iterate over keys(m) or values(m)'
          : base.kind === 'number'
            ? 'Iterate over range(n) for 0 … n-1'
            : 'for … in walks a list, the characters of a string, or range(…)';
      this.context.report('E_TYPE_MISMATCH', `Cannot iterate over ${typeToString(iterable)}: for … in needs a list or a string`, statement.iterable, statement.iterable.span, { hint });
    }
    if (iterator) iterator.type = element;
    this.context.inLoop(() => statement.body && this.checkBlock(statement.body));
  }

  /** `a, b = b, a;`: as many values as targets, each value assignable to its target. */
  private checkMultipleAssignment(statement: MultipleAssignment): void {
    if (statement.targets.length !== statement.values.length) {
      this.context.report('E_ARITY', `${statement.targets.length} targets but ${statement.values.length} values`, statement, statement.span, {
        hint: 'Give one value for each target',
      });
    }
    const types = statement.targets.map((target) => this.targetType(target));
    statement.values.forEach((value, index) => {
      const target = statement.targets[index];
      if (!target) {
        this.expressions.infer(value);
        return;
      }
      const name = target.type === 'Identifier' ? `'${target.name}'` : 'the target';
      this.expressions.checkAssignable(value, types[index], (actual, expected) => `Type ${actual} is not assignable to ${name} of type ${expected}`);
    });
  }

  /** The type an assignment target holds; a name that cannot be assigned is reported. */
  private targetType(target: Expression): Type {
    if (target.type !== 'Identifier') return this.expressions.infer(target);
    const symbol = this.context.resolution.resolved.get(target.id);
    if (symbol) this.checkAssignableName(symbol, target);
    const type = symbol?.type ?? ANY;
    this.context.result.types.set(target.id, type);
    return type;
  }

  private checkAssignment(statement: AssignmentStatement): void {
    const target = statement.target;
    let targetType: Type = ANY;
    if (target?.type === 'Identifier') {
      const symbol = this.context.resolution.resolved.get(target.id);
      if (symbol) {
        targetType = symbol.type;
        this.checkAssignableName(symbol, target);
      }
      this.context.result.types.set(target.id, targetType);
    } else if (target) {
      targetType = this.expressions.infer(target);
    }
    if (!statement.value) return;
    const targetName = target?.type === 'Identifier' ? `'${target.name}'` : 'the target';
    if (statement.operator === '=') {
      this.expressions.checkAssignable(statement.value, targetType, (actual, expected) => `Type ${actual} is not assignable to ${targetName} of type ${expected}`);
      return;
    }
    const operator = statement.operator.slice(0, 1) as BinaryOperator;
    const valueType = this.expressions.infer(statement.value);
    const resultType = this.expressions.binaryResult(operator, targetType, valueType, statement, target, statement.value);
    const problem = whyNotAssignable(resultType, targetType, this.context.types);
    if (problem !== null) {
      this.context.report('E_TYPE_MISMATCH', `'${statement.operator}' gives ${typeToString(resultType)}, which is not assignable to ${targetName} of type ${typeToString(targetType)}`, statement, statement.span);
    }
  }

  /** E_ASSIGN_CONST for names that cannot be assigned. */

  private checkAssignableName(symbol: SemanticSymbol, target: Expression): void {
    if (symbol.kind === 'variable' || symbol.kind === 'parameter') return;
    const decl = symbol.declNodeId ? this.context.resolution.declNodes.get(symbol.declNodeId) : undefined;
    if (symbol.kind === 'constant') {
      this.context.report('E_ASSIGN_CONST', `Cannot assign to '${symbol.name}' because it is a constant`, target, target.span, {
        hint: `Declare it with let if it needs to change`,
        ...(decl?.type === 'VariableDeclaration' ? { fix: [setProperty(decl.id, 'kind', 'let')] } : {}),
      });
      return;
    }
    const why =
      symbol.kind === 'iterator'
        ? 'it is a loop variable'
        : `it is ${symbol.kind === 'import' ? 'an import' : symbol.kind === 'builtin' ? 'a built-in function' : `a ${describeKind(symbol.kind)}`}`;
    this.context.report('E_ASSIGN_CONST', `Cannot assign to '${symbol.name}' because ${why}`, target, target.span, {
      hint: symbol.kind === 'iterator' ? 'Copy it into a let inside the loop to change it' : `Declare a variable with let instead`,
    });
  }

  private checkReturn(statement: ReturnStatement): void {
    const fn = this.context.fn;
    if (!fn || !fn.returnType) {
      if (statement.value) this.expressions.infer(statement.value);
      return;
    }
    const expected = fn.returnType;
    const what = fn.node.type === 'Lambda' ? 'this lambda' : `'${fn.name}'`;
    if (statement.value) {
      if (expected.kind === 'void') {
        this.expressions.infer(statement.value);
        this.context.report('E_TYPE_MISMATCH', `${what} returns void, so it cannot return a value`, statement.value, statement.value.span, {
          hint: 'Remove the value, or declare the return type',
        });
        return;
      }
      this.expressions.checkAssignable(statement.value, expected, (actual, expectedText) => `Cannot return ${actual} from ${what}, which returns ${expectedText}`);
      return;
    }
    const base = stripOptional(expected);
    if (base.kind !== 'void' && base.kind !== 'any') {
      this.context.report('E_TYPE_MISMATCH', `${what} must return a value of type ${typeToString(expected)}`, statement, statement.span);
    }
  }

  private checkCondition(condition: Expression | null | undefined, keyword: string): void {
    if (!condition) return;
    const type = this.expressions.infer(condition);
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
    this.context.report('E_TYPE_MISMATCH', `The condition of '${keyword}' must be bool, not ${typeToString(type)}`, condition, condition.span, {
      hint,
      ...(nullable ? { fix: [compareWithNull(condition)] } : {}),
    });
  }

  checkAnnotations(annotations: readonly Annotation[] | undefined): void {
    for (const annotation of annotations ?? []) {
      const diagnostic = checkAnnotation(annotation, this.context.nameSpanOf(annotation));
      if (diagnostic) this.context.result.diagnostics.push(diagnostic);
    }
  }
}
