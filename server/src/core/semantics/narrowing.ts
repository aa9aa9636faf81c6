// What a type test tells the checker: where `x is number` has passed (the branch of an `if`, the
// rest of an `&&`, the first branch of `c ? a : b`), a name `x` whose type is `any` has the tested
// type. Only names whose value cannot change there: a parameter, loop variable or local that
// nothing assigns after its declaration. Such a name is declared inside the item being checked
// (a function or a top-level statement), and only code inside its scope can assign it, so the
// item alone says whether anything does. Top-level names are left as they are: a function
// elsewhere may assign them.
import { walk, type Expression, type Node } from '../ast/ast';
import type { Resolution } from './resolve';
import type { SemanticSymbol } from './symbols';
import { ANY, BOOL, listOf, NUMBER, STRING, type Type } from './types';

const TESTED: Record<string, Type | undefined> = { number: NUMBER, string: STRING, bool: BOOL, list: listOf(ANY) };
const NARROWABLE_KINDS: ReadonlySet<string> = new Set(['parameter', 'variable', 'constant', 'iterator']);

export class Narrowing {
  private readonly active = new Map<SemanticSymbol, Type>();
  private assigned: Set<SemanticSymbol> | undefined;

  constructor(
    private readonly item: Node,
    private readonly resolution: Resolution,
  ) {}

  /** The type a test has given this symbol where the checker is, if one has. */
  typeOf(symbol: SemanticSymbol): Type | undefined {
    return this.active.size === 0 ? undefined : this.active.get(symbol);
  }

  /** Runs `check` with what `condition` tells when it is true (its type tests, joined by `&&`). */
  within<T>(condition: Expression | null | undefined, check: () => T): T {
    const found = condition ? this.testsIn(condition) : [];
    if (found.length === 0) return check();
    const before = found.map(([symbol]) => [symbol, this.active.get(symbol)] as const);
    for (const [symbol, type] of found) this.active.set(symbol, type);
    try {
      return check();
    } finally {
      for (const [symbol, type] of before) {
        if (type === undefined) this.active.delete(symbol);
        else this.active.set(symbol, type);
      }
    }
  }

  private testsIn(condition: Expression): [SemanticSymbol, Type][] {
    if (condition.type === 'BinaryExpression' && condition.operator === '&&') return [...this.testsIn(condition.left), ...this.testsIn(condition.right)];
    if (condition.type !== 'TypeTest' || condition.operand.type !== 'Identifier') return [];
    const tested = TESTED[condition.testedType];
    const symbol = this.resolution.resolved.get(condition.operand.id);
    if (!tested || !symbol || !this.narrowable(symbol)) return [];
    return [[symbol, tested]];
  }

  private narrowable(symbol: SemanticSymbol): boolean {
    if (symbol.type.kind !== 'any' || !NARROWABLE_KINDS.has(symbol.kind) || symbol.scope.kind === 'program') return false;
    return !this.assignedInItem().has(symbol);
  }

  /** The symbols some assignment of the item writes. */
  private assignedInItem(): Set<SemanticSymbol> {
    if (this.assigned) return this.assigned;
    const assigned = new Set<SemanticSymbol>();
    walk(this.item, (node) => {
      const targets = node.type === 'AssignmentStatement' ? [node.target] : node.type === 'MultipleAssignment' ? node.targets : [];
      for (const target of targets) {
        const symbol = target.type === 'Identifier' ? this.resolution.resolved.get(target.id) : undefined;
        if (symbol) assigned.add(symbol);
      }
    });
    this.assigned = assigned;
    return assigned;
  }
}
