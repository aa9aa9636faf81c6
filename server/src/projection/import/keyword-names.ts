// A name that is fine in JavaScript, TypeScript or Python can be a Whetstone keyword (`type`, `fn`,
// `use`, …): kept as it is, the imported program would not parse. Such names are renamed in the
// whole program to the name with `_` appended (more `_` until the name is free), consistently for
// the declaration and every use, and each renamed name is reported once (W_UNFAITHFUL) so the
// change is never silent. Field and property names are kept: Whetstone accepts keywords there.
import { KEYWORDS, walk, type Node, type Program } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';

/** The node fields that bind or use a name (not fields or properties of records). */
function nameFields(node: Node): ('name' | 'iterator')[] {
  switch (node.type) {
    case 'Identifier':
    case 'FunctionDeclaration':
    case 'VariableDeclaration':
    case 'Parameter':
    case 'TypeDeclaration':
      return ['name'];
    case 'ForStatement':
      return ['iterator'];
    default:
      return [];
  }
}

export function renameKeywordNames(program: Program): ProjectionDiagnostic[] {
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
    while (used.has(candidate) || KEYWORDS.has(candidate)) candidate += '_';
    used.add(candidate);
    return candidate;
  };
  const diagnostics: ProjectionDiagnostic[] = [];
  const rename = (name: string, node: Node): string => {
    if (!KEYWORDS.has(name) || !declared.has(name)) return name;
    let next = renamed.get(name);
    if (next === undefined) {
      next = freeName(name);
      renamed.set(name, next);
      diagnostics.push(
        projectionDiagnostic('W_UNFAITHFUL', 'warning', `'${name}' is a Whetstone keyword: renamed to '${next}' here and at every use`, node.id, node.span, {
          hint: 'Rename it in the source to keep one name in both languages.',
        }),
      );
    }
    return next;
  };
  walk(program, (node) => {
    const record = node as unknown as Record<string, string>;
    for (const field of nameFields(node)) record[field] = rename(record[field], node);
    if (node.type === 'ImportDeclaration') node.names = node.names.map((name) => rename(name, node));
  });
  return diagnostics;
}
