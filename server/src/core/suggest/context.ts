// What every suggestion rule needs to know about a program besides the semantic model: parents,
// where an annotation can go, which function or loop a node is in, what an identifier denotes and
// whether a node already carries an annotation. Built once per analysis.
import {
  childNodes,
  ROLES,
  walk,
  type Annotation,
  type CallExpression,
  type Expression,
  type FunctionDeclaration,
  type Node,
  type Program,
} from '../ast/ast';
import type { LibraryIndex } from '../semantics/library';
import type { SemanticModel } from '../semantics/model';
import type { SemanticSymbol } from '../semantics/symbols';

export type LoopNode = Extract<Node, { type: 'ForStatement' | 'WhileStatement' }>;
/** A function body boundary: code inside runs when it is called, not where it is written. */
export type FunctionLike = Extract<Node, { type: 'FunctionDeclaration' | 'Lambda' }>;

export class SuggestContext {
  private readonly parents = new Map<string, Node>();
  private readonly subtreeIds = new Map<string, Set<string>>();

  constructor(
    readonly program: Program,
    readonly model: SemanticModel,
    readonly library: LibraryIndex | undefined,
  ) {
    walk(program, (node, parent) => {
      if (parent) this.parents.set(node.id, parent);
    });
  }

  parentOf(node: Node): Node | undefined {
    return this.parents.get(node.id);
  }

  canAnnotate(node: Node): boolean {
    return canCarryAnnotations(node, this.parentOf(node));
  }

  /** The node itself or its nearest ancestor that can carry an annotation. */
  annotatable(node: Node): Node | undefined {
    for (let current: Node | undefined = node; current; current = this.parentOf(current)) if (this.canAnnotate(current)) return current;
    return undefined;
  }

  /** The innermost function or lambda around a node (not the node itself), if any. */
  functionOf(node: Node): FunctionLike | undefined {
    for (let current = this.parentOf(node); current; current = this.parentOf(current)) {
      if (current.type === 'FunctionDeclaration' || current.type === 'Lambda') return current;
    }
    return undefined;
  }

  /** The innermost loop around a node within its own function (a lambda's body is not in the loop). */
  loopOf(node: Node): LoopNode | undefined {
    let child = node;
    for (let current = this.parentOf(node); current; current = this.parentOf(current)) {
      if (current.type === 'FunctionDeclaration' || current.type === 'Lambda') return undefined;
      // The iterable of a for is evaluated once, before the loop: not in it.
      if (current.type === 'ForStatement' && current.iterable !== child) return current;
      if (current.type === 'WhileStatement') return current;
      child = current;
    }
    return undefined;
  }

  /** The symbol an Identifier refers to. */
  symbolOf(node: Node): SemanticSymbol | undefined {
    return this.model.symbolOf(node.id);
  }

  /** The ids of a node's subtree, itself included (cached: rules ask per function). */
  idsOf(root: Node): Set<string> {
    let ids = this.subtreeIds.get(root.id);
    if (!ids) {
      ids = new Set();
      const set = ids;
      walk(root, (node) => set.add(node.id));
      this.subtreeIds.set(root.id, ids);
    }
    return ids;
  }

  /** Whether a symbol is declared inside `root` (a parameter of a function counts as inside it). */
  declaredInside(symbol: SemanticSymbol, root: Node): boolean {
    return symbol.declNodeId !== null && this.idsOf(root).has(symbol.declNodeId);
  }

  /** The FunctionDeclaration a call names directly (`f(…)`), if it names one. */
  calledFunction(call: CallExpression): FunctionDeclaration | undefined {
    if (call.callee.type !== 'Identifier') return undefined;
    const symbol = this.symbolOf(call.callee);
    if (symbol?.kind !== 'function' || !symbol.declNodeId) return undefined;
    const decl = this.model.nodeById(symbol.declNodeId);
    return decl?.type === 'FunctionDeclaration' ? decl : undefined;
  }

  /** Whether the node already carries `@type(strategy)` (any strategy when omitted). */
  hasAnnotation(node: Node, annotationType: string, strategy?: string): boolean {
    const annotations = (node as unknown as { annotations?: Annotation[] }).annotations ?? [];
    return annotations.some((a) => a.annotationType === annotationType && (strategy === undefined || a.strategy === strategy));
  }

  line(node: Node): number {
    return node.span.start.line;
  }

  /**
   * Every node of the given types in a subtree, in source order. Lambdas inside are skipped unless
   * `intoLambdas`: their bodies run when they are called, not where they are written.
   */
  within<T extends Node['type']>(root: Node, types: readonly T[], intoLambdas = false): Extract<Node, { type: T }>[] {
    const out: Extract<Node, { type: T }>[] = [];
    const wanted = new Set<string>(types);
    const visit = (node: Node): void => {
      if (wanted.has(node.type)) out.push(node as Extract<Node, { type: T }>);
      for (const child of childNodes(node)) if (intoLambdas || child.type !== 'Lambda') visit(child);
    };
    visit(root);
    return out;
  }
}

/** Whether a node can carry annotations: it has the role, and is not an `else if` (the grammar has no place for them there). */
export function canCarryAnnotations(node: Node, parent: Node | undefined): boolean {
  if (!ROLES[node.type].some((role) => role.name === 'annotations')) return false;
  return !(node.type === 'IfStatement' && parent?.type === 'IfStatement' && parent.alternate === node);
}

/** The name an assignment or push target is rooted at: `a` for `a`, `a.b[i]`, `a[0].c`. */
export function rootIdentifier(expression: Expression): Expression | undefined {
  let current = expression;
  while (current.type === 'MemberExpression' || current.type === 'IndexExpression') current = current.object;
  return current.type === 'Identifier' ? current : undefined;
}
