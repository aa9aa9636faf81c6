// Whether an analysis may start from the previous one when what its imports answer changed
// (analyze): only where the answers differ in what some modules' functions, constants and
// variables are, which their import items alone bind.
import { sameValue } from './dependencies';
import type { ModuleExports, ResolvedImports } from './modules';
import type { Type } from './types';

/**
 * The module paths whose answer differs between two analyses' imports, when it differs only in what
 * the modules' functions, constants and variables are: the same module paths answered by the same
 * files (or the same files tried), and every module's types with the same fields. Those answers
 * are bound by the import items alone, so an analysis may keep what reads none of their names.
 * Undefined when anything else differs (the analysis then starts afresh).
 */
export function modulesAnsweringOtherwise(before: ResolvedImports, now: ResolvedImports): Set<string> | undefined {
  if (before.byModule.size !== now.byModule.size || !sameFieldsByName(before.types, now.types)) return undefined;
  const changed = new Set<string>();
  for (const [modulePath, was] of before.byModule) {
    const is = now.byModule.get(modulePath);
    if (!is) return undefined;
    if (!('exports' in was) || !('exports' in is)) {
      if ('exports' in was || 'exports' in is || was.tried.join('\u0001') !== is.tried.join('\u0001') || was.near !== is.near) return undefined;
      continue;
    }
    if (was.file !== is.file) return undefined;
    if (was.exports.fingerprint === is.exports.fingerprint) continue;
    if (!sameTypes(was.exports, is.exports)) return undefined;
    changed.add(modulePath);
  }
  return changed;
}

/** Whether two exports declare the same types, in the same order, with the same fields. */
function sameTypes(a: ModuleExports, b: ModuleExports): boolean {
  const typesOf = (exports: ModuleExports) => new Map([...exports.names].flatMap(([name, exported]) => (exported.kind === 'type' ? [[name, exported.fields ?? new Map<string, Type>()] as const] : [])));
  return sameFieldsByName(typesOf(a), typesOf(b));
}

/** Whether two maps of type names to fields hold the same names in the same order, each with the same fields in the same order. */
function sameFieldsByName(a: ReadonlyMap<string, ReadonlyMap<string, Type>>, b: ReadonlyMap<string, ReadonlyMap<string, Type>>): boolean {
  if (a.size !== b.size) return false;
  const others = [...b];
  return [...a].every(([name, fields], index) => others[index][0] === name && sameValue([...fields], [...others[index][1]]));
}
