// A name that is fine in JavaScript, TypeScript or Python can be a Whetstone keyword (`type`, `fn`,
// `use`, …): kept as it is, the imported program would not parse. Such names are renamed in the
// whole program to the name with `_` appended (more `_` until the name is free), consistently for
// the declaration and every use, and each renamed name is reported once (W_UNFAITHFUL) so the
// change is never silent. Field and property names are kept: Whetstone accepts keywords there.
// The same holds for a JavaScript declaration named like a built-in the importer mapped a library
// call to (a variable `max` beside `Math.max`): in Whetstone the calls would reach the variable,
// so the declaration and its uses are renamed, and the library calls keep the built-in; so is one
// named jsstr, the built-in a value console.log shows may be imported through.
import { KEYWORDS, walk, type Node, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

/** The node fields that bind or use a name (not fields or properties of records). */
function nameFields(node: Node): ('name' | 'iterator' | 'catchName')[] {
  switch (node.type) {
    case 'Identifier':
    case 'FunctionDeclaration':
    case 'VariableDeclaration':
    case 'Parameter':
    case 'TypeDeclaration':
      return ['name'];
    case 'ForStatement':
      return ['iterator'];
    case 'TryStatement':
      return ['catchName'];
    default:
      return [];
  }
}

/**
 * Renames declared keyword names; and, given `libraryCallees` (the ids of the callees the importer
 * made for library calls, JavaScript only), declared names equal to one of those built-ins.
 */
export function renameKeywordNames(program: Program, libraryCallees?: ReadonlySet<string>): ProjectionDiagnostic[] {
  const captured = new Set<string>();
  if (libraryCallees) {
    walk(program, (node) => {
      if (node.type === 'Identifier' && libraryCallees.has(node.id)) captured.add(node.name);
    });
    // The display check may show a value through jsstr (display-check.ts), after this renaming.
    captured.add('jsstr');
  }
  const clashes = (name: string): boolean => KEYWORDS.has(name) || captured.has(name);
  const used = new Set<string>();
  // Only names the program declares are renamed: an undeclared one is a library name, reported
  // at import (library-names.ts), and renaming it would only hide what it was.
  const declared = new Set<string>();
  walk(program, (node) => {
    for (const field of nameFields(node)) {
      const name = (node as unknown as Record<string, string>)[field];
      used.add(name);
      if (node.type !== 'Identifier') declared.add(name);
    }
    if (node.type === 'ImportDeclaration') node.names.forEach((name) => (used.add(name), declared.add(name)));
  });
  const renamed = new Map<string, string>();
  const freeName = (name: string): string => {
    let candidate = `${name}_`;
    while (used.has(candidate) || clashes(candidate)) candidate += '_';
    used.add(candidate);
    return candidate;
  };
  const diagnostics: ProjectionDiagnostic[] = [];
  const rename = (name: string, node: Node): string => {
    if (!clashes(name) || !declared.has(name)) return name;
    let next = renamed.get(name);
    if (next === undefined) {
      next = freeName(name);
      renamed.set(name, next);
      diagnostics.push(
        projectionDiagnostic('W_UNFAITHFUL', 'warning', `'${name}' is a Whetstone ${KEYWORDS.has(name) ? 'keyword' : 'built-in, which this file\'s library calls map to'}: renamed to '${next}' here and at every use`, node.id, node.span, {
          hint: 'Rename it in the source to keep one name in both languages.',
        }),
      );
    }
    return next;
  };
  walk(program, (node) => {
    const record = node as unknown as Record<string, string>;
    if (node.type === 'Identifier' && libraryCallees?.has(node.id)) return;
    for (const field of nameFields(node)) record[field] = rename(record[field], node);
    if (node.type === 'ImportDeclaration') node.names = node.names.map((name) => rename(name, node));
  });
  return diagnostics;
}
