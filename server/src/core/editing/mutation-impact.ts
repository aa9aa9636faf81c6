// Which code a person wrote a change destroys (docs/AGENT-ENDPOINT.md "Plans"): judged by the
// change's effect on the tree, not by the kinds of its mutations, so no kind and no combination of
// kinds in a batch slips past. The tree before the whole batch is compared with the tree after it,
// by node id: an existing node whose id is gone was deleted, an existing node the engine replaced
// (updateNode with `node`, which keeps the id) lost everything it held. Such a node is a target
// when it is, or holds, a declaration or a statement; an import that no longer imports a name it
// did is one too. Renames, property edits, inserts, expressions and annotations destroy nothing.
// Nodes the batch itself inserted are not in the tree before: they are the agent's own work.
import { childNodes, STATEMENT_TYPES, walk, type Node, type NodeType, type Program } from '../ast/ast';
import type { MutationType } from '../ast/mutation';

export interface DestructiveTarget {
  /** What took the node away: deleteNode, updateNode (replaced, or names set), setProperty (names). */
  op: MutationType;
  nodeId: string;
  /** What would be lost, for messages: "FunctionDeclaration calculateTotal (with Parameter x)". */
  what: string;
}

/** The tree before the change, with its lookup by id (a WhetstoneDocument fits). */
export interface TreeBefore {
  readonly ast: Program;
  nodeById(id: string): Node | undefined;
}

/** What the engine made of the batch (a MutationResult fits). */
export interface TreeAfter {
  readonly ast: Program;
  /** Existing nodes the batch replaced with updateNode { node }. */
  readonly replacedNodeIds: readonly string[];
}

const DECLARATION_TYPES: ReadonlySet<NodeType> = new Set<NodeType>([
  'FunctionDeclaration',
  'TypeDeclaration',
  'VariableDeclaration',
  'ImportDeclaration',
  'Parameter',
  'Field',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The destroyed declarations and statements of a change, outermost first in source order: for a
 * removed or replaced subtree, its root stands for everything in it. `mutations` only name the op
 * that changed an import's names (setProperty or updateNode), as the agent sent it.
 */
export function destructiveTargets(before: TreeBefore, after: TreeAfter, mutations: readonly unknown[]): DestructiveTarget[] {
  // Copy-on-write: a subtree the batch did not touch is the very same object in both trees, so only
  // the copied and new nodes need indexing, and only the changed paths of the old tree a visit.
  const touched = new Map<string, Node>();
  const untouched = new Set<Node>();
  const indexAfter = (node: Node): void => {
    if (before.nodeById(node.id) === node) {
      untouched.add(node);
      return;
    }
    touched.set(node.id, node);
    for (const child of childNodes(node)) indexAfter(child);
  };
  indexAfter(after.ast);
  const replaced = new Set(after.replacedNodeIds);

  const targets: DestructiveTarget[] = [];
  const visit = (node: Node): void => {
    if (untouched.has(node)) return;
    const now = touched.get(node.id);
    if (now === undefined || replaced.has(node.id)) {
      const lost = firstLoss(node);
      if (lost) targets.push({ op: now === undefined ? 'deleteNode' : 'updateNode', nodeId: node.id, what: describeLoss(node, lost) });
      return;
    }
    // A list of the same length with names replaced in their places renames them (a rename across
    // files does that); a shorter one, or one that lost a name otherwise, drops what was imported.
    const dropsNames = (before: string[], after: string[]): boolean => after.length !== before.length && before.some((name) => !after.includes(name));
    if (node.type === 'ImportDeclaration' && now.type === 'ImportDeclaration' && dropsNames(node.names, now.names)) {
      targets.push({ op: namesOp(node.id, mutations), nodeId: node.id, what: `names imported by ${describe(node)}` });
    }
    for (const child of childNodes(node)) visit(child);
  };
  visit(before.ast);
  return targets;
}

/** The first declaration or statement in the subtree, itself included. */
function firstLoss(root: Node): Node | undefined {
  let found: Node | undefined;
  walk(root, (node) => {
    if (!found && (DECLARATION_TYPES.has(node.type) || STATEMENT_TYPES.has(node.type))) found = node;
  });
  return found;
}

/** The kind of the last mutation that set the import's names: how the agent asked for it. */
function namesOp(nodeId: string, mutations: readonly unknown[]): MutationType {
  for (let k = mutations.length - 1; k >= 0; k--) {
    const mutation = mutations[k];
    if (!isRecord(mutation) || mutation.nodeId !== nodeId) continue;
    if (mutation.type === 'setProperty' && mutation.property === 'names') return 'setProperty';
    if (mutation.type === 'updateNode' && isRecord(mutation.properties) && 'names' in mutation.properties) return 'updateNode';
  }
  return 'setProperty';
}

function describeLoss(target: Node, lost: Node): string {
  return lost === target ? describe(target) : `${describe(target)} (with ${describe(lost)})`;
}

function describe(node: Node): string {
  const name = 'name' in node && typeof node.name === 'string' ? ` ${node.name}` : node.type === 'ImportDeclaration' ? ` ${node.module}` : '';
  return `${node.type}${name}`;
}
