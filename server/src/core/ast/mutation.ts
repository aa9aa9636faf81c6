// The mutations of the agent API (docs/AGENT-ENDPOINT.md, applyMutation), as the core applies
// them, and the one table of mutation kinds: the fields each takes (with their JSON Schema), which
// of them it requires, and what code a person wrote it can remove. The engine (editing/mutate.ts)
// has one function per kind, the impact analysis (editing/mutation-impact.ts, which the agent's plan
// gate asks) asks each kind what it removes, and the agent's params schema is built from the table.
// Adding a kind: its type and table entry here, its engine function, its tests.
// Diagnostic fixes are lists of these, so a fix can be sent to applyBatch unchanged.
import { STATEMENT_TYPES, walk, type Node, type NodeType } from './ast';

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

export interface DeleteNodeMutation {
  type: 'deleteNode';
  nodeId: string;
}

export interface InsertNodeMutation {
  type: 'insertNode';
  parentId: string;
  role: string;
  node: NodeSpec;
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
  /**
   * What of the code a person wrote it would remove from `target` (the node it names, as the buffer
   * is before the change), for messages: "FunctionDeclaration total (with Parameter x)"; undefined
   * when it removes nothing this time. A kind without it never removes code.
   */
  readonly removes?: (target: Node, mutation: Readonly<Record<string, unknown>>) => string | undefined;
}

/** The mutation kinds, in the order the agent API lists them. */
export const MUTATION_KINDS: { readonly [T in MutationType]: MutationKind } = {
  setProperty: {
    fields: ['nodeId', 'property', 'value'],
    required: ['nodeId', 'property', 'value'],
    removes: (target, mutation) => (mutation.property === 'names' && dropsImportedNames(target, mutation.value) ? `names imported by ${describe(target)}` : undefined),
  },
  updateNode: {
    fields: ['nodeId', 'node', 'properties'],
    required: ['nodeId'],
    oneOf: [['node'], ['properties']],
    removes: (target, mutation) => {
      // Replacing a node loses the declarations in it; setting its fields loses only imported names.
      const lost = mutation.node !== undefined ? firstLoss(target, false) : undefined;
      if (lost) return describeLoss(target, lost);
      return isRecord(mutation.properties) && dropsImportedNames(target, mutation.properties.names) ? `names imported by ${describe(target)}` : undefined;
    },
  },
  deleteNode: {
    fields: ['nodeId'],
    required: ['nodeId'],
    removes: (target) => {
      const lost = firstLoss(target, true);
      return lost ? describeLoss(target, lost) : undefined;
    },
  },
  insertNode: {
    fields: ['parentId', 'role', 'node', 'index'],
    required: ['parentId', 'role', 'node'],
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

// ---- what a mutation removes

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

function describeLoss(target: Node, lost: Node): string {
  return lost === target ? describe(target) : `${describe(target)} (with ${describe(lost)})`;
}

function describe(node: Node): string {
  const name = 'name' in node && typeof node.name === 'string' ? ` ${node.name}` : node.type === 'ImportDeclaration' ? ` ${node.module}` : '';
  return `${node.type}${name}`;
}

/**
 * Whether setting an import's `names` to `value` removes a name it imports now. A list of the same
 * length with names replaced in their places renames them (a rename across files does that).
 */
function dropsImportedNames(node: Node, value: unknown): boolean {
  if (node.type !== 'ImportDeclaration' || !Array.isArray(value) || value.length === node.names.length) return false;
  return node.names.some((name) => !value.includes(name));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
