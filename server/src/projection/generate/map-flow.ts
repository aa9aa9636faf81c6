// Where a map the generated JavaScript holds in a Map (map-keys.ts) meets code that reads a plain
// object, or the other way round. The representation follows the static type, so a value must
// keep to one kind on its way: a map keyed by numbers passed to a parameter without a type, kept
// in a list of any, or returned as a map keyed by texts would be read with Object.keys and `m[k]`,
// which see none of a Map's entries; a plain object given where a Map is expected has no `.get`.
// Such a flow is an error at projection (W_UNFAITHFUL), in JavaScript and TypeScript; Python holds
// every map in a dict.
import type * as A from '../../core/ast';
import { childNodes } from '../../core/ast';
import { parseTypeSyntax, type Type, type TypeSyntax } from '../../core/semantics';
import type { GenerationContext } from './common';
import { heldInMap } from './map-keys';

/** The built-ins that take a map held in a Map as it is (the generator writes each for a Map). */
const TAKES_EITHER = new Set(['len', 'includes', 'keys', 'values', 'removeKey', 'print', 'str', 'pystr', 'jsstr']);

/** Whether the written type is a map held in a Map; undefined when it is not a map (or has no text). */
function syntaxHeldInMap(text: string | null): boolean | undefined {
  let syntax: TypeSyntax | null = text === null ? null : parseTypeSyntax(text);
  while (syntax?.form === 'group') syntax = syntax.inner;
  if (!syntax || syntax.name !== 'map') return undefined;
  const key = syntax.args[0];
  return !(key?.form === 'name' && key.name === 'string');
}

/** Reports each value that goes from a map held in a Map to a place that reads a plain object, or back. */
export function reportMapFlows(program: A.Program, ctx: GenerationContext, language: string, isBuiltin: (callee: A.Expression) => boolean): void {
  const held = (node: A.Node): boolean => heldInMap(ctx.typeOf(node));
  /** Whether a value of the place's type may hold a map (a map or any value), so a mismatch would go unseen. */
  const mapLike = (type: Type | undefined): boolean => !type || type.kind === 'any' || type.kind === 'map' || type.kind === 'object' || (type.kind === 'optional' && mapLike(type.inner));
  const check = (value: A.Expression, placeHeld: boolean | undefined, placeType: Type | undefined, where: string): void => {
    const valueHeld = held(value);
    if (placeHeld === undefined ? !valueHeld || !mapLike(placeType) || heldInMap(placeType) : valueHeld === placeHeld) return;
    if (!valueHeld && !mapLike(ctx.typeOf(value))) return;
    const what = valueHeld
      ? `a map keyed by other than texts (a Map in ${language}) ${where}, where a map keyed by texts or a value of any type is read as a plain object`
      : `a value that is not known to be a map keyed by other than texts ${where}, where such a map (a Map in ${language}) is expected`;
    ctx.unfaithful(value, language, what);
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
      case 'ObjectLiteral':
        node.properties.forEach((property) => held(property.value) && check(property.value, false, undefined, 'put in an object'));
        break;
    }
    const inner = node.type === 'FunctionDeclaration' || node.type === 'Lambda' ? node : fn;
    for (const child of childNodes(node)) visit(child, inner);
  };
  visit(program, undefined);
}
