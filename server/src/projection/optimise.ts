// The optimiser of the pipeline: constant folding and dead-code elimination, each keeping what the
// program does (docs/LANGUAGE.md "What programs mean").
//
// Folding: arithmetic, string joins, comparisons and boolean operators on literals, unary minus and
// not, and `true && x` / `false || x` (x) and `false && x` / `true || x` (the literal, since x was
// never evaluated). A division or remainder by zero is left as it is and reported; a result that no
// literal can spell (NaN, Infinity, -0) is left unfolded. Dead code: statements after
// return/break/continue in the same block, `if false` (its else, if any, takes its place), the else
// of `if true`, `while false`, and unused local variables whose initialiser cannot have an effect
// (no call, no member or index read that could fail). A branch is inlined into the enclosing block
// only when it declares nothing (its names keep their scope).
import { cloneTree } from '../core/ast';
import type * as A from '../core/ast';
import { analyze } from '../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from './diagnostics';

export interface OptimiseResult {
  program: A.Program;
  foldCount: number;
  dceCount: number;
  diagnostics: ProjectionDiagnostic[];
}

/** Rounds of folding and elimination; each can enable the next (a folded condition, an unused name). */
const MAX_ROUNDS = 4;

/** Optimises a copy of `program`; the input is not changed. Node ids are kept. */
export function optimise(input: A.Program): OptimiseResult {
  const program = cloneTree(input);
  const optimiser = new Optimiser();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = optimiser.foldCount + optimiser.dceCount;
    optimiser.statements(program.children as A.Statement[]);
    optimiser.removeUnusedLocals(program);
    if (optimiser.foldCount + optimiser.dceCount === before) break;
  }
  return { program, foldCount: optimiser.foldCount, dceCount: optimiser.dceCount, diagnostics: optimiser.diagnostics };
}

type Literal = A.Literal;

function isLiteral(node: A.Node): node is Literal {
  return node.type === 'Literal';
}

function literal(like: A.Node, value: Literal['value']): Literal {
  const raw = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return { type: 'Literal', id: like.id, span: like.span, value, raw };
}

/** Whether a number can stand as a literal (printable, and not -0, which prints as 0). */
function spellable(value: number): boolean {
  return Number.isFinite(value) && !Object.is(value, -0);
}

class Optimiser {
  foldCount = 0;
  dceCount = 0;
  readonly diagnostics: ProjectionDiagnostic[] = [];
  private readonly reported = new Set<string>();

  /** Folds and cleans a statement list in place (top-level declarations pass through). */
  statements(list: A.Statement[]): void {
    for (let i = 0; i < list.length; i++) {
      const replacement = this.statement(list[i]);
      if (replacement !== undefined) {
        list.splice(i, 1, ...replacement);
        i += replacement.length - 1;
      }
      const current = list[i];
      if (current && (current.type === 'ReturnStatement' || current.type === 'BreakStatement' || current.type === 'ContinueStatement') && i < list.length - 1) {
        // What follows a return, break or continue in the same block never runs.
        const rest = list.length - i - 1;
        const declaresFunction = list.slice(i + 1).some((node) => (node as A.Node).type === 'FunctionDeclaration' || (node as A.Node).type === 'TypeDeclaration');
        if (!declaresFunction) {
          list.splice(i + 1);
          this.dceCount += rest;
        }
      }
    }
  }

  /** A statement's replacement (undefined: keep it, folded in place; []: remove it). */
  private statement(node: A.Statement | A.TopLevel): A.Statement[] | undefined {
    switch (node.type) {
      case 'FunctionDeclaration':
        for (const param of node.parameters) if (param.defaultValue) param.defaultValue = this.expression(param.defaultValue);
        this.statements(node.body.statements);
        return undefined;
      case 'VariableDeclaration':
        if (node.initializer) node.initializer = this.expression(node.initializer);
        return undefined;
      case 'AssignmentStatement':
        node.target = this.expression(node.target);
        node.value = this.expression(node.value);
        return undefined;
      case 'MultipleAssignment':
        node.targets = node.targets.map((target) => this.expression(target));
        node.values = node.values.map((value) => this.expression(value));
        return undefined;
      case 'ReturnStatement':
        if (node.value) node.value = this.expression(node.value);
        return undefined;
      case 'ExpressionStatement':
        node.expression = this.expression(node.expression);
        return undefined;
      case 'IfStatement':
        return this.ifStatement(node);
      case 'WhileStatement':
        node.condition = this.expression(node.condition);
        if (isLiteral(node.condition) && node.condition.value === false && node.annotations.length === 0) {
          this.dceCount++;
          return [];
        }
        this.statements(node.body.statements);
        return undefined;
      case 'ForStatement':
        node.iterable = this.expression(node.iterable);
        this.statements(node.body.statements);
        return undefined;
      case 'ThrowStatement':
        node.value = this.expression(node.value);
        return undefined;
      case 'TryStatement':
        this.statements(node.body.statements);
        this.statements(node.handler.statements);
        return undefined;
      default:
        return undefined;
    }
  }

  private ifStatement(node: A.IfStatement): A.Statement[] | undefined {
    node.condition = this.expression(node.condition);
    this.statements(node.consequent.statements);
    if (node.alternate?.type === 'Block') this.statements(node.alternate.statements);
    else if (node.alternate) {
      const replaced = this.ifStatement(node.alternate);
      if (replaced !== undefined) {
        node.alternate = replaced.length === 0 ? null : replaced.length === 1 && replaced[0].type === 'IfStatement' ? replaced[0] : { type: 'Block', id: node.alternate.id, span: node.alternate.span, statements: replaced };
      }
    }
    if (!isLiteral(node.condition) || typeof node.condition.value !== 'boolean' || node.annotations.length > 0) return undefined;
    const taken = node.condition.value ? node.consequent : node.alternate;
    const dropped = node.condition.value ? node.alternate : node.consequent;
    if (taken === null) {
      this.dceCount++;
      return [];
    }
    if (taken.type === 'IfStatement') {
      this.dceCount++;
      return [taken];
    }
    if (declaresNames(taken)) {
      // The branch keeps its own scope: only the dead branch goes.
      if (dropped === null) return undefined;
      this.dceCount++;
      node.condition = literal(node.condition, true);
      node.consequent = taken;
      node.alternate = null;
      return undefined;
    }
    this.dceCount++;
    return taken.statements;
  }

  expression(node: A.Expression): A.Expression {
    switch (node.type) {
      case 'ConditionalExpression': {
        node.condition = this.expression(node.condition);
        node.consequent = this.expression(node.consequent);
        node.alternate = this.expression(node.alternate);
        const { condition } = node;
        if (isLiteral(condition) && typeof condition.value === 'boolean') return this.folded(condition.value ? node.consequent : node.alternate);
        return node;
      }
      case 'BinaryExpression': {
        node.left = this.expression(node.left);
        node.right = this.expression(node.right);
        return this.binary(node);
      }
      case 'TypeTest':
        node.operand = this.expression(node.operand);
        return node;
      case 'UnaryExpression': {
        node.operand = this.expression(node.operand);
        const operand = node.operand;
        if (!isLiteral(operand)) return node;
        if (node.operator === '-' && typeof operand.value === 'number' && spellable(-operand.value)) return this.folded(literal(node, -operand.value));
        if (node.operator === '!' && typeof operand.value === 'boolean') return this.folded(literal(node, !operand.value));
        return node;
      }
      case 'CallExpression':
        node.callee = this.expression(node.callee);
        node.arguments = node.arguments.map((arg) => this.expression(arg));
        return node;
      case 'MemberExpression':
        node.object = this.expression(node.object);
        return node;
      case 'IndexExpression':
        node.object = this.expression(node.object);
        node.index = this.expression(node.index);
        return node;
      case 'ArrayLiteral':
        node.elements = node.elements.map((element) => this.expression(element));
        return node;
      case 'ObjectLiteral':
        for (const property of node.properties) property.value = this.expression(property.value);
        return node;
      case 'Lambda':
        if (node.body.type === 'Block') this.statements(node.body.statements);
        else node.body = this.expression(node.body);
        return node;
      default:
        return node;
    }
  }

  private folded(node: A.Expression): A.Expression {
    this.foldCount++;
    return node;
  }

  private binary(node: A.BinaryExpression): A.Expression {
    const { left, right, operator } = node;
    // Short-circuit operators with one literal side.
    if ((operator === '&&' || operator === '||') && isLiteral(left) && typeof left.value === 'boolean') {
      const decides = operator === '&&' ? !left.value : left.value;
      return this.folded(decides ? literal(node, left.value) : right);
    }
    if (!isLiteral(left) || !isLiteral(right)) return node;
    const a = left.value;
    const b = right.value;
    if (typeof a === 'number' && typeof b === 'number') {
      if ((operator === '/' || operator === '%') && b === 0) {
        this.reportDivision(node);
        return node;
      }
      const value = arithmetic(operator, a, b);
      if (value === undefined || (typeof value === 'number' && !spellable(value))) return node;
      return this.folded(literal(node, value));
    }
    if (typeof a === 'string' && typeof b === 'string') {
      const value = operator === '+' ? a + b : comparison(operator, a, b);
      return value === undefined ? node : this.folded(literal(node, value));
    }
    if (typeof a === 'boolean' && typeof b === 'boolean') {
      const value = operator === '==' ? a === b : operator === '!=' ? a !== b : undefined;
      return value === undefined ? node : this.folded(literal(node, value));
    }
    if ((a === null || b === null) && (operator === '==' || operator === '!=')) {
      return this.folded(literal(node, operator === '==' ? a === b : a !== b));
    }
    return node;
  }

  private reportDivision(node: A.BinaryExpression): void {
    if (this.reported.has(node.id)) return;
    this.reported.add(node.id);
    this.diagnostics.push(
      projectionDiagnostic('W_DIVISION_BY_ZERO', 'warning', `Constant ${node.operator === '/' ? 'division' : 'remainder'} by zero: left as it is (its value is ${node.operator === '/' ? 'Infinity or NaN' : 'NaN'})`, node.id, node.span),
    );
  }

  /** Removes unannotated local declarations nothing refers to whose initialiser has no effect. */
  removeUnusedLocals(program: A.Program): void {
    const model = analyze(program);
    const unused = new Set<string>();
    const consider = (statements: A.Statement[]): void => {
      for (const statement of statements) {
        if (statement.type !== 'VariableDeclaration' || statement.annotations.length > 0) continue;
        if (statement.initializer && !effectFree(statement.initializer)) continue;
        const symbol = model.symbolsDeclaredBy(statement.id)[0];
        if (symbol && model.referenceDetailsOf(symbol).every((reference) => reference.kind === 'declaration')) unused.add(statement.id);
      }
    };
    forEachBlock(program, consider);
    if (unused.size === 0) return;
    forEachBlock(program, (statements) => {
      for (let i = statements.length - 1; i >= 0; i--) {
        if (unused.has(statements[i].id)) {
          statements.splice(i, 1);
          this.dceCount++;
        }
      }
    });
  }
}

function arithmetic(operator: A.BinaryOperator, a: number, b: number): number | boolean | undefined {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    default:
      return comparison(operator, a, b);
  }
}

function comparison(operator: A.BinaryOperator, a: number | string, b: number | string): boolean | undefined {
  switch (operator) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return undefined;
  }
}

/** Whether evaluating an expression can do nothing observable and cannot fail. */
function effectFree(node: A.Expression): boolean {
  switch (node.type) {
    case 'Literal':
    case 'Identifier':
    case 'Lambda':
      return true;
    case 'BinaryExpression':
      return effectFree(node.left) && effectFree(node.right);
    case 'UnaryExpression':
      return node.operator !== 'await' && effectFree(node.operand);
    case 'TypeTest':
      return effectFree(node.operand);
    case 'ConditionalExpression':
      return effectFree(node.condition) && effectFree(node.consequent) && effectFree(node.alternate);
    case 'ArrayLiteral':
      return node.elements.every(effectFree);
    case 'ObjectLiteral':
      return node.properties.every((property) => effectFree(property.value));
    default:
      return false;
  }
}

function declaresNames(block: A.Block): boolean {
  return block.statements.some((statement) => statement.type === 'VariableDeclaration');
}

/** Calls `visit` with every statement list inside functions, lambdas and blocks (not the program's own list). */
function forEachBlock(program: A.Program, visit: (statements: A.Statement[]) => void): void {
  const node = (current: A.Node): void => {
    if (current.type === 'Block') visit(current.statements);
    for (const value of Object.values(current) as unknown[]) {
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item === 'object' && 'type' in item) node(item as A.Node);
      } else if (value && typeof value === 'object' && 'type' in value) {
        node(value as A.Node);
      }
    }
  };
  node(program);
}
