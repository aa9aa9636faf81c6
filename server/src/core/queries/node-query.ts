// Queries over the AST for agents that should not read the whole tree (docs/AGENT-ENDPOINT.md,
// "context efficiency"): one node cut to a depth, with the cut marked; nodes found by type, name
// or source text, as candidates with ids and spans, ambiguity explicit.
import { childNodes, nodeName, ROLES, walk, type Node, type NodeType, type Span } from '../ast/ast';

/** What stands in for a subtree `depth` cut off. */
export interface TruncatedNode {
  type: NodeType;
  id: string;
  span: Span;
  truncated: true;
}

/**
 * A copy of `node` with its descendants down to `depth` levels (0: the node's own fields, every
 * child a stub); deeper nodes are replaced by {type, id, span, truncated: true}.
 */
export function nodeToDepth(node: Node, depth: number): { node: unknown; truncated: boolean } {
  let truncated = false;
  const copy = (current: Node, remaining: number): unknown => {
    const record = current as unknown as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const roles = new Map(ROLES[current.type].map((role) => [role.name, role.list]));
    for (const [key, value] of Object.entries(record)) {
      const isList = roles.get(key);
      if (isList === undefined) {
        out[key] = value;
        continue;
      }
      const child = (n: Node): unknown => {
        if (remaining > 0) return copy(n, remaining - 1);
        truncated = true;
        return { type: n.type, id: n.id, span: n.span, truncated: true } satisfies TruncatedNode;
      };
      out[key] = isList ? (value as Node[]).map(child) : value ? child(value as Node) : null;
    }
    return out;
  };
  return { node: copy(node, depth), truncated };
}

export interface FindCriteria {
  type?: string;
  /** The name a node is known by: a declaration's or identifier's name, a field, a module… */
  name?: string;
  /** Text the node's source contains; only the innermost nodes containing it are candidates. */
  text?: string;
}

export interface Candidate {
  nodeId: string;
  type: NodeType;
  name?: string;
  span: Span;
  parentId: string | null;
}

/** The nodes matching every given criterion, in source order. */
export function findNodes(
  root: Node,
  text: string,
  criteria: FindCriteria,
): Candidate[] {
  const found: { node: Node; parent: Node | null }[] = [];
  const matches = (node: Node): boolean => {
    if (criteria.type !== undefined && node.type !== criteria.type) return false;
    if (criteria.name !== undefined && nodeName(node) !== criteria.name) return false;
    if (criteria.text !== undefined && !text.slice(node.span.startOffset, node.span.endOffset).includes(criteria.text)) return false;
    return true;
  };
  walk(root, (node, parent) => {
    if (matches(node)) found.push({ node, parent });
  });
  let kept = found;
  if (criteria.text !== undefined) {
    // A node contains the text whenever a child does: keep the innermost ones only.
    const matched = new Set(found.map((entry) => entry.node));
    kept = found.filter((entry) => !childNodes(entry.node).some((child) => matched.has(child)));
  }
  return kept.map(({ node, parent }) => {
    const candidate: Candidate = { nodeId: node.id, type: node.type, span: node.span, parentId: parent ? parent.id : null };
    const name = nodeName(node);
    if (name !== undefined) candidate.name = name;
    return candidate;
  });
}
