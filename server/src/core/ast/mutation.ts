// The mutations of the agent API (docs/AGENT-ENDPOINT.md, applyMutation), as the core applies
// them, and the one table of mutation kinds: the fields each takes (with their JSON Schema) and
// which of them it requires. The engine (editing/mutate.ts) has one function per kind, and the
// agent's params schema is built from the table. What a change destroys is judged from its effect
// on the tree, whatever kinds it uses (editing/mutation-impact.ts), not here.
// Adding a kind: its type and table entry here, its engine function, its tests.
// Diagnostic fixes are lists of these, so a fix can be sent to applyBatch unchanged.

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
  /** Or the replacement as Whetstone source text. */
  source?: string;
  /** Sets these properties on the node, when given. */
  properties?: Record<string, unknown>;
}

export interface DeleteNodeMutation {
  type: 'deleteNode';
  nodeId: string;
}

export interface InsertNodeMutation {
  type: 'insertNode';
  /** The parent; the file's top level (its Program) when omitted. */
  parentId?: string;
  role: string;
  /** The node, or `source`: the node as Whetstone source text. */
  node?: NodeSpec;
  source?: string;
  /** Position in the role's list; the end when omitted. */
  index?: number;
}

export type Mutation = SetPropertyMutation | UpdateNodeMutation | DeleteNodeMutation | InsertNodeMutation;
export type MutationType = Mutation['type'];

/** A JSON Schema (draft 2020-12) or a fragment of one. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const NODE_ID: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };

/** Every field a mutation may carry besides `type`, with the JSON Schema of its value. */
export const MUTATION_FIELDS = {
  nodeId: NODE_ID,
  property: { type: 'string', minLength: 1 },
  value: {},
  parentId: NODE_ID,
  role: { type: 'string', minLength: 1 },
  node: { type: 'object', properties: { type: { type: 'string' } }, required: ['type'] },
  properties: { type: 'object' },
  source: { type: 'string', minLength: 1 },
  index: { type: 'integer', minimum: 0 },
} as const satisfies Record<string, JsonSchema>;

export type MutationField = keyof typeof MUTATION_FIELDS;

export interface MutationKind {
  /** The fields it takes besides `type`. */
  readonly fields: readonly MutationField[];
  /** The fields it cannot do without. */
  readonly required: readonly MutationField[];
  /** Groups of fields of which at least one must be given (updateNode: node, properties or both). */
  readonly oneOf?: readonly (readonly MutationField[])[];
}

/** The mutation kinds, in the order the agent API lists them. */
export const MUTATION_KINDS: { readonly [T in MutationType]: MutationKind } = {
  setProperty: {
    fields: ['nodeId', 'property', 'value'],
    required: ['nodeId', 'property', 'value'],
  },
  updateNode: {
    fields: ['nodeId', 'node', 'source', 'properties'],
    required: ['nodeId'],
    oneOf: [['node'], ['source'], ['properties']],
  },
  deleteNode: {
    fields: ['nodeId'],
    required: ['nodeId'],
  },
  insertNode: {
    fields: ['parentId', 'role', 'node', 'source', 'index'],
    // Without parentId it goes into the file's top level: no lookup of the Program's id first.
    required: ['role'],
    oneOf: [['node'], ['source']],
  },
};

export const MUTATION_TYPES = Object.keys(MUTATION_KINDS) as MutationType[];

export function isMutationType(value: unknown): value is MutationType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MUTATION_KINDS, value);
}

/**
 * The JSON Schema of one mutation object: `type` and every field, and per kind (if/then) the fields
 * it requires. `extraProperties` are flags the caller accepts on a mutation too; `fieldSchemas`
 * replace fields' schemas (a caller that bounds sizes its own way), never the table's fields.
 */
export function mutationJsonSchema(extraProperties: Readonly<Record<string, JsonSchema>> = {}, fieldSchemas: Readonly<Partial<Record<MutationField, JsonSchema>>> = {}): JsonSchema {
  return {
    type: 'object',
    properties: { type: { enum: MUTATION_TYPES }, ...MUTATION_FIELDS, ...fieldSchemas, ...extraProperties },
    required: ['type'],
    allOf: MUTATION_TYPES.map((type) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then: kindRequirements(MUTATION_KINDS[type]) })),
    additionalProperties: false,
  };
}

function kindRequirements(kind: MutationKind): JsonSchema {
  const then: Record<string, unknown> = { required: kind.required };
  if (kind.oneOf) then.anyOf = kind.oneOf.map((group) => ({ required: group }));
  return then;
}
