// The types a list walk gives the parameters of the function written in its call: `forEach(flags,
// fn(p, i) { if p { … } })` calls it with each element of `flags` and its index. The checker types
// a lambda's unannotated parameters as any; a test for truth of one needs its type.
import { walk, type AstIndex, type Expression } from '../../core/ast';
import { NUMBER, stripOptional, type SemanticModel, type Type } from '../../core/semantics';

/** The walks, and which of their callback's parameters is the element (the index follows it). */
const ELEMENT_PARAMETER: Readonly<Record<string, number>> = { map: 0, filter: 0, some: 0, every: 0, find: 0, findIndex: 0, forEach: 0, reduce: 1 };

/**
 * The type `expression` has as a parameter of a lambda a list walk calls: the list's element
 * type, or number for the index; undefined for anything else, and for a parameter the lambda
 * assigns (it may hold another type then).
 */
export function walkParameterType(model: SemanticModel, nodes: AstIndex, expression: Expression, libraryCallees: ReadonlySet<string>): Type | undefined {
  if (expression.type !== 'Identifier') return undefined;
  const symbol = model.symbolOf(expression.id);
  if (symbol?.kind !== 'parameter' || symbol.scope.kind !== 'lambda' || !symbol.scope.nodeId) return undefined;
  const lambda = nodes.node(symbol.scope.nodeId);
  const call = nodes.parent(symbol.scope.nodeId);
  if (lambda?.type !== 'Lambda' || lambda.parameters.some((parameter) => parameter.paramType !== null || parameter.defaultValue !== null)) return undefined;
  if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || !libraryCallees.has(call.callee.id) || call.arguments[1] !== lambda) return undefined;
  const element = ELEMENT_PARAMETER[call.callee.name];
  const position = lambda.parameters.findIndex((parameter) => parameter.id === symbol.declNodeId);
  if (element === undefined || position < element || position > element + 1) return undefined;
  let assigned = false;
  walk(lambda.body, (node) => {
    if (node.type === 'AssignmentStatement' && node.target.type === 'Identifier' && model.symbolOf(node.target.id) === symbol) assigned = true;
  });
  if (assigned) return undefined;
  if (position === element + 1) return NUMBER;
  const list = model.typeOf(call.arguments[0].id);
  const type = list ? stripOptional(list) : undefined;
  return type?.kind === 'list' && type.element.kind !== 'any' ? type.element : undefined;
}
