// performance(hoist): a computation inside a loop that gives the same value on every iteration
// (nothing it reads is declared, assigned or pushed onto inside the loop, it calls only pure
// functions and builds no new list or object), so it can be computed once before the loop. Only
// the largest such expression is reported, against its innermost loop; the annotation goes on the
// statement that holds it.
import { childNodes, type Expression, type Node } from '../ast/ast';
import { EXPRESSION_TYPES } from '../ast/node-schema';
import { expressionText } from '../semantics/signatures';
import { rootIdentifier, type LoopNode, type SuggestContext } from './context';
import type { Purity } from './purity';
import type { Suggestion } from './types';

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>']);

interface LoopFacts {
  /** Declaration ids (or names, for the undefined) written inside the loop. */
  written: Set<string>;
  /** Whether the loop calls something impure other than print: then objects and outer state may change. */
  callsImpure: boolean;
}

export function hoistSuggestions(ctx: SuggestContext, purity: Purity): Suggestion[] {
  const facts = new Map<string, LoopFacts>();
  const factsOf = (loop: LoopNode): LoopFacts => {
    let known = facts.get(loop.id);
    if (!known) {
      known = loopFacts(ctx, purity, loop);
      facts.set(loop.id, known);
    }
    return known;
  };
  const found = new Map<string, { target: Node; expressions: Expression[]; loop: LoopNode }>();

  const visit = (node: Node): void => {
    if (EXPRESSION_TYPES.has(node.type)) {
      const expression = node as Expression;
      const loop = ctx.loopOf(expression);
      if (loop && worthHoisting(expression) && isInvariant(ctx, purity, expression, loop, factsOf(loop))) {
        const target = ctx.annotatable(expression);
        if (target && !ctx.hasAnnotation(target, 'performance', 'hoist')) {
          const entry = found.get(target.id) ?? { target, expressions: [], loop };
          entry.expressions.push(expression);
          found.set(target.id, entry);
        }
        return;
      }
    }
    for (const child of childNodes(node)) {
      // What an assignment writes to is a place, not a value computed per iteration.
      if (node.type === 'AssignmentStatement' && child === node.target) continue;
      if (node.type === 'MultipleAssignment' && node.targets.includes(child as Expression)) continue;
      if (child.type === 'Lambda') continue;
      visit(child);
    }
  };
  visit(ctx.program);

  return [...found.values()].map(({ target, expressions, loop }) => {
    const what = expressions.map((e) => `\`${expressionText(e, 60)}\``).join(', ');
    const kind = loop.type === 'ForStatement' ? 'for' : 'while';
    return {
      nodeId: target.id,
      annotationType: 'performance',
      strategy: 'hoist',
      reason: `${what} ${expressions.length === 1 ? 'gives' : 'give'} the same value on every iteration of the ${kind} loop on line ${ctx.line(loop)} (nothing ${expressions.length === 1 ? 'it reads' : 'they read'} changes inside the loop): compute ${expressions.length === 1 ? 'it' : 'them'} once before the loop`,
      confidence: expressions.some((e) => containsCall(e)) ? 0.75 : 0.7,
    };
  });
}

function loopFacts(ctx: SuggestContext, purity: Purity, loop: LoopNode): LoopFacts {
  const written = new Set<string>();
  const note = (target: Expression | undefined): void => {
    const root = target ? rootIdentifier(target) : undefined;
    if (!root || root.type !== 'Identifier') return;
    const symbol = ctx.symbolOf(root);
    written.add(symbol?.declNodeId ?? root.name);
  };
  for (const assignment of ctx.within(loop, ['AssignmentStatement'], true)) note(assignment.target);
  for (const assignment of ctx.within(loop, ['MultipleAssignment'], true)) assignment.targets.forEach(note);
  let callsImpure = false;
  for (const call of ctx.within(loop, ['CallExpression'], true)) {
    const name = call.callee.type === 'Identifier' ? call.callee.name : undefined;
    if (name === 'push' && ctx.symbolOf(call.callee)?.kind === 'builtin') note(call.arguments[0]);
    else if (name === 'print' && ctx.symbolOf(call.callee)?.kind === 'builtin') continue;
    else if (!purity.isPureCall(call)) callsImpure = true;
  }
  return { written, callsImpure };
}

function worthHoisting(expression: Expression): boolean {
  if (!readsAName(expression) && !containsCall(expression)) return false; // all literals: style(simplify)'s business
  if (expression.type === 'CallExpression') return true;
  return expression.type === 'BinaryExpression' && (ARITHMETIC.has(expression.operator) || containsCall(expression));
}

function isInvariant(ctx: SuggestContext, purity: Purity, expression: Expression, loop: LoopNode, facts: LoopFacts): boolean {
  let invariant = true;
  const fn = ctx.functionOf(loop);
  const check = (node: Node): void => {
    if (!invariant) return;
    switch (node.type) {
      case 'Identifier': {
        const symbol = ctx.symbolOf(node);
        if (!symbol || ctx.declaredInside(symbol, loop) || facts.written.has(symbol.declNodeId ?? node.name)) invariant = false;
        // An impure call in the loop may change variables declared outside the function.
        else if (facts.callsImpure && symbol.kind === 'variable' && !(fn && ctx.declaredInside(symbol, fn))) invariant = false;
        break;
      }
      case 'CallExpression':
        if (!purity.isPureCall(node)) invariant = false;
        break;
      case 'MemberExpression':
      case 'IndexExpression':
        // Fields and elements can change through an impure call even when no name is written.
        if (facts.callsImpure) invariant = false;
        break;
      case 'ArrayLiteral':
      case 'ObjectLiteral':
      case 'Lambda':
        // A fresh value per iteration: hoisting would share one.
        invariant = false;
        break;
      case 'UnaryExpression':
        if (node.operator === 'await') invariant = false;
        break;
      default:
        break;
    }
    if (invariant) for (const child of childNodes(node)) check(child);
  };
  check(expression);
  return invariant;
}

function readsAName(node: Node): boolean {
  return node.type === 'Identifier' || childNodes(node).some(readsAName);
}

function containsCall(node: Node): boolean {
  return node.type === 'CallExpression' || childNodes(node).some(containsCall);
}
