// What the generators share: options and result, the semantic facts they read (types of
// expressions), annotations as idioms or comments, and names that do not collide.
import type * as A from '../../core/ast';
import { childNodes, walk } from '../../core/ast';
import { printNode } from '../../core/editing';
import { analyze, stripOptional, type SemanticModel, type Type } from '../../core/semantics';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

export interface GenerateOptions {
  /** Python only: keep names as they are (default) or turn camelCase into snake_case. */
  pythonNames?: 'keep' | 'snake_case';
}

export interface GenerateResult {
  code: string;
  /** W_UNFAITHFUL for every node the target could not carry (an ErrorNode, say). */
  diagnostics: ProjectionDiagnostic[];
}

/** Facts about the program every generator asks for. */
export class GenerationContext {
  readonly model: SemanticModel;
  readonly diagnostics: ProjectionDiagnostic[] = [];
  /** Every identifier-like name in the program, so helpers can pick names that are free. */
  private readonly taken = new Set<string>();
  private readonly helperNames = new Map<string, string>();

  constructor(readonly program: A.Program) {
    this.model = analyze(program);
    walk(program, (node) => {
      if ('name' in node && typeof node.name === 'string') this.taken.add(node.name);
      if (node.type === 'ForStatement') this.taken.add(node.iterator);
      if (node.type === 'TryStatement') this.taken.add(node.catchName);
      if (node.type === 'ImportDeclaration') for (const name of [node.module.split('.')[0], ...node.names]) this.taken.add(name);
    });
  }

  /** The type the checker gives an expression, optional stripped; undefined when unknown. */
  typeOf(node: A.Node): Type | undefined {
    const type = this.model.typeOf(node.id);
    return type ? stripOptional(type) : undefined;
  }

  /** Whether an expression is known to be of one of `kinds` (and never null). */
  isKind(node: A.Node, ...kinds: string[]): boolean {
    const type = this.model.typeOf(node.id);
    return type !== undefined && kinds.includes(type.kind);
  }

  /** The name a runtime helper gets: `base`, or with a suffix when the program uses `base`. */
  helper(base: string): string {
    let name = this.helperNames.get(base);
    if (!name) {
      name = this.freshName(base);
      this.helperNames.set(base, name);
    }
    return name;
  }

  /** A name nothing in the program uses yet (`base`, else with a number). */
  freshName(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }

  /** The helpers used so far (by their base names), in the order first used. */
  usedHelpers(): string[] {
    return [...this.helperNames.keys()];
  }

  /** Reports a node the target cannot carry; the generator writes a placeholder that fails loudly. */
  unfaithful(node: A.Node, language: string, what: string): void {
    this.diagnostics.push(projectionDiagnostic('W_UNFAITHFUL', 'warning', `Not carried into ${language}: ${what}`, node.id, node.span, { omitted: node.type === 'ErrorNode' ? leftOutText(node.text) : undefined }));
  }
}

/** The source an importer's placeholder (`not_carried /* source *\/`) stands for, else the text itself. */
export function leftOutText(text: string): string {
  return /^not_carried \/\* ([^]*) \*\/$/.exec(text)?.[1] ?? text;
}

/** How an annotation reads in Whetstone (`@performance(memoize, reason: "…")`), for comments. */
export function annotationText(annotation: A.Annotation): string {
  return printNode(annotation);
}

/** Whether an annotation asks for a memo table (memoize or cache). */
export function isMemoAnnotation(annotation: A.Annotation): boolean {
  return annotation.annotationType === 'performance' && (annotation.strategy === 'memoize' || annotation.strategy === 'cache');
}

/**
 * Whether a function can be memoised faithfully: every parameter is typed number, string or bool,
 * so a call's arguments are a key by value (a list or object argument could change between calls).
 */
export function memoizable(fn: A.FunctionDeclaration): boolean {
  return fn.parameters.length > 0 && fn.parameters.every((param) => param.paramType !== null && /^(number|string|bool)$/.test(param.paramType.trim()));
}

/** The annotations of a node that has them. */
export function annotationsOf(node: A.Node): A.Annotation[] {
  return 'annotations' in node && Array.isArray(node.annotations) ? node.annotations : [];
}

/** A literal's value as it would be written in JavaScript or Python source (numbers, strings). */
export function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

/** Whether `node` or a node under it (not looking inside lambdas) satisfies `test`. */
export function someNode(node: A.Node, test: (node: A.Node) => boolean): boolean {
  if (test(node)) return true;
  return childNodes(node).some((child) => child.type !== 'Lambda' && someNode(child, test));
}

/** An expression without calls or awaits: evaluating it twice gives the same value and does nothing else. */
export function isPure(node: A.Expression): boolean {
  switch (node.type) {
    case 'Identifier':
    case 'Literal':
      return true;
    case 'MemberExpression':
      return isPure(node.object);
    case 'IndexExpression':
      return isPure(node.object) && isPure(node.index);
    case 'BinaryExpression':
      return isPure(node.left) && isPure(node.right);
    case 'UnaryExpression':
      return node.operator !== 'await' && isPure(node.operand);
    default:
      return false;
  }
}

/** A declaration whose value an if/else chooses: what importers make of `x = c ? a : b`. */
export interface ChosenValue {
  declaration: A.VariableDeclaration;
  condition: A.Expression;
  whenTrue: A.Expression;
  whenFalse: A.Expression;
}

/**
 * `let x; if c { x = a; } else { x = b; }` as one conditional value, so generators can write the
 * target's conditional expression (`c ? a : b`, `a if c else b`); undefined for anything else.
 */
export function chosenValue(first: A.Node | undefined, second: A.Node | undefined): ChosenValue | undefined {
  if (first?.type !== 'VariableDeclaration' || first.initializer !== null || first.annotations.length > 0) return undefined;
  if (second?.type !== 'IfStatement' || second.annotations.length > 0 || second.alternate?.type !== 'Block') return undefined;
  const assigned = (block: A.Block): A.Expression | undefined => {
    const [only] = block.statements;
    if (block.statements.length !== 1 || only.type !== 'AssignmentStatement' || only.operator !== '=' || only.annotations.length > 0) return undefined;
    return only.target.type === 'Identifier' && only.target.name === first.name ? only.value : undefined;
  };
  const whenTrue = assigned(second.consequent);
  const whenFalse = assigned(second.alternate);
  if (!whenTrue || !whenFalse) return undefined;
  return { declaration: first, condition: second.condition, whenTrue, whenFalse };
}

/** `assert(false)` or `assert(false, message)`: a call that always stops the program, with its message. */
export function alwaysStops(expression: A.Expression, isAssert: (callee: A.Expression) => boolean): { message: A.Expression | undefined } | undefined {
  if (expression.type !== 'CallExpression' || !isAssert(expression.callee)) return undefined;
  const [condition, message] = expression.arguments;
  if (condition?.type !== 'Literal' || condition.value !== false) return undefined;
  return { message };
}
