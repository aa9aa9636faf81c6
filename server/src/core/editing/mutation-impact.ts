// Which mutations of a batch destroy code a person wrote (PROTOCOL.md "Plans"): deleting a
// declaration or a statement, replacing a node that holds a declaration, dropping imported names.
// Those need a person's approval; renames, inserts and edits of expressions do not. Decided on the
// buffer as it is before the batch: a node the batch itself inserted is the agent's own work.
import { STATEMENT_TYPES, walk, type Node, type NodeType } from '../ast/ast';

export interface DestructiveTarget {
  op: 'deleteNode' | 'updateNode' | 'setProperty';
  nodeId: string;
  /** What would be lost, for messages: "FunctionDeclaration calculateTotal". */
  what: string;
}

const DECLARATION_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  'FunctionDeclaration',
  'TypeDeclaration',
  'VariableDeclaration',
  'ImportDeclaration',
  'Parameter',
  'Field',
]);

/** The first declaration (or, with `statements`, statement) in the subtree, itself included. */
function firstLoss(root: Node, statements: boolean): Node | undefined {
  let found: Node | undefined;
  walk(root, (node) => {
    if (!found && (DECLARATION_TYPES.has(node.type) || (statements && STATEMENT_TYPES.has(node.type)))) found = node;
  });
  return found;
}

function describe(node: Node): string {
  const name = 'name' in node && typeof node.name === 'string' ? ` ${node.name}` : node.type === 'ImportDeclaration' ? ` ${node.module}` : '';
  return `${node.type}${name}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The destructive mutations among `mutations`, judged against the nodes `nodeById` knows (the buffer before the batch). */
export function destructiveTargets(nodeById: (id: string) => Node | undefined, mutations: readonly unknown[]): DestructiveTarget[] {
  const targets: DestructiveTarget[] = [];
  for (const mutation of mutations) {
    if (!isRecord(mutation) || typeof mutation.nodeId !== 'string') continue;
    const node = nodeById(mutation.nodeId);
    if (!node) continue;
    if (mutation.type === 'deleteNode') {
      const lost = firstLoss(node, true);
      if (lost) targets.push({ op: 'deleteNode', nodeId: node.id, what: lost === node ? describe(node) : `${describe(node)} (with ${describe(lost)})` });
    } else if (mutation.type === 'updateNode') {
      const lost = mutation.node !== undefined ? firstLoss(node, false) : undefined;
      if (lost) targets.push({ op: 'updateNode', nodeId: node.id, what: lost === node ? describe(node) : `${describe(node)} (with ${describe(lost)})` });
      else if (isRecord(mutation.properties) && dropsImportedNames(node, mutation.properties.names)) {
        targets.push({ op: 'updateNode', nodeId: node.id, what: `names imported by ${describe(node)}` });
      }
    } else if (mutation.type === 'setProperty' && mutation.property === 'names' && dropsImportedNames(node, mutation.value)) {
      targets.push({ op: 'setProperty', nodeId: node.id, what: `names imported by ${describe(node)}` });
    }
  }
  return targets;
}

/**
 * Whether setting an import's `names` to `value` removes a name it imports now. A list of the same
 * length with names replaced in their places renames them (a rename across files does that).
 */
function dropsImportedNames(node: Node, value: unknown): boolean {
  if (node.type !== 'ImportDeclaration' || !Array.isArray(value) || value.length === node.names.length) return false;
  return node.names.some((name) => !value.includes(name));
}
