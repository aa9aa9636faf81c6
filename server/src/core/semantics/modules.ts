// Modules (docs/LANGUAGE.md "Modules"): what one module exports, how an analysis asks for the
// modules its imports name (a ModuleResolver, given by whoever reads the files: core has no I/O),
// and where a module path is looked for. A module exports every top-level function, type,
// constant and variable it declares, with the types its own analysis gives them
// (module-exports.ts reads them from that analysis).
import type { Program } from '../ast/ast';
import type { Type } from './types';

export type ExportKind = 'function' | 'type' | 'constant' | 'variable';

export interface ExportedName {
  readonly kind: ExportKind;
  /** A function's declared signature, a constant's or variable's declared (else inferred) type, a type's NamedType. */
  readonly type: Type;
  /** For a type: its fields in declaration order. */
  readonly fields?: ReadonlyMap<string, Type>;
  /** The declaring node in the module's own document (for definition and hover; not in the fingerprint). */
  readonly declNodeId: string;
}

export interface ModuleExports {
  /** Every top-level name the module declares (the first declaration of a duplicated name). */
  readonly names: ReadonlyMap<string, ExportedName>;
  /**
   * Equal for two exports that an importer's analysis cannot tell apart (names, kinds, types,
   * fields; not node ids): importers compare it to know whether their analysis still holds. A
   * digest of them, so it is short.
   */
  readonly fingerprint: string;
}

/**
 * What a module path resolved to: the file found (the path as the resolver names it, for
 * messages) with its exports, or the paths tried when no file has it, with the module path of a
 * file the resolver knows that is close to it (for "did you mean"), if any. `exports` may be
 * shared between answers; it must not change once given.
 */
export type ModuleResolution =
  | { readonly file: string; readonly exports: ModuleExports }
  | { readonly tried: readonly string[]; readonly near?: string };

/** Answers which module a `use` names. Called during analyze(): must be quick (answer from what is already read). */
export interface ModuleResolver {
  resolve(modulePath: string): ModuleResolution;
}

/** The file a module path names, relative to a source root: `a.b` → `a/b.wst`. */
export function moduleFilePath(modulePath: string): string {
  return `${modulePath.split('.').join('/')}.wst`;
}

/**
 * The module path of a file relative to a source root (`/` separators): `a/b.wst` → `a.b`;
 * undefined when the path is not one a `use` can name (not .wst, or a segment not an identifier).
 */
export function modulePathOf(relativeFile: string): string | undefined {
  if (!relativeFile.endsWith('.wst')) return undefined;
  const segments = relativeFile.slice(0, -'.wst'.length).split('/');
  return segments.every((segment) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) ? segments.join('.') : undefined;
}

/** The exports of a module no file declares anything in (a resolver's placeholder). */
export const NO_EXPORTS: ModuleExports = { names: new Map(), fingerprint: '' };

/** What one analysis takes from the resolver: its answers, and the types imported. */
export interface ResolvedImports {
  /** The answer for each module path the imports name. */
  readonly byModule: ReadonlyMap<string, ModuleResolution>;
  /** The imported types' fields by name (`use m.{Order}`): these names are types in type strings. */
  readonly types: ReadonlyMap<string, ReadonlyMap<string, Type>>;
  /**
   * The fields of every type the modules found declare, imported or not: an imported function's
   * value may be of a type this program does not name (`order.lines` where `order` came from there).
   */
  readonly fieldsAcross: ReadonlyMap<string, ReadonlyMap<string, Type>>;
  /**
   * Equal, part for part (sameImportsKey), for two programs whose imports read the same: the same
   * answer for each module, and the same types imported (the incremental analysis compares it; see
   * analyze). Parts, not one string: a module's exports fingerprint is kept once, by its exports,
   * not copied into the key of every program importing it.
   */
  readonly key: readonly string[];
}

/** Whether two analyses' imports read the same (ResolvedImports.key). */
export function sameImportsKey(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/** Asks the resolver about each module `program` imports (once per module path). */
export function resolveImports(program: Program, resolver: ModuleResolver): ResolvedImports {
  const byModule = new Map<string, ModuleResolution>();
  const types = new Map<string, ReadonlyMap<string, Type>>();
  const fieldsAcross = new Map<string, ReadonlyMap<string, Type>>();
  const key: string[] = [];
  for (const child of program.children) {
    if (child.type !== 'ImportDeclaration' || !child.module) continue;
    let found = byModule.get(child.module);
    if (!found) {
      found = resolver.resolve(child.module);
      byModule.set(child.module, found);
      if ('exports' in found) key.push(child.module, found.file, found.exports.fingerprint);
      else key.push(child.module, `?${found.tried.join('\u0001')}\u0001${found.near ?? ''}`, '');
      if ('exports' in found) {
        for (const [name, exported] of found.exports.names) if (exported.fields && !fieldsAcross.has(name)) fieldsAcross.set(name, exported.fields);
      }
    }
    if (!('exports' in found)) continue;
    for (const name of child.names) {
      const fields = found.exports.names.get(name)?.fields;
      if (!fields || types.has(name)) continue;
      types.set(name, fields);
      // Which types are imported decides how type strings read: part of the key. Other imported
      // names are bound by their import's own item, which is made again when its text changes.
      key.push(`type ${child.module}.${name}`);
    }
  }
  return { byModule, types, fieldsAcross, key };
}
