// performance(memoize) and performance(cache): work a pure function repeats.
// - memoize, on the function: it is pure, takes arguments, and is called on every iteration of a
//   loop, or calls itself more than once per call (the classic exponential recursion).
// - cache, on the calling function: it computes the same pure call with the same arguments more
//   than once, and nothing those arguments read changes in between.
import { walk, type CallExpression, type FunctionDeclaration, type Node } from '../ast/ast';
import { printNode } from '../editing/printer';
import { expressionText } from '../semantics/signatures';
import { rootIdentifier, type SuggestContext } from './context';
import type { Purity } from './purity';
import type { Suggestion } from './types';

export function memoizeSuggestions(ctx: SuggestContext, purity: Purity): Suggestion[] {
  const out: Suggestion[] = [];
  const callsOf = new Map<string, CallExpression[]>();
  for (const call of ctx.within(ctx.program, ['CallExpression'], true)) {
    const fn = ctx.calledFunction(call);
    if (!fn) continue;
    callsOf.set(fn.id, [...(callsOf.get(fn.id) ?? []), call]);
  }
  for (const fn of ctx.program.children) {
    if (fn.type !== 'FunctionDeclaration' || fn.parameters.length === 0 || !purity.of(fn).pure) continue;
    if (ctx.hasAnnotation(fn, 'performance', 'memoize') || ctx.hasAnnotation(fn, 'performance', 'cache')) continue;
    const calls = callsOf.get(fn.id) ?? [];
    const selfCalls = calls.filter((call) => ctx.idsOf(fn).has(call.id) && !ctx.loopOf(call));
    if (selfCalls.length >= 2) {
      out.push({
        nodeId: fn.id,
        annotationType: 'performance',
        strategy: 'memoize',
        reason: `${fn.name} is pure and calls itself ${selfCalls.length} times per call (${lines(ctx, selfCalls)}): without remembered results the work grows exponentially with the input`,
        confidence: 0.8,
      });
      continue;
    }
    const inLoops = calls.filter((call) => ctx.loopOf(call));
    if (inLoops.length > 0) {
      const where = inLoops.map((call) => `line ${ctx.line(call)}${callerName(ctx, call)}`);
      out.push({
        nodeId: fn.id,
        annotationType: 'performance',
        strategy: 'memoize',
        reason: `${fn.name} is pure and is called on every iteration of a loop (${where.join(', ')}): results for repeated arguments can be remembered`,
        confidence: 0.65,
      });
    }
  }
  for (const caller of ctx.program.children) {
    if (caller.type !== 'FunctionDeclaration' || ctx.hasAnnotation(caller, 'performance', 'cache')) continue;
    const repeated = repeatedPureCalls(ctx, purity, caller);
    if (!repeated) continue;
    out.push({
      nodeId: caller.id,
      annotationType: 'performance',
      strategy: 'cache',
      reason: `${caller.name} computes ${expressionText(repeated[0], 60)} ${repeated.length} times with the same arguments (${lines(ctx, repeated)}): compute it once and reuse the result`,
      confidence: 0.75,
    });
  }
  return out;
}

/** The first group of identical pure calls (2+) in a function whose arguments nothing there changes. */
function repeatedPureCalls(ctx: SuggestContext, purity: Purity, fn: FunctionDeclaration): CallExpression[] | undefined {
  const written = writtenNames(ctx, fn);
  const groups = new Map<string, CallExpression[]>();
  for (const call of ctx.within(fn.body, ['CallExpression'])) {
    // Cheap built-ins (len, str…) are not worth a cache; user and library functions are.
    const named = ctx.calledFunction(call) !== undefined || ctx.symbolOf(call.callee)?.kind === 'import';
    if (!named || !purity.isPureCall(call) || call.arguments.length === 0) continue;
    if (readsAny(ctx, call, written)) continue;
    const key = printNode(call);
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  for (const group of groups.values()) {
    // Nested identical calls (f(f(x))) differ in text; equal text means the same computation.
    if (group.length >= 2) return group;
  }
  return undefined;
}

/** Symbols assigned or pushed onto anywhere in the function. */
function writtenNames(ctx: SuggestContext, fn: FunctionDeclaration): Set<string> {
  const written = new Set<string>();
  const targets = [
    ...ctx.within(fn.body, ['AssignmentStatement'], true).map((assignment) => assignment.target),
    ...ctx.within(fn.body, ['MultipleAssignment'], true).flatMap((assignment) => assignment.targets),
  ];
  for (const target of targets) {
    const root = rootIdentifier(target);
    const symbol = root ? ctx.symbolOf(root) : undefined;
    if (symbol) written.add(symbol.declNodeId ?? symbol.name);
  }
  for (const call of ctx.within(fn.body, ['CallExpression'], true)) {
    if (call.callee.type !== 'Identifier' || call.callee.name !== 'push' || !call.arguments[0]) continue;
    const root = rootIdentifier(call.arguments[0]);
    const symbol = root ? ctx.symbolOf(root) : undefined;
    if (symbol) written.add(symbol.declNodeId ?? symbol.name);
  }
  return written;
}

/** Whether an expression reads a symbol in `names` (by declaration id, or name for builtins). */
export function readsAny(ctx: SuggestContext, root: Node, names: ReadonlySet<string>): boolean {
  let found = false;
  walk(root, (node) => {
    if (found || node.type !== 'Identifier') return;
    const symbol = ctx.symbolOf(node);
    if (!symbol || names.has(symbol.declNodeId ?? symbol.name)) found = true;
  });
  return found;
}

/** "line 4" or "lines 4, 9". */
function lines(ctx: SuggestContext, nodes: readonly Node[]): string {
  const numbers = [...new Set(nodes.map((node) => ctx.line(node)))];
  return `${numbers.length === 1 ? 'line' : 'lines'} ${numbers.join(', ')}`;
}

function callerName(ctx: SuggestContext, call: CallExpression): string {
  const fn = ctx.functionOf(call);
  return fn?.type === 'FunctionDeclaration' ? ` in ${fn.name}` : '';
}
