// An object written with fields is a plain object in the generated JavaScript (its fields are
// names, which an object keeps in the order written). A key that looks like an array index ("3",
// "10") given to such an object later is walked before its fields, in numeric order, where
// Whetstone and Python keep insertion order: `o = { x: 1 }; o["3"] = 2;` walks `x, 3` in Python
// and `3, x` in JavaScript. The program's objects of those types are therefore not carried into
// JavaScript where they are walked or shown; a map type (`map<string, V>`) keeps the order.
import type * as A from '../../core/ast';
import { childNodes } from '../../core/ast';
import { isArrayIndexKey, stripOptional, typeToString, type Type } from '../../core/semantics';
import type { GenerationContext } from './common';

/** The built-ins that walk an object's keys in their order, or show it so. */
const ORDERED_WALKS = new Set(['keys', 'values', 'print', 'str', 'pystr', 'join']);

/** Why such a walk is not carried. */
export const INDEX_KEY_WALKED =
  'a walk or display of an object written with fields that the program also gives a key that may look like an array index ("3", or a key computed at run time): a JavaScript object walks such keys before its fields, where Whetstone keeps insertion order (give the object a map type, map<string, V>, to keep the order)';

/** Whether `key` may be a text that JavaScript takes as an array index. */
function mayBeIndexKey(key: A.Expression): boolean {
  if (key.type !== 'Literal') return true;
  return typeof key.value === 'string' && isArrayIndexKey(key.value);
}

/**
 * The names that only ever hold keys an object already has, by the object's name: the loop names
 * of `for k in keys(o)` (or jsKeys), and names assigned nothing but those. A write at such a key
 * changes a value in place and adds no key.
 */
function ownKeyNames(program: A.Program): Map<string, Set<string>> {
  const walkers = new Map<string, string>();
  const assigned = new Map<string, A.Expression[]>();
  // Names are matched by their text: one declared twice (two loops, a parameter) may be another variable.
  const declarations = new Map<string, number>();
  const declare = (name: string): void => void declarations.set(name, (declarations.get(name) ?? 0) + 1);
  const visit = (node: A.Node): void => {
    if (node.type === 'ForStatement') declare(node.iterator);
    if (node.type === 'VariableDeclaration') declare(node.name);
    if (node.type === 'Parameter') declare(node.name);
    if (node.type === 'ForStatement' && node.iterable.type === 'CallExpression' && node.iterable.callee.type === 'Identifier' && ['keys', 'jsKeys'].includes(node.iterable.callee.name)) {
      const [object] = node.iterable.arguments;
      if (object?.type === 'Identifier') walkers.set(node.iterator, object.name);
    }
    if (node.type === 'AssignmentStatement' && node.target.type === 'Identifier') assigned.set(node.target.name, [...(assigned.get(node.target.name) ?? []), node.value]);
    if (node.type === 'VariableDeclaration' && node.initializer) assigned.set(node.name, [...(assigned.get(node.name) ?? []), node.initializer]);
    for (const child of childNodes(node)) visit(child);
  };
  visit(program);
  const owners = new Map<string, Set<string>>();
  const add = (object: string, name: string): void => {
    if ((declarations.get(name) ?? 0) <= 1) owners.set(object, (owners.get(object) ?? new Set()).add(name));
  };
  for (const [name, object] of walkers) {
    // A loop name also assigned elsewhere may hold another key.
    if (!assigned.has(name)) add(object, name);
  }
  for (const [name, values] of assigned) {
    const objects = new Set(values.map((value) => (value.type === 'Identifier' && !assigned.has(value.name) ? walkers.get(value.name) : undefined)));
    const [object] = objects;
    if (objects.size === 1 && object !== undefined && !walkers.has(name)) add(object, name);
  }
  return owners;
}

/** The types (as text) of the objects with fields that the program writes at a key that may look like an array index. */
export function objectsGivenIndexKeys(program: A.Program, ctx: GenerationContext): Set<string> {
  const found = new Set<string>();
  const owned = ownKeyNames(program);
  const ownKey = (object: A.Expression, key: A.Expression): boolean => object.type === 'Identifier' && key.type === 'Identifier' && (owned.get(object.name)?.has(key.name) ?? false);
  const visit = (node: A.Node): void => {
    if (node.type === 'AssignmentStatement' && node.target.type === 'IndexExpression' && mayBeIndexKey(node.target.index) && !ownKey(node.target.object, node.target.index)) {
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
