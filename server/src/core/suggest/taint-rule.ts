// security(sanitize) and security(validate): a function's parameter (input it does not control)
// reaches a sink-like call without passing through a sanitizer. Sinks are calls named like query,
// exec, eval, render (injection: sanitize) or fetch*, request, redirect (a request to somewhere
// the input chooses: validate), and library functions tagged `sink`, `sql`, `shell`, `html`
// (injection) or `network` (request). Flow is followed through local variables, `+`, fields,
// elements and calls that are not sanitizers; numbers and booleans carry no text, so they end it.
import type { CallExpression, Expression, FunctionDeclaration } from '../ast/ast';
import { expressionText } from '../semantics/signatures';
import type { SuggestContext } from './context';
import type { Suggestion } from './types';

type SinkKind = 'injection' | 'request';

const INJECTION_NAME = /^(query|exec|execute|eval|sql|shell|system|spawn|render|innerhtml|writehtml)/i;
const REQUEST_NAME = /^(fetch|request|redirect|download|openurl|http)/i;
const SANITIZER_NAME = /^(sanitize|escape|validate|encode|quote|clean|strip|check|verify|num|parse)/i;
const INJECTION_TAGS: ReadonlySet<string> = new Set(['sink', 'sql', 'shell', 'html', 'injection']);
const REQUEST_TAGS: ReadonlySet<string> = new Set(['network', 'request']);

interface Taint {
  /** The parameter the value comes from. */
  param: string;
  /** The local variable it went through, if any. */
  via?: string;
}

export function taintSuggestions(ctx: SuggestContext): Suggestion[] {
  const out: Suggestion[] = [];
  for (const fn of ctx.program.children) {
    if (fn.type !== 'FunctionDeclaration' || fn.parameters.length === 0 || ctx.hasAnnotation(fn, 'security')) continue;
    const found = firstFlow(ctx, fn);
    if (!found) continue;
    const { call, kind, taint, name, direct } = found;
    const through = taint.via ? ` through '${taint.via}'` : '';
    out.push({
      nodeId: fn.id,
      annotationType: 'security',
      strategy: kind === 'injection' ? 'sanitize' : 'validate',
      reason:
        kind === 'injection'
          ? `parameter '${taint.param}' reaches ${name}(…) on line ${ctx.line(call)}${through} without being sanitized: input that ${fn.name}'s caller chooses becomes part of ${expressionText(call, 60)}`
          : `parameter '${taint.param}' decides where ${name}(…) on line ${ctx.line(call)} goes${through}, and nothing validates it first`,
      confidence: direct ? 0.6 : 0.7,
    });
  }
  return out;
}

function firstFlow(
  ctx: SuggestContext,
  fn: FunctionDeclaration,
): { call: CallExpression; kind: SinkKind; taint: Taint; name: string; direct: boolean } | undefined {
  const tainted = new Map<string, Taint>();
  for (const param of fn.parameters) {
    const symbol = ctx.model.symbolsDeclaredBy(param.id)[0];
    if (symbol && !carriesNoText(symbol.type.kind)) tainted.set(param.id, { param: param.name });
  }
  if (tainted.size === 0) return undefined;
  const taintOf = (expression: Expression): Taint | undefined => flow(ctx, expression, tainted);
  // Through locals: repeat while a pass taints a new variable (each pass can only add).
  for (let pass = 0, grew = true; grew && pass < 10; pass++) {
    grew = false;
    for (const decl of ctx.within(fn.body, ['VariableDeclaration'])) {
      const source = decl.initializer ? taintOf(decl.initializer) : undefined;
      if (source && !tainted.has(decl.id)) {
        tainted.set(decl.id, { param: source.param, via: decl.name });
        grew = true;
      }
    }
    const pairs = [
      ...ctx.within(fn.body, ['AssignmentStatement']).map((assignment) => [assignment.target, assignment.value] as const),
      ...ctx.within(fn.body, ['MultipleAssignment']).flatMap((assignment) => assignment.targets.map((target, index) => [target, assignment.values[index]] as const)),
    ];
    for (const [target, value] of pairs) {
      if (target.type !== 'Identifier' || !value) continue;
      const declId = ctx.symbolOf(target)?.declNodeId;
      const source = taintOf(value);
      if (declId && source && !tainted.has(declId)) {
        tainted.set(declId, { param: source.param, via: target.name });
        grew = true;
      }
    }
  }
  for (const call of ctx.within(fn.body, ['CallExpression'])) {
    const sink = sinkOf(ctx, call);
    if (!sink) continue;
    for (const argument of call.arguments) {
      const taint = taintOf(argument);
      if (taint) return { call, kind: sink.kind, taint, name: sink.name, direct: argument.type === 'Identifier' && !taint.via };
    }
  }
  return undefined;
}

function carriesNoText(kind: string): boolean {
  return kind === 'number' || kind === 'bool' || kind === 'void' || kind === 'null';
}

function flow(ctx: SuggestContext, expression: Expression, tainted: ReadonlyMap<string, Taint>): Taint | undefined {
  const type = ctx.model.typeOf(expression.id);
  if (type && carriesNoText(type.kind)) return undefined;
  switch (expression.type) {
    case 'Identifier': {
      const declId = ctx.symbolOf(expression)?.declNodeId;
      return declId ? tainted.get(declId) : undefined;
    }
    case 'BinaryExpression':
      return expression.operator === '+' ? (flow(ctx, expression.left, tainted) ?? flow(ctx, expression.right, tainted)) : undefined;
    case 'ConditionalExpression':
      return flow(ctx, expression.consequent, tainted) ?? flow(ctx, expression.alternate, tainted);
    case 'MemberExpression':
    case 'IndexExpression':
      return flow(ctx, expression.object, tainted);
    case 'UnaryExpression':
      return expression.operator === 'await' ? flow(ctx, expression.operand, tainted) : undefined;
    case 'CallExpression': {
      if (isSanitizer(ctx, expression)) return undefined;
      for (const argument of expression.arguments) {
        const taint = flow(ctx, argument, tainted);
        if (taint) return taint;
      }
      return undefined;
    }
    case 'ArrayLiteral':
      for (const element of expression.elements) {
        const taint = flow(ctx, element, tainted);
        if (taint) return taint;
      }
      return undefined;
    case 'ObjectLiteral':
      for (const property of expression.properties) {
        const taint = flow(ctx, property.value, tainted);
        if (taint) return taint;
      }
      return undefined;
    default:
      return undefined;
  }
}

function calleeName(call: CallExpression): string | undefined {
  if (call.callee.type === 'Identifier') return call.callee.name;
  if (call.callee.type === 'MemberExpression') return call.callee.property;
  return undefined;
}

function tagsOf(ctx: SuggestContext, call: CallExpression): readonly string[] {
  const callee = call.callee;
  if (callee.type === 'Identifier') return ctx.symbolOf(callee)?.library?.fn.tags ?? [];
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') {
    const module = ctx.symbolOf(callee.object);
    if (module?.kind === 'import' && module.module) return ctx.library?.lookup(module.module, callee.property)?.fn.tags ?? [];
  }
  return [];
}

function sinkOf(ctx: SuggestContext, call: CallExpression): { kind: SinkKind; name: string } | undefined {
  const name = calleeName(call);
  if (!name) return undefined;
  const tags = tagsOf(ctx, call);
  if (tags.some((tag) => INJECTION_TAGS.has(tag)) || INJECTION_NAME.test(name)) return { kind: 'injection', name };
  if (tags.some((tag) => REQUEST_TAGS.has(tag)) || REQUEST_NAME.test(name)) return { kind: 'request', name };
  return undefined;
}

function isSanitizer(ctx: SuggestContext, call: CallExpression): boolean {
  const name = calleeName(call);
  return (name !== undefined && SANITIZER_NAME.test(name)) || tagsOf(ctx, call).includes('sanitizer');
}
