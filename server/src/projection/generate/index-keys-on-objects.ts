// An object written with fields is a plain object in the generated JavaScript (its fields are
// names, which an object keeps in the order written). A key that looks like an array index ("3",
// "10") given to such an object later is walked before its fields, in numeric order, where
// Whetstone and Python keep insertion order: `o = { x: 1 }; o["3"] = 2;` walks `x, 3` in Python
// and `3, x` in JavaScript. The program's objects of those types are therefore not carried into
// JavaScript where they are walked or shown; a map type (`map<string, V>`) keeps the order.
import type * as A from '../../core/ast';
import { childNodes } from '../../core/ast';
import { stripOptional, typeToString, type Type } from '../../core/semantics';
import type { GenerationContext } from './common';

/** The built-ins that walk an object's keys in their order, or show it so. */
const ORDERED_WALKS = new Set(['keys', 'values', 'print', 'str', 'pystr', 'join']);

/** Why such a walk is not carried. */
export const INDEX_KEY_WALKED =
  'a walk or display of an object written with fields that the program also gives a key that may look like an array index ("3", or a key computed at run time): a JavaScript object walks such keys before its fields, where Whetstone keeps insertion order (give the object a map type, map<string, V>, to keep the order)';

/** Whether `key` may be a text that JavaScript takes as an array index. */
function mayBeIndexKey(key: A.Expression): boolean {
  if (key.type !== 'Literal') return true;
  return typeof key.value === 'string' && /^(0|[1-9][0-9]*)$/.test(key.value) && Number(key.value) < 2 ** 32 - 1;
}

/** The types (as text) of the objects with fields that the program writes at a key that may look like an array index. */
export function objectsGivenIndexKeys(program: A.Program, ctx: GenerationContext): Set<string> {
  const found = new Set<string>();
  const visit = (node: A.Node): void => {
    if (node.type === 'AssignmentStatement' && node.target.type === 'IndexExpression' && mayBeIndexKey(node.target.index)) {
      const type = ctx.typeOf(node.target.object);
      const base = type && stripOptional(type);
      if (base?.kind === 'object' && base.fields.size > 0) found.add(typeToString(base));
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(program);
  return found;
}

/** Whether `builtin` called with arguments of `types` walks or shows one of `objects` (or a value that holds one). */
export function walksIndexKeyedObject(builtin: string, types: (Type | undefined)[], objects: ReadonlySet<string>): boolean {
  if (objects.size === 0 || !ORDERED_WALKS.has(builtin)) return false;
  const holds = (type: Type | undefined, depth: number): boolean => {
    if (!type || depth > 4) return false;
    const base = stripOptional(type);
    if (base.kind === 'object') return objects.has(typeToString(base)) || [...base.fields.values()].some((field) => holds(field, depth + 1));
    if (base.kind === 'list') return holds(base.element, depth + 1);
    return base.kind === 'map' && holds(base.value, depth + 1);
  };
  return types.some((type) => holds(type, 0));
}
