// What a file imports, read from its AST: the names its `use` declarations bind at the top level
// (`use m.{a, b};` binds a and b, `use a.m;` binds m), and the name an E_UNDEFINED diagnostic says
// is missing (which an import may provide). Completion and the quick fix "Import 'name' from
// module" ask these; core/editing/import-edits.ts writes the `use`.
import type { Program } from '../ast/ast';
import type { Diagnostic } from '../ast/diagnostics';
import type { WhetstoneDocument } from '../syntax/document';

/** The names the program's imports bind, each with the module path it comes from. */
export function importedNames(program: Program): Map<string, string> {
  const names = new Map<string, string>();
  for (const child of program.children) {
    if (child.type !== 'ImportDeclaration' || !child.module) continue;
    if (child.names.length === 0) {
      const whole = child.module.slice(child.module.lastIndexOf('.') + 1);
      if (whole && !names.has(whole)) names.set(whole, child.module);
    }
    for (const name of child.names) if (name && !names.has(name)) names.set(name, child.module);
  }
  return names;
}

/** The names declared at the top level (functions, types, constants, variables). */
export function topLevelNames(program: Program): Set<string> {
  const names = new Set<string>();
  for (const child of program.children) {
    if ((child.type === 'FunctionDeclaration' || child.type === 'TypeDeclaration' || child.type === 'VariableDeclaration') && child.name) names.add(child.name);
  }
  return names;
}

export interface MissingName {
  readonly name: string;
  /** A value (a name in an expression) or a type (a name in a type annotation). */
  readonly kind: 'value' | 'type';
}

/**
 * The name an E_UNDEFINED diagnostic says cannot be found, or undefined for another diagnostic
 * (or a name used before its declaration, which an import would not mend). The messages read
 * here are the resolver's own (semantics/resolve.ts).
 */
export function missingNameOf(document: WhetstoneDocument, diagnostic: Diagnostic): MissingName | undefined {
  if (diagnostic.code !== 'E_UNDEFINED') return undefined;
  const type = /^Cannot find type '([A-Za-z_][A-Za-z0-9_]*)'$/.exec(diagnostic.message);
  if (type) return { name: type[1], kind: 'type' };
  if (!diagnostic.message.startsWith('Cannot find name ')) return undefined;
  const node = document.nodeById(diagnostic.nodeId);
  return node?.type === 'Identifier' && node.name ? { name: node.name, kind: 'value' } : undefined;
}
