// Where the value of a JavaScript map read goes (javascript-map-reads.ts): a read at a key the map
// does not hold is undefined in JavaScript and null in Whetstone, which is the same only where the
// value is tested (compared with null, taken for its truth, `x || d`) or where both stop the
// program (a member or element read of it). Anywhere else, stored in a list, an object or a field,
// given to a built-in, used as an index or compared by order, the two may show or compute
// otherwise. The value is followed through the names it is given, the parameters of the
// program's functions it is passed to, and what those functions return; where it leaves what is
// followed, that is the place to report.
import { walk, type AstIndex, type CallExpression, type Expression, type Node, type Program } from '../../core/ast';
import type { SemanticModel } from '../../core/semantics';

/** Where a read's value goes that the import does not follow, or undefined when every use is a test or stops the program. */
export interface Escape {
  /** What happens there, for the message ("is stored in a list"). */
  how: string;
}

/** The built-ins the importer shows a value with. */
const SHOWS = new Set(['print', 'str', 'jsstr']);
/** Built-ins that stop the program in every target when their first argument is null or undefined (a method called on it). */
const STOP_ON_MISSING_RECEIVER = new Set(['push', 'pop', 'len', 'join', 'slice', 'sort']);
/** Operators of a test whose answer is the same for undefined and null. */
const NULL_TESTS = new Set(['==', '!=']);

export class MapReadFlow {
  /** The uses of each declaration (variable or parameter), by its node id. */
  private readonly uses = new Map<string, Expression[]>();
  /** The calls of each function of the program, by the id of its declaration (a function, or the variable holding a lambda). */
  private readonly calls = new Map<string, CallExpression[]>();

  constructor(
    program: Program,
    private readonly index: AstIndex,
    private readonly model: SemanticModel,
    private readonly libraryCallees: ReadonlySet<string>,
  ) {
    walk(program, (node) => {
      if (node.type !== 'Identifier') return;
      const declared = model.definitionOf(node.id);
      if (!declared) return;
      const parent = index.parent(node.id);
      if (parent?.type === 'CallExpression' && parent.callee === node) this.calls.set(declared, [...(this.calls.get(declared) ?? []), parent]);
      else this.uses.set(declared, [...(this.uses.get(declared) ?? []), node]);
    });
  }

  /** The first place the value of `read` reaches that is neither a test nor followed, if any. */
  escape(read: Expression): Escape | undefined {
    const seen = new Set<string>();
    const pending: Expression[] = [read];
    // Every node is followed once: the work is bounded by the program's size.
    while (pending.length > 0) {
      const value = pending.pop()!;
      if (seen.has(value.id)) continue;
      seen.add(value.id);
      const found = this.step(value, pending);
      if (found) return found;
    }
    return undefined;
  }

  /** Where `value` goes next: pushed onto `pending` where it is followed; an Escape where it leaves. */
  private step(value: Expression, pending: Expression[]): Escape | undefined {
    const parent = this.index.parent(value.id);
    if (!parent) return undefined;
    switch (parent.type) {
      case 'ExpressionStatement':
      case 'IfStatement':
      case 'WhileStatement':
      case 'ForStatement':
      case 'MemberExpression':
        // Dropped, taken for its truth, walked or read a member of (both stop on null and undefined alike).
        return undefined;
      case 'IndexExpression':
        return parent.object === value ? undefined : { how: 'is used as an index' };
      case 'UnaryExpression':
        return parent.operator === '!' ? undefined : { how: `is computed with (${parent.operator})` };
      case 'BinaryExpression':
        if (NULL_TESTS.has(parent.operator)) return undefined;
        // `x || d` gives d for both; `a && b` gives the missing value itself.
        if (parent.operator === '||' && parent.left === value) return undefined;
        if (parent.operator === '||' || parent.operator === '&&') return this.follow(parent, pending);
        return { how: `is computed with (${parent.operator})` };
      case 'ConditionalExpression':
        return parent.condition === value ? undefined : this.follow(parent, pending);
      case 'VariableDeclaration':
        return this.followUses(parent.id, pending);
      case 'AssignmentStatement':
        if (parent.value !== value) return undefined;
        if (parent.operator !== '=') return { how: `is computed with (${parent.operator})` };
        if (parent.target.type !== 'Identifier') return { how: 'is stored in a field or an element' };
        return this.followUses(this.model.definitionOf(parent.target.id), pending);
      case 'CallExpression':
        return this.intoCall(parent, value, pending);
      case 'ReturnStatement':
        return this.returned(parent, pending);
      case 'Lambda':
        return this.fromFunction(parent, pending);
      case 'ArrayLiteral':
        return { how: 'is put in a list' };
      case 'Property':
      case 'ObjectLiteral':
        return { how: 'is stored in an object' };
      default:
        return { how: 'is used where the import does not follow it' };
    }
  }

  private follow(value: Expression, pending: Expression[]): undefined {
    pending.push(value);
    return undefined;
  }

  private followUses(declaration: string | undefined, pending: Expression[]): undefined {
    if (declaration === undefined) return undefined;
    // A constant's tests hold for its later reads; a variable may be given another read between.
    const declared = this.index.node(declaration);
    const constant = declared?.type === 'VariableDeclaration' && declared.kind === 'const';
    for (const use of this.uses.get(declaration) ?? []) if (!(constant && this.testedBefore(use))) pending.push(use);
    return undefined;
  }

  /** Whether `use` reads a constant known not to be null there (tested as testedBefore says). */
  testedConstant(use: Expression): boolean {
    if (use.type !== 'Identifier') return false;
    const declared = this.model.definitionOf(use.id);
    const declaration = declared ? this.index.node(declared) : undefined;
    return declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' && this.testedBefore(use);
  }

  /**
   * Whether the name `use` reads is known not to be null there: it is in the branch of
   * `if (v != null)`, or after `if (v == null) { …; return; }` in the same or an enclosing block.
   */
  private testedBefore(use: Expression): boolean {
    if (use.type !== 'Identifier') return false;
    let child: Node = use;
    for (let parent = this.index.parent(use.id); parent; child = parent, parent = this.index.parent(parent.id)) {
      if (parent.type === 'IfStatement' && child === parent.consequent && comparesWithNull(parent.condition, use.name, '!=')) return true;
      const statements = parent.type === 'Block' ? parent.statements : parent.type === 'Program' ? parent.children : undefined;
      if (statements) {
        const before = statements.slice(0, statements.indexOf(child as never));
        if (before.some((statement) => statement.type === 'IfStatement' && !statement.alternate && comparesWithNull(statement.condition, use.name, '==') && leaves(statement.consequent.statements))) return true;
      }
      if (parent.type === 'FunctionDeclaration' || parent.type === 'Lambda') return false;
    }
    return false;
  }

  private intoCall(call: CallExpression, value: Expression, pending: Expression[]): Escape | undefined {
    const at = call.arguments.indexOf(value);
    if (at < 0 || call.callee.type !== 'Identifier') return { how: 'is passed to a function the import does not follow' };
    if (this.libraryCallees.has(call.callee.id)) {
      if (SHOWS.has(call.callee.name)) return { how: 'is shown' };
      // Taken for its truth: undefined and null are both false.
      if (call.callee.name === 'jsTruthy') return undefined;
      // A number's truth is imported as abs(x) > 0, which Python cannot take of None.
      if (call.callee.name === 'abs' && this.index.parent(call.id)?.type === 'BinaryExpression') return { how: 'is tested for its truth as a number (abs(x) > 0)' };
      return at === 0 && STOP_ON_MISSING_RECEIVER.has(call.callee.name) ? undefined : { how: `is given to ${call.callee.name}(…)` };
    }
    const declared = this.model.definitionOf(call.callee.id);
    const declaration = declared ? this.index.node(declared) : undefined;
    const fn = declaration?.type === 'VariableDeclaration' && declaration.initializer?.type === 'Lambda' ? declaration.initializer : declaration;
    if (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'Lambda') return { how: 'is passed to a function the import does not follow' };
    const parameter = fn.parameters[at];
    if (!parameter) return undefined;
    return this.followUses(parameter.id, pending);
  }

  /** A value returned: it goes wherever the calls of its function go. */
  private returned(statement: Node, pending: Expression[]): Escape | undefined {
    for (let node = this.index.parent(statement.id); node; node = this.index.parent(node.id)) {
      if (node.type === 'FunctionDeclaration' || node.type === 'Lambda') return this.fromFunction(node, pending);
    }
    return { how: 'is returned where the import does not follow it' };
  }

  private fromFunction(fn: Node, pending: Expression[]): Escape | undefined {
    const holder = fn.type === 'Lambda' ? this.index.parent(fn.id) : fn;
    if (fn.type === 'Lambda' && holder?.type !== 'VariableDeclaration') return { how: 'is returned by a function passed on, which the import does not follow' };
    for (const call of (holder && this.calls.get(holder.id)) ?? []) pending.push(call);
    return undefined;
  }
}

/** Whether `condition` is `name == null` (or `!=`, by `operator`), either way round. */
function comparesWithNull(condition: Expression, name: string, operator: '==' | '!='): boolean {
  if (condition.type !== 'BinaryExpression' || condition.operator !== operator) return false;
  const isNull = (side: Expression): boolean => side.type === 'Literal' && side.value === null;
  const isName = (side: Expression): boolean => side.type === 'Identifier' && side.name === name;
  return (isName(condition.left) && isNull(condition.right)) || (isNull(condition.left) && isName(condition.right));
}

/** Whether statements end by leaving (return, throw, break, continue). */
function leaves(statements: readonly Node[]): boolean {
  const last = statements.at(-1);
  return last !== undefined && ['ReturnStatement', 'ThrowStatement', 'BreakStatement', 'ContinueStatement'].includes(last.type);
}
