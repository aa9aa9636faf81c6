// What the elements of a list are where the checker's type leaves them as any: a lambda's
// parameters are of no type for the checker, so `map(items, fn(it) => it.name)` is a list<any>,
// and so is `const out = [];` however it is filled. The list a walk maps is followed to its
// element type, and a list filled only by push is followed through every use of its name.
import type { AstIndex, Expression, Node } from '../../core/ast';
import { stripOptional, type SemanticModel, type Type } from '../../core/semantics';
import { walkParameterType } from './walk-parameters';

/** The built-ins whose list has the elements of their first argument. */
const SAME_ELEMENTS = new Set(['filter', 'slice', 'sorted', 'reversed']);
/** The built-ins that read the list given first and add nothing to it. */
const READS = new Set(['sort', 'sorted', 'reverse', 'reversed', 'len', 'join', 'includes', 'indexOf', 'lastIndexOf', 'slice', 'print', 'jsstr', 'str', 'map', 'filter', 'some', 'every', 'find', 'findIndex', 'forEach', 'reduce']);

interface Context {
  model: SemanticModel;
  nodes: AstIndex;
  libraryCallees: ReadonlySet<string>;
}

/** The type of the value `expression` as far as it is known: the checker's, or a walk parameter's and its fields. */
function valueType(context: Context, expression: Expression): Type | undefined {
  const { model, nodes, libraryCallees } = context;
  const known = model.typeOf(expression.id);
  if (known && known.kind !== 'any') return known;
  const parameter = walkParameterType(model, nodes, expression, libraryCallees);
  if (parameter) return parameter;
  if (expression.type !== 'MemberExpression') return undefined;
  const holder = valueType(context, expression.object);
  return holder && model.fieldsOfType(holder).find((found) => found.name === expression.property)?.type;
}

/** The value a lambda returns where it is one expression. */
function returnedValue(lambda: Node): Expression | undefined {
  if (lambda.type !== 'Lambda') return undefined;
  if (lambda.body.type !== 'Block') return lambda.body;
  const [only] = lambda.body.statements;
  return lambda.body.statements.length === 1 && only.type === 'ReturnStatement' ? (only.value ?? undefined) : undefined;
}

/** The function (declaration or lambda) a node is written in. */
function enclosingFunction(nodes: AstIndex, id: string): Node | undefined {
  for (let around = nodes.parent(id); around; around = nodes.parent(around.id)) {
    if (around.type === 'FunctionDeclaration' || around.type === 'Lambda') return around;
  }
  return undefined;
}

/**
 * The element type of a list declared `const name = [];` (no type written) that only push adds
 * to, where every use of the name is known to add nothing else: the type of the values pushed,
 * where they are all of one kind.
 */
function pushedType(context: Context, list: Expression): Type | undefined {
  const { model, nodes, libraryCallees } = context;
  const symbol = model.symbolOf(list.id);
  const declaration = symbol?.declNodeId ? nodes.node(symbol.declNodeId) : undefined;
  if (!symbol || declaration?.type !== 'VariableDeclaration' || declaration.varType !== null || declaration.initializer?.type !== 'ArrayLiteral' || declaration.initializer.elements.length > 0) return undefined;
  const pushed: Type[] = [];
  for (const id of model.referencesOf(symbol)) {
    if (id === declaration.id) continue;
    const parent = nodes.parent(id);
    if (parent?.type === 'CallExpression' && parent.arguments[0]?.id === id && parent.callee.type === 'Identifier' && libraryCallees.has(parent.callee.id)) {
      if (parent.callee.name === 'push' && parent.arguments.length === 2) {
        const type = valueType(context, parent.arguments[1]);
        if (!type) return undefined;
        pushed.push(type);
        continue;
      }
      if (READS.has(parent.callee.name)) continue;
      return undefined;
    }
    if (parent?.type === 'IndexExpression' && parent.object.id === id) {
      const holder = nodes.parent(parent.id);
      if (holder?.type === 'AssignmentStatement' && holder.target.id === parent.id) return undefined;
      continue;
    }
    if (parent?.type === 'ForStatement' && parent.iterable.id === id) continue;
    // Returned from the function that made it: each call makes a new list.
    if (parent?.type === 'ReturnStatement' && enclosingFunction(nodes, parent.id) === enclosingFunction(nodes, declaration.id)) continue;
    return undefined;
  }
  const [first] = pushed;
  return first && pushed.every((type) => type.kind === first.kind && (type.kind !== 'named' || (first.kind === 'named' && type.name === first.name))) ? first : undefined;
}

/** The type of the elements of `list`, where it is known. */
export function elementType(model: SemanticModel, nodes: AstIndex, list: Expression, libraryCallees: ReadonlySet<string>): Type | undefined {
  const context: Context = { model, nodes, libraryCallees };
  const known = model.typeOf(list.id);
  const type = known ? stripOptional(known) : undefined;
  if (type?.kind === 'list' && type.element.kind !== 'any') return type.element;
  if (list.type === 'Identifier') return pushedType(context, list);
  if (list.type !== 'CallExpression' || list.callee.type !== 'Identifier' || !libraryCallees.has(list.callee.id)) return undefined;
  const [first, second] = list.arguments;
  if (SAME_ELEMENTS.has(list.callee.name) && first) return elementType(model, nodes, first, libraryCallees);
  const returned = list.callee.name === 'map' && second ? returnedValue(second) : undefined;
  return returned && valueType(context, returned);
}
