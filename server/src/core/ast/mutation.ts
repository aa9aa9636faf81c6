// The mutations of the agent API (reference/agent-api.md, applyMutation), as the core applies
// them. Diagnostic fixes are lists of these, so a fix can be sent to applyBatch unchanged.

/** A node as a client writes it: `type` plus fields; `id` and `span` are assigned by the server. */
export interface NodeSpec {
  type: string;
  [field: string]: unknown;
}

export interface SetPropertyMutation {
  type: 'setProperty';
  nodeId: string;
  property: string;
  value: unknown;
}

export interface UpdateNodeMutation {
  type: 'updateNode';
  nodeId: string;
  /** Replaces the node with this one (same role), when given. */
  node?: NodeSpec;
  /** Sets these properties on the node, when given. */
  properties?: Record<string, unknown>;
}

export interface InsertNodeMutation {
  type: 'insertNode';
  parentId: string;
  role: string;
  node: NodeSpec;
  /** Position in the role's list; the end when omitted. */
  index?: number;
}

export interface DeleteNodeMutation {
  type: 'deleteNode';
  nodeId: string;
}

export type Mutation = SetPropertyMutation | UpdateNodeMutation | InsertNodeMutation | DeleteNodeMutation;
