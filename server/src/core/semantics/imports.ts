// What an import binds, and with what type. `use math.{round, clamp};` binds round and clamp;
// `use http;` binds the module `http` (the path's last segment). A module found as a file (through
// the analysis's ModuleResolver, modules.ts) gives its exports' types, and a name it does not
// declare is E_UNKNOWN_EXPORT. Otherwise the library decides: without one every imported name is
// any; with one, functions get their signatures, and names or modules it does not define are
// W_UNKNOWN_IMPORT. A module found in neither, with a resolver given, is W_UNKNOWN_IMPORT naming
// the files tried. An unknown name still binds, as any, so its uses are not E_UNDEFINED too.
import type { ImportDeclaration, Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { setProperty } from './fixes';
import type { LibraryFunctionEntry, LibraryIndex } from './library';
import type { ExportedName, ModuleExports, ModuleResolution } from './modules';
import { closestName } from './suggest';
import { ANY, type Type } from './types';

export interface ImportBinding {
  readonly name: string;
  /** Index into the declaration's `names`; absent for a whole-module import. */
  readonly importIndex?: number;
  readonly type: Type;
  readonly library?: LibraryFunctionEntry;
  /** What the module found as a file declares under that name. */
  readonly exported?: ExportedName;
}

export interface BoundImport {
  bindings: ImportBinding[];
  diagnostics: Diagnostic[];
  /**
   * Misspelt names with the library's spelling: the import's fix renames them, and the caller
   * adds renames of the name's uses once references are known.
   */
  renames: { importIndex: number; to: string; diagnostic: Diagnostic }[];
}

/**
 * `spanOfName(i)` is the span of the i-th imported name (the declaration's span if unknown);
 * `found` is the resolver's answer for the module (none without a resolver).
 */
export function bindImport(decl: ImportDeclaration, library: LibraryIndex | undefined, spanOfName: (index: number) => Span, found?: ModuleResolution): BoundImport {
  if (found && 'exports' in found && decl.module) return bindModuleFile(decl, found.file, found.exports, spanOfName);
  const diagnostics: Diagnostic[] = [];
  const renames: BoundImport['renames'] = [];
  const module = decl.module;
  const knownModule = library?.hasModule(module) ?? false;
  if (found && 'tried' in found && module && !knownModule) {
    const tried = found.tried.map((file) => `'${file}'`).join(', ');
    const suggestion = found.near ?? (library ? closestName(module, library.moduleNames()) : undefined);
    diagnostics.push(
      makeDiagnostic('W_UNKNOWN_IMPORT', `Module '${module}' not found: looked for ${tried || 'no file'}${library ? ', and it is not in the library' : ''}`, decl.id, decl.span, {
        hint: suggestion ? `Did you mean '${suggestion}'?` : `Create ${found.tried[0] ?? 'the file'}, or correct the module path`,
        ...(suggestion ? { fix: [setProperty(decl.id, 'module', suggestion)] } : {}),
      }),
    );
  } else if (library && module && !knownModule) {
    const suggestion = closestName(module, library.moduleNames());
    diagnostics.push(
      makeDiagnostic('W_UNKNOWN_IMPORT', `Module '${module}' is not in the library`, decl.id, decl.span, {
        hint: suggestion ? `Did you mean '${suggestion}'?` : `Known modules: ${library.moduleNames().join(', ') || 'none'}`,
        ...(suggestion ? { fix: [setProperty(decl.id, 'module', suggestion)] } : {}),
      }),
    );
  }

  if (decl.names.length === 0) {
    const segments = module.split('.');
    const name = segments[segments.length - 1];
    if (!name) return { bindings: [], diagnostics, renames };
    const members = library && knownModule ? library.moduleMembers(module) : null;
    return { bindings: [{ name, type: { kind: 'module', name: module, members } }], diagnostics, renames };
  }

  const bindings = decl.names.map((name, importIndex): ImportBinding => {
    const entry = knownModule ? library?.lookup(module, name) : undefined;
    if (entry) return { name, importIndex, type: entry.type, library: entry };
    const functions = knownModule ? library?.functionsOf(module) : undefined;
    if (functions) {
      const suggestion = closestName(name, functions.keys());
      const fixedNames = decl.names.map((other, index) => (index === importIndex && suggestion ? suggestion : other));
      const diagnostic = makeDiagnostic('W_UNKNOWN_IMPORT', `Module '${module}' has no function '${name}'`, decl.id, spanOfName(importIndex), {
        hint: suggestion ? `Did you mean '${suggestion}'?` : `'${module}' has: ${[...functions.keys()].join(', ') || 'nothing'}`,
        ...(suggestion ? { fix: [setProperty(decl.id, 'names', fixedNames)] } : {}),
      });
      diagnostics.push(diagnostic);
      if (suggestion) renames.push({ importIndex, to: suggestion, diagnostic });
    }
    return { name, importIndex, type: ANY };
  });
  return { bindings, diagnostics, renames };
}

/** An import of a module found as a file: its names get the types the module's exports give them. */
function bindModuleFile(decl: ImportDeclaration, file: string, exports: ModuleExports, spanOfName: (index: number) => Span): BoundImport {
  const module = decl.module;
  if (decl.names.length === 0) {
    const segments = module.split('.');
    const name = segments[segments.length - 1];
    if (!name) return { bindings: [], diagnostics: [], renames: [] };
    // Its values are its members (`pricing.orderTotal(...)`); types are imported by name.
    const members = new Map<string, Type>();
    for (const [member, exported] of exports.names) if (exported.kind !== 'type') members.set(member, exported.type);
    return { bindings: [{ name, type: { kind: 'module', name: module, members } }], diagnostics: [], renames: [] };
  }
  const diagnostics: Diagnostic[] = [];
  const renames: BoundImport['renames'] = [];
  const bindings = decl.names.map((name, importIndex): ImportBinding => {
    const exported = exports.names.get(name);
    if (exported) return { name, importIndex, type: exported.kind === 'type' ? ANY : exported.type, exported };
    const suggestion = closestName(name, exports.names.keys());
    const fixedNames = decl.names.map((other, index) => (index === importIndex && suggestion ? suggestion : other));
    const diagnostic = makeDiagnostic('E_UNKNOWN_EXPORT', `Module '${module}' (${file}) does not declare '${name}'`, decl.id, spanOfName(importIndex), {
      hint: suggestion ? `Did you mean '${suggestion}'?` : `'${module}' declares: ${listed([...exports.names.keys()])}`,
      ...(suggestion && !decl.names.includes(suggestion) ? { fix: [setProperty(decl.id, 'names', fixedNames)] } : {}),
    });
    diagnostics.push(diagnostic);
    if (suggestion && !decl.names.includes(suggestion)) renames.push({ importIndex, to: suggestion, diagnostic });
    return { name, importIndex, type: ANY };
  });
  return { bindings, diagnostics, renames };
}

/** A few names for a hint (a module may declare hundreds). */
function listed(names: readonly string[]): string {
  if (names.length === 0) return 'nothing';
  const shown = names.slice(0, 12).join(', ');
  return names.length > 12 ? `${shown}, and ${names.length - 12} more` : shown;
}
