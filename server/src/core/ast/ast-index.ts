// Lookups over one tree: a node by id, its parent, its children with their roles. WhetstoneDocument
// keeps the id maps for its AST; indexTree builds them for any other tree.
import { childNodes, ROLES, type Node } from './ast';

export interface AstIndex {
  node(id: string): Node | undefined;
  /** The parent of the node with this id (undefined for the root). */
  parent(id: string): Node | undefined;
}

export function indexTree(root: Node): AstIndex {
  const nodes = new Map<string, Node>();
  const parents = new Map<string, Node>();
  const visit = (node: Node, parent: Node | undefined): void => {
    nodes.set(node.id, node);
    if (parent) parents.set(node.id, parent);
    for (const child of childNodes(node)) visit(child, node);
  };
  visit(root, undefined);
  return { node: (id) => nodes.get(id), parent: (id) => parents.get(id) };
}

export interface ChildEntry {
  node: Node;
  role: string;
}

/** The children of `node` with the role each is in, in source order. */
export function childEntries(node: Node): ChildEntry[] {
  const out: ChildEntry[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const role of ROLES[node.type]) {
    const value = record[role.name];
    if (role.list) for (const child of value as Node[]) out.push({ node: child, role: role.name });
    else if (value) out.push({ node: value as Node, role: role.name });
  }
  // ROLES lists roles in source order; sorting guards against a tree that interleaves them.
  return out.sort((a, b) => a.node.span.startOffset - b.node.span.startOffset);
}

/** The role of `parent` that holds the object `child`, if any. */
export function roleOf(parent: Node, child: Node): string | undefined {
  const record = parent as unknown as Record<string, unknown>;
  for (const role of ROLES[parent.type]) {
    const value = record[role.name];
    if (role.list ? (value as Node[]).includes(child) : value === child) return role.name;
  }
  return undefined;
}
