// A Python function hinted to return a bare `dict` returns a map whose keys are not known to be
// texts: the generated JavaScript holds such a map in a Map (generate/map-keys.ts). A `{}` it
// builds in a name and returns would otherwise read as a plain object, which is not one. The name
// is declared with the function's return type, so the `{}` and every read and write of it are
// the Map's.
import { childNodes, type FunctionDeclaration, type Node, type Program, type VariableDeclaration } from '../../core/ast';
import { parseTypeSyntax } from '../../core/semantics';

/** Gives the return type to each untyped name a map-returning function declares as `{}` and returns. */
export function typeReturnedMaps(program: Program): void {
  for (const child of program.children) if (child.type === 'FunctionDeclaration' && returnsMap(child)) typeReturned(child);
}

function returnsMap(fn: FunctionDeclaration): boolean {
  const syntax = fn.returnType === null ? null : parseTypeSyntax(fn.returnType);
  return syntax?.form === 'name' && syntax.name === 'map';
}

function typeReturned(fn: FunctionDeclaration): void {
  const declared = new Map<string, VariableDeclaration>();
  const returned = new Set<string>();
  const visit = (node: Node): void => {
    if (node.type === 'Lambda' || node.type === 'FunctionDeclaration') return;
    if (node.type === 'VariableDeclaration' && !declared.has(node.name)) declared.set(node.name, node);
    if (node.type === 'ReturnStatement' && node.value?.type === 'Identifier') returned.add(node.value.name);
    childNodes(node).forEach(visit);
  };
  childNodes(fn.body).forEach(visit);
  for (const name of returned) {
    const declaration = declared.get(name);
    if (declaration?.varType === null && declaration.initializer?.type === 'ObjectLiteral' && declaration.initializer.properties.length === 0) declaration.varType = fn.returnType;
  }
}
