// Where a map, which the generated JavaScript holds in a Map (map-keys.ts), meets code that reads
// a plain object, or the other way round. The representation follows the static type, so a value
// must keep to one kind on its way: a map passed to a parameter without a type or kept in a list
// of any would be read with Object.keys and `m[k]`, which see none of a Map's entries; a plain
// object (a record) given where a Map is expected has no `.get`.
// Such a flow is an error at projection (W_UNFAITHFUL), in JavaScript and TypeScript; Python holds
// every map in a dict.
import type * as A from '../../core/ast';
import { childNodes } from '../../core/ast';
import { ANY, parseTypeSyntax, type Type, type TypeSyntax } from '../../core/semantics';
import type { GenerationContext } from './common';
import { heldInMap as isHeldInMap } from './map-keys';

/** The built-ins that take a map held in a Map as it is (the generator writes each for a Map). */
const TAKES_EITHER = new Set(['len', 'includes', 'keys', 'values', 'jsKeys', 'jsValues', 'removeKey', 'print', 'str', 'pystr', 'jsstr']);

/** Whether the written type is a map held in a Map; undefined when it is not a map (or has no text). */
function syntaxHeldInMap(text: string | null): boolean | undefined {
  let syntax: TypeSyntax | null = text === null ? null : parseTypeSyntax(text);
  while (syntax?.form === 'group') syntax = syntax.inner;
  if (!syntax || syntax.name !== 'map') return undefined;
  return true;
}

/**
 * Whether the objects of no fields can be held in Maps: holding them adds no flow to report. A
 * program that passes `{}` to a function without types keeps its objects plain instead.
 */
export function emptyObjectsHeldInMaps(program: A.Program, ctx: GenerationContext, isBuiltin: (callee: A.Expression) => boolean): boolean {
  const flows = (emptyObjects: boolean): Set<string> => {
    const found = new Set<string>();
    visitMapFlows(program, ctx, '', isBuiltin, emptyObjects, (node) => found.add(node.id));
    return found;
  };
  const plain = flows(false);
  return [...flows(true)].every((id) => plain.has(id));
}

/** Reports each value that goes from a map held in a Map to a place that reads a plain object, or back. */
export function reportMapFlows(program: A.Program, ctx: GenerationContext, language: string, isBuiltin: (callee: A.Expression) => boolean, emptyObjects: boolean): void {
  visitMapFlows(program, ctx, language, isBuiltin, emptyObjects, (node, what) => ctx.unfaithful(node, language, what));
}

function visitMapFlows(
  program: A.Program,
  ctx: GenerationContext,
  language: string,
  isBuiltin: (callee: A.Expression) => boolean,
  emptyObjects: boolean,
  report: (node: A.Expression, what: string) => void,
): void {
  const heldInMap = (type: Type | undefined): boolean => isHeldInMap(type, emptyObjects);
  const held = (node: A.Node): boolean => heldInMap(ctx.typeOf(node));
  /** Whether a value of the place's type may hold a map (a map or any value), so a mismatch would go unseen. */
  const mapLike = (type: Type | undefined): boolean => !type || type.kind === 'any' || type.kind === 'map' || type.kind === 'object' || (type.kind === 'optional' && mapLike(type.inner));
  const check = (value: A.Expression, placeHeld: boolean | undefined, placeType: Type | undefined, where: string): void => {
    const valueHeld = held(value);
    if (placeHeld === undefined ? !valueHeld || !mapLike(placeType) || heldInMap(placeType) : valueHeld === placeHeld) return;
    if (!valueHeld && !mapLike(ctx.typeOf(value))) return;
    const what = valueHeld
      ? `a map (a Map in ${language}) ${where}, where a record or a value of any type is read as a plain object`
      : `a value that is not known to be a map ${where}, where a map (a Map in ${language}) is expected`;
    report(value, what);
  };
  const visit = (node: A.Node, fn: A.FunctionDeclaration | A.Lambda | undefined): void => {
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.initializer && node.varType !== null) check(node.initializer, syntaxHeldInMap(node.varType), undefined, `given to '${node.name}'`);
        break;
      case 'AssignmentStatement':
        if (node.operator === '=') check(node.value, held(node.target), ctx.typeOf(node.target), 'assigned');
        break;
      case 'ReturnStatement':
        if (node.value && fn?.returnType) check(node.value, syntaxHeldInMap(fn.returnType), undefined, 'returned');
        else if (node.value && fn) {
          // Without a written type: what the checker gives the function's calls (any for a declaration).
          const type = fn.type === 'Lambda' ? ctx.typeOf(fn) : undefined;
          const returned = type?.kind === 'function' ? type.returnType : ANY;
          check(node.value, heldInMap(returned), returned, 'returned');
        }
        break;
      case 'CallExpression': {
        if (isBuiltin(node.callee)) {
          const name = (node.callee as A.Identifier).name;
          if (!TAKES_EITHER.has(name)) node.arguments.forEach((arg) => held(arg) && check(arg, false, undefined, `passed to ${name}`));
          break;
        }
        const callee = ctx.typeOf(node.callee);
        node.arguments.forEach((arg, index) => {
          const param = callee?.kind === 'function' ? (callee.params[index]?.type ?? callee.rest?.type) : undefined;
          check(arg, param ? heldInMap(param) : undefined, param, 'passed as an argument');
        });
        break;
      }
      case 'ArrayLiteral': {
        const list = ctx.typeOf(node);
        const element = list?.kind === 'list' ? list.element : undefined;
        node.elements.forEach((item) => check(item, element ? heldInMap(element) : undefined, element, 'put in a list'));
        break;
      }
      case 'ObjectLiteral': {
        // A field a declared record type gives a map type is read as a Map; a field of a literal of
        // no declared type may be read through any, as a plain object.
        const record = ctx.typeOf(node);
        const fields = record?.kind === 'named' ? ctx.model.fieldsOfType(record) : [];
        const declaredMap = (key: string): boolean => fields.some((field) => field.name === key && heldInMap(field.type));
        node.properties.forEach((property) => held(property.value) && !declaredMap(property.key) && check(property.value, false, undefined, 'put in an object'));
        break;
      }
    }
    const inner = node.type === 'FunctionDeclaration' || node.type === 'Lambda' ? node : fn;
    for (const child of childNodes(node)) visit(child, inner);
  };
  visit(program, undefined);
}
