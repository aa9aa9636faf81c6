// A name the imported program declares that is also a Whetstone built-in its library calls were
// mapped to (a parameter `values` beside `d.values()` → `values(d)`) captures those calls only
// where the declaration is in scope: inside the function that declares it (and the functions
// within), or anywhere for a name declared outside every function. Scopes are taken whole per
// function: a name declared in any block of a function counts for all of it, which may report a
// capture that block scoping would not have, never miss one.
import { childNodes, type Node, type Program } from '../../core/ast';

type Scope = ReadonlyMap<string, Node>;

/** The declarations that would capture a call the importer mapped to a built-in (`libraryCallees`: the ids of their callees), each once. */
export function capturingDeclarations(program: Program, libraryCallees: ReadonlySet<string>): Map<string, Node> {
  const captured = new Map<string, Node>();
  const visit = (node: Node, scopes: readonly Scope[]): void => {
    if (node.type === 'Identifier' && libraryCallees.has(node.id)) {
      for (let i = scopes.length - 1; i >= 0; i--) {
        const declaration = scopes[i].get(node.name);
        if (declaration) {
          if (!captured.has(node.name)) captured.set(node.name, declaration);
          break;
        }
      }
    }
    const inner = node.type === 'FunctionDeclaration' || node.type === 'Lambda' ? [...scopes, declaredIn(node)] : scopes;
    for (const child of childNodes(node)) visit(child, inner);
  };
  visit(program, [declaredIn(program)]);
  return captured;
}

/** What `owner` (the program, a function or a lambda) declares: its parameters and every declaration in it outside the functions within. */
function declaredIn(owner: Node): Scope {
  const names = new Map<string, Node>();
  const note = (name: string, node: Node): void => {
    if (!names.has(name)) names.set(name, node);
  };
  const collect = (node: Node): void => {
    switch (node.type) {
      case 'FunctionDeclaration':
        note(node.name, node);
        return; // Its parameters and body are its own scope.
      case 'Lambda':
        return;
      case 'VariableDeclaration':
      case 'Parameter':
      case 'TypeDeclaration':
        note(node.name, node);
        break;
      case 'ForStatement':
        note(node.iterator, node);
        break;
      case 'TryStatement':
        note(node.catchName, node);
        break;
      case 'ImportDeclaration':
        for (const name of node.names) note(name, node);
        break;
    }
    for (const child of childNodes(node)) collect(child);
  };
  if (owner.type === 'FunctionDeclaration' || owner.type === 'Lambda') {
    for (const parameter of owner.parameters) note(parameter.name, parameter);
    if (owner.body.type === 'Block') for (const child of childNodes(owner.body)) collect(child);
    else collect(owner.body);
  } else {
    for (const child of childNodes(owner)) collect(child);
  }
  return names;
}
