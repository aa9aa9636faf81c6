// Which numbers may be -0 when the program runs. Whetstone's print shows -0 as "0" (as String(n)
// does, and as Python does, whose whole numbers have no -0), Node's console.log as "-0"; the
// JavaScript generator shows a printed number through String only where it may be -0, so that
// `print(count)` stays `console.log(count)`.
import { walk } from '../../core/ast';
import type * as A from '../../core/ast';
import type { SemanticModel, SemanticSymbol } from '../../core/semantics';

/** Built-ins whose number is never -0 (`round` through its helper, `abs` of -0 is 0). */
const NEVER_NEGATIVE_ZERO = new Set(['len', 'indexOf', 'round', 'abs']);

export class NegativeZero {
  /** What each name is assigned, or 'may' for an assignment that may make it -0 whatever its value (`*=`). */
  private writes: Map<SemanticSymbol, (A.Expression | 'may')[]> | undefined;
  /** Names being decided: a name is never -0 if its values are not, given that it is not before them. */
  private readonly assumed = new Set<SemanticSymbol>();
  private readonly decided = new Map<SemanticSymbol, boolean>();

  constructor(
    private readonly program: A.Program,
    private readonly model: SemanticModel,
  ) {}

  /** Whether a number expression is never -0 when it runs (false when that is not known). */
  never(node: A.Expression): boolean {
    switch (node.type) {
      case 'Literal':
        return !Object.is(node.value, -0);
      case 'BinaryExpression':
        // a + b is -0 only when both are; a - b only when a is -0 (and b is 0).
        if (node.operator === '+') return this.never(node.left) || this.never(node.right);
        if (node.operator === '-') return this.never(node.left);
        return ['&', '|', '^', '<<', '>>'].includes(node.operator);
      case 'UnaryExpression':
        return node.operator === '-' && node.operand.type === 'Literal' && typeof node.operand.value === 'number' && node.operand.value !== 0;
      case 'ConditionalExpression':
        return this.never(node.consequent) && this.never(node.alternate);
      case 'CallExpression':
        return node.callee.type === 'Identifier' && NEVER_NEGATIVE_ZERO.has(node.callee.name) && this.model.symbolOf(node.callee.id)?.kind === 'builtin';
      case 'Identifier':
        return this.neverName(node);
      default:
        return false;
    }
  }

  private neverName(node: A.Identifier): boolean {
    const symbol = this.model.symbolOf(node.id);
    if (!symbol || symbol.declNodeId === null || !['variable', 'constant', 'iterator'].includes(symbol.kind)) return false;
    if (this.assumed.has(symbol)) return true;
    const known = this.decided.get(symbol);
    if (known !== undefined) return known;
    this.assumed.add(symbol);
    const never = this.firstValueNever(symbol) && (this.writesOf().get(symbol) ?? []).every((value) => value !== 'may' && this.never(value));
    this.assumed.delete(symbol);
    // A yes found while other names were assumed holds only if they turn out so; a no always holds.
    if (!never || this.assumed.size === 0) this.decided.set(symbol, never);
    return never;
  }

  /** A declaration's value, or a `for` over `range`'s first number (the others add a step to it). */
  private firstValueNever(symbol: SemanticSymbol): boolean {
    const declaration = this.model.nodeById(symbol.declNodeId ?? '');
    if (declaration?.type === 'VariableDeclaration') return declaration.initializer === null || this.never(declaration.initializer);
    if (declaration?.type !== 'ForStatement') return false;
    const range = declaration.iterable;
    if (range.type !== 'CallExpression' || range.callee.type !== 'Identifier' || range.callee.name !== 'range' || this.model.symbolOf(range.callee.id)?.kind !== 'builtin') return false;
    return range.arguments.length < 2 || this.never(range.arguments[0]);
  }

  private writesOf(): Map<SemanticSymbol, (A.Expression | 'may')[]> {
    if (this.writes) return this.writes;
    const writes = new Map<SemanticSymbol, (A.Expression | 'may')[]>();
    const add = (target: A.Expression, value: A.Expression | 'may'): void => {
      const symbol = target.type === 'Identifier' ? this.model.symbolOf(target.id) : undefined;
      if (symbol) writes.set(symbol, [...(writes.get(symbol) ?? []), value]);
    };
    walk(this.program, (node) => {
      if (node.type === 'AssignmentStatement') {
        // x += v and x -= v are -0 only when x is; x *= v and the like may be.
        if (node.operator === '=') add(node.target, node.value);
        else if (!['+=', '-='].includes(node.operator)) add(node.target, 'may');
      }
      if (node.type === 'MultipleAssignment') node.targets.forEach((target, index) => add(target, node.values[index] ?? 'may'));
    });
    this.writes = writes;
    return writes;
  }
}
