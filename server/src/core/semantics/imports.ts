// What an import binds, and with what type. `use math.{round, clamp};` binds round and clamp;
// `use http;` binds the module `http` (the path's last segment). Without a library every imported
// name is any; with one, functions get their signatures, and names or modules it does not define
// are W_UNKNOWN_IMPORT (the name still binds, as any, so its uses are not E_UNDEFINED too).
import type { ImportDeclaration, Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { setProperty } from './fixes';
import type { LibraryFunctionEntry, LibraryIndex } from './library';
import { closestName } from './suggest';
import { ANY, type Type } from './types';

export interface ImportBinding {
  readonly name: string;
  /** Index into the declaration's `names`; absent for a whole-module import. */
  readonly importIndex?: number;
  readonly type: Type;
  readonly library?: LibraryFunctionEntry;
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

/** `spanOfName(i)` is the span of the i-th imported name (the declaration's span if unknown). */
export function bindImport(decl: ImportDeclaration, library: LibraryIndex | undefined, spanOfName: (index: number) => Span): BoundImport {
  const diagnostics: Diagnostic[] = [];
  const renames: BoundImport['renames'] = [];
  const module = decl.module;
  const knownModule = library?.hasModule(module) ?? false;
  if (library && module && !knownModule) {
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
