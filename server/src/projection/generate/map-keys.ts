// Which Whetstone maps the generated JavaScript holds in a Map rather than a plain object. A plain
// object turns every key into a text (1 and "1" become one key) and walks keys that look like
// whole numbers before the others, in numeric order; a Map keeps each key as it is and its
// insertion order, as Whetstone's maps and Python's dicts do. Maps keyed by texts stay plain
// objects: they are what JavaScript programs, JSON and object literals use.
import { stripOptional, type Type } from '../../core/semantics';

/** Whether a value of `type` is a map whose keys are not all texts (a number, a bool, any). */
export function heldInMap(type: Type | undefined): boolean {
  if (!type) return false;
  const base = stripOptional(type);
  return base.kind === 'map' && stripOptional(base.key).kind !== 'string';
}

/** Why jsstr of such a map is not carried: Node shows a Map otherwise than an object. */
export const MAP_SHOWN_BY_NODE = "jsstr of a map keyed by other than texts (Node's console.log shows a Map as Map(n) { key => value }, which the generated code does not reproduce)";
