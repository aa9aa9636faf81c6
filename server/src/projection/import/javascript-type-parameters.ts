// TypeScript's type parameters (`function rotate<T>(xs: T[])`, `interface Box<T>`, `type Pair<T>`).
// Whetstone has no generics: a type parameter reads as `any`, which is exact at run time because
// TypeScript's types erase; a use such as `Box<number>` reads as the type the file declares.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** The names a declaration's `<…>` introduces. */
function typeParameterNames(declaration: SyntaxNode): string[] {
  const list = field(declaration, 'type_parameters');
  if (!list) return [];
  return namedChildren(list)
    .filter((child) => child.type === 'type_parameter')
    .map((child) => field(child, 'name')?.text ?? '');
}

/** Whether the type name `node` is a type parameter of a declaration around it. */
export function isTypeParameter(node: SyntaxNode): boolean {
  for (let around = node.parent; around; around = around.parent) {
    if (typeParameterNames(around).includes(node.text)) return true;
  }
  return false;
}

/** The file's interfaces and object type aliases that take type parameters, by name. */
export function genericTypeNames(root: SyntaxNode): Set<string> {
  const found = new Set<string>();
  for (const child of namedChildren(root)) {
    const node = child.type === 'export_statement' ? field(child, 'declaration') : child;
    if (!node || typeParameterNames(node).length === 0) continue;
    const isObjectType = node.type === 'interface_declaration' || (node.type === 'type_alias_declaration' && field(node, 'value')?.type === 'object_type');
    const name = field(node, 'name')?.text;
    if (isObjectType && name) found.add(name);
  }
  return found;
}
