// Which Whetstone maps the generated JavaScript holds in a Map rather than a plain object: every
// map, and an object of no fields (`const m = {};`, which only keys written later fill) unless the
// program lets one go where a plain object is read (map-flow.ts: then such objects stay plain, as
// a JavaScript program that passes its objects to functions without types wrote them). A plain
// object turns every key into a text (1 and "1" become one key) and walks keys that look like
// array indexes ("2", "10") before the others, in numeric order; a Map keeps each key as it is
// and its insertion order, as Whetstone's maps and Python's dicts do. Records and objects written
// with fields stay plain objects: their fields are names, which an object keeps in the order written.
import { stripOptional, type Type } from '../../core/semantics';

/** Whether a value of `type` is held in a Map by the generated JavaScript: a map, or with `emptyObjects` an object of no fields. */
export function heldInMap(type: Type | undefined, emptyObjects = true): boolean {
  if (!type) return false;
  const base = stripOptional(type);
  return base.kind === 'map' || (emptyObjects && base.kind === 'object' && base.fields.size === 0);
}

/** The built-ins that walk a map in its insertion order, or show it so. */
const INSERTION_ORDER_WALKS = new Set(['keys', 'values', 'print', 'str', 'pystr', 'join']);

/**
 * Whether `builtin` called with arguments of `types` walks an object of no fields kept plain (a
 * program that passes one where a plain object is read): the object walks keys that look like
 * array indexes first, where Whetstone keeps insertion order.
 */
export function walksPlainEmptyObject(builtin: string, types: (Type | undefined)[]): boolean {
  if (!INSERTION_ORDER_WALKS.has(builtin)) return false;
  const holds = (type: Type | undefined, depth: number): boolean => {
    if (!type || depth > 4) return false;
    const base = stripOptional(type);
    if (base.kind === 'object') return base.fields.size === 0 || [...base.fields.values()].some((field) => holds(field, depth + 1));
    if (base.kind === 'list') return holds(base.element, depth + 1);
    return base.kind === 'map' && holds(base.value, depth + 1);
  };
  return types.some((type) => holds(type, 0));
}

/** Why such a walk is not carried. */
export const PLAIN_OBJECT_WALKED =
  "a walk or display of an object of no fields ({}) that the program also passes where a plain object is read, so the generated code keeps such objects plain: a plain object walks keys that look like array indexes (\"2\", \"10\") first, where Whetstone keeps insertion order (give the object a map type, map<string, V>, where it is passed)";

/** Whether a value of `type` is a map whose keys are not all texts (a number, a bool, any). */
export function keyedByOtherThanTexts(type: Type | undefined): boolean {
  if (!type) return false;
  const base = stripOptional(type);
  return base.kind === 'map' && stripOptional(base.key).kind !== 'string';
}

/** Why jsstr of such a map is not carried: Node shows a Map otherwise than an object. */
export const MAP_SHOWN_BY_NODE = "jsstr of a map keyed by other than texts (Node's console.log shows a Map as Map(n) { key => value }, which the generated code does not reproduce)";
