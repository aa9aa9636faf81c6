// Applies a batch of agent mutations (setProperty, updateNode, insertNode, deleteNode; see
// ast/mutation.ts) to a document's AST, and turns the result into minimal text edits.
//
// A batch is all or nothing: every mutation is checked against the tree as the ones before it
// left it (see copy-on-write below), and the first problem throws a MutationError naming its index. Node
// specs from clients carry no id or span (any they carry are ignored); omitted fields get their
// defaults and fresh ids come from the caller's allocator. An updateNode with `node` keeps the id
// of the node it replaces (agents that hold the id still reach it); its descendants are new.
//
// The work is copy-on-write: a change copies the node and its ancestors, everything else is
// shared with the input AST (which is never written to). So a mutation costs in proportion to
// what it touches, not to the size of the buffer, and an unchanged subtree is the very same
// object in both trees (which is how mutation-edits.ts knows it can copy its text).
import { ROLES, walk, type Node, type NodeType, type Program, type Span } from '../ast/ast';
import { indexTree, roleOf, type AstIndex } from '../ast/ast-index';
import { literalText } from '../ast/lexical';
import { isMutationType, MUTATION_TYPES, type Mutation, type MutationType } from '../ast/mutation';
import { KIND_DESCRIPTIONS, kindAccepts, NODE_RULES, nodeInvariantProblem, type RoleRule } from '../ast/node-schema';
import type { SourceComment } from '../syntax/source-scan';
import type { TextEdit } from '../syntax/text-edits';
import { textEditsFor } from './mutation-edits';
import { nodeFromSource } from './source-node';

export class MutationError extends Error {
  override readonly name = 'MutationError';

  constructor(
    message: string,
    /** The index of the failing mutation in the batch. */
    readonly index: number,
    readonly hint?: string,
    /** Set when the mutation names a node the tree does not have (the contract's "node not found"). */
    readonly missingNodeId?: string,
    /** Set when the mutation's own argument is bad as given (its `source` text is not one node for the role). */
    readonly badField?: string,
  ) {
    super(message);
  }
}

/** What mutations apply to: a document's text, its AST and its comments (WhetstoneDocument fits). */
export interface MutationInput {
  text: string;
  ast: Program;
  comments: readonly SourceComment[];
  /** Lookups over `ast` (WhetstoneDocument has them); built from the tree when absent. */
  nodeById?(id: string): Node | undefined;
  parentOf?(id: string): Node | undefined;
}

export interface MutationResult {
  /**
   * The mutated AST: surviving nodes keep their ids and (old) spans, new nodes have line-0 spans.
   * Unchanged subtrees are shared with the input AST: treat both as read-only.
   */
  ast: Program;
  /** Replacements in the original text (UTF-16 offsets), sorted, neither overlapping nor touching. */
  edits: TextEdit[];
  /** The ids of the nodes the insertNode mutations created, in order. */
  insertedNodeIds: string[];
  /** Existing nodes whose fields or role contents changed (targets, parents of inserts/deletes). */
  changedNodeIds: string[];
  /** The ids of the nodes deleteNode removed (not their descendants). */
  deletedNodeIds: string[];
  /** The ids of the nodes updateNode { node } replaced (each keeps its id; what it held is gone). */
  replacedNodeIds: string[];
}

/** The span of a node a mutation created: line 0 says it is not from the source. */
export function syntheticSpan(): Span {
  return { start: { line: 0, column: 0 }, end: { line: 0, column: 0 }, startOffset: 0, endOffset: 0 };
}

/**
 * Applies `mutations` in order to a copy of `input.ast`; `newId` hands out fresh node ids (the
 * document's allocator). Throws MutationError, changing nothing, when any mutation is invalid.
 */
export function applyMutations(input: MutationInput, mutations: readonly Mutation[], newId: () => string): MutationResult {
  if (!Array.isArray(mutations)) throw new MutationError('mutations must be a list of mutation objects', 0);
  const { nodeById, parentOf } = input;
  const index: AstIndex =
    nodeById && parentOf ? { node: (id) => nodeById.call(input, id), parent: (id) => parentOf.call(input, id) } : indexTree(input.ast);
  const batch = new Batch(input.ast, index, newId);
  mutations.forEach((mutation, k) => batch.apply(mutation, k));
  const edits = textEditsFor({
    text: input.text,
    comments: input.comments,
    original: input.ast,
    originalIndex: index,
    mutated: batch.root,
    replaced: batch.replaced,
  });
  return {
    ast: batch.root,
    edits,
    insertedNodeIds: batch.inserted,
    changedNodeIds: batch.changedIds(),
    deletedNodeIds: batch.deleted,
    replacedNodeIds: [...batch.replaced],
  };
}

interface Location {
  node: Node;
  parent?: Node;
  role?: string;
}

type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const CREATABLE_TYPES = (Object.keys(NODE_RULES) as NodeType[]).filter((type) => NODE_RULES[type].creatable);

/**
 * A shallow copy that can be changed without touching the original: lists and args copied too.
 * Only string keys: the converter's symbol-keyed facts describe the node before the change.
 */
function copyOf(node: Node): Node {
  const copy: Fields = Object.fromEntries(Object.entries(node));
  for (const role of ROLES[node.type]) if (role.list) copy[role.name] = [...(copy[role.name] as Node[])];
  if (node.type === 'Annotation') copy.args = { ...node.args };
  if (node.type === 'ImportDeclaration') copy.names = [...node.names];
  return copy as unknown as Node;
}

class Batch {
  readonly replaced = new Set<string>();
  readonly inserted: string[] = [];
  readonly deleted: string[] = [];
  private readonly changed = new Set<string>();
  /** Ids removed by this batch, with the index of the mutation that removed them. */
  private readonly removedBy = new Map<string, number>();
  /** Nodes this batch copied or created, by id, with their parent's id; the rest are as `original` says. */
  private readonly placed = new Map<string, { node: Node; parentId?: string }>();
  /** The node objects this batch made, which it may change. */
  private readonly owned = new Set<Node>();
  private current = 0;
  private currentType = '';

  constructor(
    public root: Program,
    private readonly original: AstIndex,
    private readonly newId: () => string,
  ) {}

  changedIds(): string[] {
    const created = new Set(this.inserted);
    return [...this.changed].filter((id) => this.nodeNow(id) !== undefined && !created.has(id));
  }

  /** One function per mutation kind (MUTATION_KINDS in ast/mutation.ts). */
  private readonly kinds: { readonly [T in MutationType]: (mutation: Fields) => void } = {
    setProperty: (mutation) => this.setProperty(mutation),
    updateNode: (mutation) => this.updateNode(mutation),
    deleteNode: (mutation) => this.deleteNode(mutation),
    insertNode: (mutation) => this.insertNode(mutation),
  };

  apply(mutation: unknown, index: number): void {
    this.current = index;
    this.currentType = isPlainObject(mutation) && typeof mutation.type === 'string' ? mutation.type : '?';
    if (!isPlainObject(mutation)) this.fail(`a mutation must be an object; got ${show(mutation)}`);
    if (!isMutationType(mutation.type)) {
      const known = MUTATION_TYPES.join(', ').replace(/, (?=[^,]*$)/, ' or ');
      this.fail(`unknown mutation type ${show(mutation.type)}; use ${known}`);
    }
    this.kinds[mutation.type](mutation);
  }

  private fail(message: string, hint?: string, missingNodeId?: string, badField?: string): never {
    throw new MutationError(`mutations[${this.current}] (${this.currentType}): ${message}`, this.current, hint, missingNodeId, badField);
  }

  /** The node with this id in the tree as the batch has left it so far. */
  private nodeNow(id: string): Node | undefined {
    if (this.removedBy.has(id)) return undefined;
    return this.placed.get(id)?.node ?? this.original.node(id);
  }

  private parentIdOf(id: string): string | undefined {
    const placed = this.placed.get(id);
    return placed ? placed.parentId : this.original.parent(id)?.id;
  }

  private locate(id: string): Location | undefined {
    const node = this.nodeNow(id);
    if (!node) return undefined;
    const parentId = this.parentIdOf(id);
    const parent = parentId === undefined ? undefined : this.nodeNow(parentId);
    return { node, parent, role: parent ? roleOf(parent, node) : undefined };
  }

  /** The node with this id as an object the batch may change: it and its ancestors are copied first. */
  private own(id: string): Node {
    const node = this.nodeNow(id);
    if (!node) throw new Error(`own: no node ${id}`);
    if (this.owned.has(node)) return node;
    const copy = copyOf(node);
    const parentId = this.parentIdOf(id);
    if (parentId === undefined) this.root = copy as Program;
    else this.replaceObject(this.own(parentId), node, copy);
    this.owned.add(copy);
    this.placed.set(id, { node: copy, parentId });
    return copy;
  }

  private replaceObject(parent: Node, old: Node, replacement: Node): void {
    const record = parent as unknown as Fields;
    const role = roleOf(parent, old);
    if (!role) throw new Error(`replaceObject: ${old.id} is not a child of ${parent.id}`);
    const value = record[role];
    if (Array.isArray(value)) value[value.indexOf(old)] = replacement;
    else record[role] = replacement;
  }

  /** Records a subtree the batch built as placed under `parentId`. */
  private adopt(node: Node, parentId: string): void {
    walk(node, (child, parent) => {
      this.owned.add(child);
      this.placed.set(child.id, { node: child, parentId: parent ? parent.id : parentId });
    });
  }

  private target(id: unknown, field: string): Location {
    if (typeof id !== 'string') this.fail(`'${field}' must be a node id such as "node_12"; got ${show(id)}`);
    const location = this.locate(id);
    if (location) return location;
    const removedAt = this.removedBy.get(id);
    if (removedAt !== undefined) this.fail(`${id} was removed by mutations[${removedAt}] of this batch`);
    this.fail(`no node ${id} in this buffer`, 'ids change only when nodes are removed; read the AST again (getAST)', id);
  }

  private setProperty(mutation: Fields): void {
    const { node } = this.target(mutation.nodeId, 'nodeId');
    if (typeof mutation.property !== 'string') this.fail(`'property' must name a field; got ${show(mutation.property)}`);
    if (!('value' in mutation)) this.fail("'value' is required (null to clear a field that may be empty)");
    this.checkEditable(node);
    this.setFields(this.own(node.id), { [mutation.property]: mutation.value }, 'value');
    this.changed.add(node.id);
  }

  private updateNode(mutation: Fields): void {
    const location = this.target(mutation.nodeId, 'nodeId');
    const { properties } = mutation;
    const replacement = mutation.source !== undefined && location.parent && location.role ? this.specFromSource(mutation, location.parent, location.role) : mutation.node;
    if (replacement === undefined && properties === undefined) {
      this.fail("give 'node' (a replacement node), 'source' (one as source text) or 'properties' (fields to set)");
    }
    if (properties !== undefined && !isPlainObject(properties)) {
      this.fail(`'properties' must be an object of field: value pairs; got ${show(properties)}`);
    }
    let node = location.node;
    if (replacement !== undefined) {
      const { parent, role } = location;
      if (!parent || !role) this.fail('the Program cannot be replaced; insert into or delete from its children');
      const rule = this.roleRule(parent, role);
      const built = this.build(replacement, 'node');
      this.checkFits(built, parent, role, rule, `take the place of ${node.id} in`);
      built.id = node.id;
      built.span = node.span;
      const owner = this.own(parent.id);
      walk(node, (gone) => {
        if (gone !== node) this.removedBy.set(gone.id, this.current);
      });
      this.replaceObject(owner, node, built);
      this.adopt(built, owner.id);
      this.replaced.add(node.id);
      node = built;
    }
    if (properties !== undefined) {
      this.checkEditable(node);
      this.setFields(this.own(node.id), properties as Fields, 'properties');
    }
    this.changed.add(node.id);
  }

  private insertNode(mutation: Fields): void {
    const { node: parent } = this.target(mutation.parentId ?? this.root.id, 'parentId');
    const role = mutation.role;
    if (typeof role !== 'string') this.fail(`'role' must name a role of ${parent.type}; got ${show(role)}`);
    const roleInfo = ROLES[parent.type].find((r) => r.name === role);
    if (!roleInfo) {
      if (role in NODE_RULES[parent.type].fields) {
        this.fail(`'${role}' of ${parent.type} is a plain property, not a role: set it with setProperty`);
      }
      const roles = ROLES[parent.type].map((r) => r.name).join(', ') || 'none';
      this.fail(`${parent.type} has no role '${role}'; its roles are: ${roles}`);
    }
    const spec = mutation.source !== undefined ? this.specFromSource(mutation, parent, role) : mutation.node;
    if (spec === undefined) this.fail("'node' or 'source' is required: the node to insert");
    const rule = this.roleRule(parent, role);
    const built = this.build(spec, 'node');
    this.checkFits(built, parent, role, rule, 'go into');
    if (role === 'annotations' && this.locate(parent.id)?.role === 'alternate') this.fail(ELSE_IF_ANNOTATIONS);
    const owner = this.own(parent.id);
    const record = owner as unknown as Fields;
    const at = mutation.index;
    if (roleInfo.list) {
      const list = record[role] as Node[];
      if (at !== undefined && (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at > list.length)) {
        this.fail(`'index' must be an integer from 0 to ${list.length} (the end); got ${show(at)}`);
      }
      list.splice(at ?? list.length, 0, built);
    } else {
      const existing = record[role] as Node | null;
      if (existing) {
        this.fail(`'${role}' of ${parent.type} ${parent.id} already holds ${existing.id}; replace that with updateNode or delete it first`);
      }
      if (at !== undefined && at !== 0) this.fail(`'${role}' holds a single node; leave 'index' out`);
      record[role] = built;
    }
    this.checkInvariants(owner, '');
    this.adopt(built, owner.id);
    this.inserted.push(built.id);
    this.changed.add(parent.id);
  }

  private deleteNode(mutation: Fields): void {
    const { node, parent, role } = this.target(mutation.nodeId, 'nodeId');
    if (!parent || !role) this.fail('the Program cannot be deleted');
    const roleInfo = ROLES[parent.type].find((r) => r.name === role);
    if (!roleInfo?.list && !this.roleRule(parent, role).nullable) {
      this.fail(`'${role}' of ${parent.type} is required, so ${node.id} cannot be deleted; replace it with updateNode { node }`);
    }
    const owner = this.own(parent.id);
    const record = owner as unknown as Fields;
    if (roleInfo?.list) {
      const list = record[role] as Node[];
      list.splice(list.indexOf(node), 1);
    } else {
      record[role] = null;
    }
    this.checkInvariants(owner, '');
    walk(node, (gone) => this.removedBy.set(gone.id, this.current));
    this.deleted.push(node.id);
    this.changed.add(parent.id);
  }

  /** The node a mutation's `source` text is, parsed for `role` of `parent` (source-node.ts). */
  private specFromSource(mutation: Fields, parent: Node, role: string): Node {
    const hint = "Nothing changed. Write one node as the role takes it (a statement, an expression, a parameter), or give 'node' as JSON.";
    if (mutation.node !== undefined) this.fail("give 'node' or 'source', not both", hint, undefined, 'source');
    if (typeof mutation.source !== 'string') this.fail(`'source' must be Whetstone source text; got ${show(mutation.source)}`, hint, undefined, 'source');
    const parsed = nodeFromSource(mutation.source, this.roleRule(parent, role).accepts);
    if ('problem' in parsed) this.fail(parsed.problem, hint, undefined, 'source');
    return parsed.node;
  }

  private roleRule(parent: Node, role: string): RoleRule {
    const rule = NODE_RULES[parent.type].roles[role];
    if (!rule) throw new Error(`ast/node-schema.ts has no rule for role '${role}' of ${parent.type}`);
    return rule;
  }

  private checkFits(node: Node, parent: Node, role: string, rule: RoleRule, verb: string): void {
    if (!kindAccepts(rule.accepts, node.type)) {
      this.fail(`a ${node.type} cannot ${verb} '${role}' of ${parent.type}: it takes ${KIND_DESCRIPTIONS[rule.accepts]}`);
    }
    if (isAnnotatedElseIf(parent.type, role, node)) this.fail(ELSE_IF_ANNOTATIONS);
  }

  private checkEditable(node: Node): void {
    if (node.type === 'ErrorNode') {
      this.fail(`${node.id} is an ErrorNode (source the parser could not read); replace it with updateNode { node } or delete it`);
    }
  }

  private checkInvariants(node: Node, path: string): void {
    const problem = nodeInvariantProblem(node as unknown as Fields & { type: string });
    if (problem) this.fail(path ? `${path}: ${problem}` : `${node.id} (${node.type}): ${problem}`);
  }

  /** Sets plain fields of an existing node, checked and normalised. */
  private setFields(node: Node, values: Fields, where: string): void {
    const rule = NODE_RULES[node.type];
    const record = node as unknown as Fields;
    for (const [key, value] of Object.entries(values)) {
      if (key === 'type') this.fail("'type' cannot be set; replace the node with updateNode { node }");
      if (key === 'id' || key === 'span') this.fail(`'${key}' is assigned by the server`);
      if (key in rule.roles) {
        this.fail(
          `'${key}' of ${node.type} holds a node (a role), it is not a plain property`,
          `use insertNode (role '${key}'), updateNode or deleteNode on the node it holds`,
        );
      }
      const field = rule.fields[key];
      if (!field) {
        const known = Object.keys(rule.fields).join(', ') || 'none';
        this.fail(`${node.type} has no property '${key}'; its properties are: ${known}`);
      }
      const accepted = field.accept(value);
      if (!accepted.ok) this.fail(`${where} for '${key}' must be ${field.describe}; got ${show(value)}`, field.hint?.(value));
      record[key] = accepted.value;
      if (node.type === 'Literal' && key === 'value' && !('raw' in values)) record.raw = literalText(node.value);
      if (node.type === 'Annotation') syncAnnotation(record, key);
    }
    this.checkInvariants(node, '');
  }

  /** A node from a client's spec: checked, defaults filled in, fresh ids (pre-order). */
  private build(spec: unknown, path: string): Node {
    if (!isPlainObject(spec)) this.fail(`${path} must be a node object such as { "type": "Identifier", "name": "x" }; got ${show(spec)}`);
    const type = spec.type;
    if (typeof type !== 'string' || !(type in NODE_RULES)) {
      this.fail(`${path}.type: unknown node type ${show(type)}`, `node types: ${CREATABLE_TYPES.join(', ')}`);
    }
    const nodeType = type as NodeType;
    const rule = NODE_RULES[nodeType];
    if (!rule.creatable) this.fail(`${path}: a ${type} cannot be created`);
    const roles = ROLES[nodeType];
    for (const key of Object.keys(spec)) {
      if (key === 'type' || key === 'id' || key === 'span' || key in rule.fields || key in rule.roles) continue;
      const known = [...Object.keys(rule.fields), ...roles.map((r) => r.name)].join(', ') || 'none';
      this.fail(`${path}: ${type} has no field '${key}'; its fields are: ${known}`);
    }
    const node: Fields = { type, id: this.newId(), span: syntheticSpan() };
    for (const [name, field] of Object.entries(rule.fields)) {
      const value = spec[name];
      if (value === undefined) {
        if (!field.fallback) this.fail(`${path}.${name} is required: ${field.describe}`);
        node[name] = field.fallback();
        continue;
      }
      const accepted = field.accept(value);
      if (!accepted.ok) this.fail(`${path}.${name} must be ${field.describe}; got ${show(value)}`, field.hint?.(value));
      node[name] = accepted.value;
    }
    if (nodeType === 'Literal' && node.raw === undefined) node.raw = literalText(node.value as number | string | boolean | null);
    if (nodeType === 'Annotation') this.annotationFromSpec(node, spec, path);
    for (const role of roles) {
      const roleRule = rule.roles[role.name];
      const value = spec[role.name];
      const at = `${path}.${role.name}`;
      if (role.list) {
        if (value === undefined) node[role.name] = [];
        else if (!Array.isArray(value)) this.fail(`${at} must be a list of nodes; got ${show(value)}`);
        else node[role.name] = value.map((item, k) => this.buildChild(item, `${at}[${k}]`, roleRule, nodeType, role.name));
      } else if (value === undefined && roleRule.fallback) {
        node[role.name] = this.build(roleRule.fallback(), at);
      } else if (value === undefined || value === null) {
        if (!roleRule.nullable) this.fail(`${at} is required: ${KIND_DESCRIPTIONS[roleRule.accepts]}`);
        node[role.name] = null;
      } else {
        node[role.name] = this.buildChild(value, at, roleRule, nodeType, role.name);
      }
    }
    const built = node as unknown as Node;
    this.checkInvariants(built, path);
    return built;
  }

  private buildChild(spec: unknown, path: string, rule: RoleRule, parentType: NodeType, role: string): Node {
    const child = this.build(spec, path);
    if (!kindAccepts(rule.accepts, child.type)) {
      this.fail(`${path}: a ${child.type} cannot go into '${role}' of ${parentType}: it takes ${KIND_DESCRIPTIONS[rule.accepts]}`);
    }
    if (isAnnotatedElseIf(parentType, role, child)) this.fail(`${path}: ${ELSE_IF_ANNOTATIONS}`);
    return child;
  }

  /** `reason` and `confidence` are also key: value arguments; a spec may give them either way. */
  private annotationFromSpec(node: Fields, spec: Fields, path: string): void {
    const args = node.args as Fields;
    for (const key of ['reason', 'confidence']) {
      const value = spec[key];
      if (value === undefined || value === null) continue;
      if (key in args && args[key] !== value) {
        this.fail(`${path}: ${key} ${show(value)} disagrees with args.${key} ${show(args[key])}; give it once`);
      }
      args[key] = value;
    }
    syncAnnotation(node, 'args');
  }
}

const ELSE_IF_ANNOTATIONS = 'an `else if` cannot carry annotations (the grammar has no place for them); annotate the outer if';

/** `if a {} else @x if b {}` does not parse: an if in the alternate role takes no annotations. */
function isAnnotatedElseIf(parentType: NodeType, role: string, child: Node): boolean {
  return parentType === 'IfStatement' && role === 'alternate' && child.type === 'IfStatement' && child.annotations.length > 0;
}

/** Keeps an annotation's reason/confidence fields and its args in step after `key` was set. */
function syncAnnotation(record: Fields, key: string): void {
  const args = record.args as Fields;
  if (key === 'args') {
    record.reason = typeof args.reason === 'string' ? args.reason : null;
    record.confidence = typeof args.confidence === 'number' ? args.confidence : null;
  } else if (key === 'reason' || key === 'confidence') {
    if (record[key] === null) delete args[key];
    else args[key] = record[key];
  }
}
