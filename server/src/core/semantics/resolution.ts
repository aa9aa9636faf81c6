// The shape of name-resolution facts: one layer for the program level (program-level.ts) and one
// per top-level item over it (Resolver.resolveItem), so an item's facts can be kept while others
// are made again.
import { childNodes, type Node } from '../ast/ast';
import type { Diagnostic } from '../ast/diagnostics';
import type { Reference, ReferenceKind, Scope, SemanticSymbol } from './symbols';
import type { Type } from './types';

export interface Resolution {
  readonly programScope: Scope;
  /** Every declared symbol (builtins excepted), in the order of declaration. */
  readonly symbols: SemanticSymbol[];
  /** Declaring node id -> the symbol it declares, or the symbols (an import may declare several). */
  readonly declared: Map<string, Declared>;
  /** Identifier node id -> the symbol it refers to. */
  readonly resolved: Map<string, SemanticSymbol>;
  /**
   * Symbol -> its uses in this layer (read them with referenceOf). A symbol's declaration is not
   * among them: every declared symbol has one, at its declNodeId (SemanticModel.referenceDetailsOf
   * puts it first).
   */
  readonly references: Map<SemanticSymbol, RecordedReference[]>;
  /**
   * Node id -> the innermost scope it sits in, for the nodes whose scope is not their parent's
   * (and each top-level item): every other node is in its parent's scope. Read it with
   * scopeUpwards or scopeDownwards.
   */
  readonly nodeScopes: Map<string, Scope>;
  /** Declaring node id -> the node (FunctionDeclaration, Parameter, Field, …). */
  readonly declNodes: Map<string, Node>;
  /** Node id -> the declared types its type strings name. */
  readonly typeRefs: Map<string, SemanticSymbol[]>;
  /** Node id -> the type its type string (paramType, varType, fieldType, returnType) denotes. */
  readonly annotatedTypes: Map<string, Type>;
  /** Declared type name -> the scope of its fields. */
  readonly fieldScopes: Map<string, Scope>;
  readonly diagnostics: Diagnostic[];
}

/**
 * A use as a layer records it: a read (most uses are) as the bare node id, any other as its
 * Reference. A file has tens of thousands of reads; an object each was 40 bytes more apiece.
 */
export type RecordedReference = string | Reference;

export function recordedReference(nodeId: string, kind: ReferenceKind): RecordedReference {
  return kind === 'read' ? nodeId : { nodeId, kind };
}

/** What kind of use a recorded one is. */
export function kindOf(recorded: RecordedReference): ReferenceKind {
  return typeof recorded === 'string' ? 'read' : recorded.kind;
}

/** The Reference a recorded use stands for. */
export function referenceOf(recorded: RecordedReference): Reference {
  return typeof recorded === 'string' ? { nodeId: recorded, kind: 'read' } : recorded;
}

/**
 * What a declaring node declares: its one symbol as it is (almost every node declares one, and a
 * list each would be two objects more per declaration), several in a list.
 */
export type Declared = SemanticSymbol | readonly SemanticSymbol[];

/** The symbols a `declared` entry holds, in order. */
export function declaredSymbols(declared: Declared | undefined): readonly SemanticSymbol[] {
  if (declared === undefined) return [];
  return isList(declared) ? declared : [declared];
}

/** The first symbol a `declared` entry holds (an import's first name). */
export function firstDeclared(declared: Declared | undefined): SemanticSymbol | undefined {
  return declared === undefined || !isList(declared) ? declared : declared[0];
}

/** The entry with one more symbol (a list from the second on). */
export function withDeclared(declared: Declared | undefined, symbol: SemanticSymbol): Declared {
  return declared === undefined ? symbol : [...declaredSymbols(declared), symbol];
}

function isList(declared: Declared): declared is readonly SemanticSymbol[] {
  return Array.isArray(declared);
}

/** The facts keyed by node id: what a layer adds and what is taken out when its item goes. */
export const NODE_KEYED = ['declared', 'resolved', 'nodeScopes', 'declNodes', 'typeRefs', 'annotatedTypes'] as const;

/** A Map that falls back to another: an item's facts over the program level's. */
export class LayeredMap<K, V> extends Map<K, V> {
  constructor(private readonly below: ReadonlyMap<K, V>) {
    super();
  }

  override get(key: K): V | undefined {
    return super.get(key) ?? this.below.get(key);
  }

  override has(key: K): boolean {
    return super.has(key) || this.below.has(key);
  }
}

/** An empty layer of its own (the program level's). */
export function emptyResolution(programScope: Scope): Resolution {
  return {
    programScope,
    symbols: [],
    declared: new Map(),
    resolved: new Map(),
    references: new Map(),
    nodeScopes: new Map(),
    declNodes: new Map(),
    typeRefs: new Map(),
    annotatedTypes: new Map(),
    fieldScopes: new Map(),
    diagnostics: [],
  };
}

/** The one empty list that stands for every empty list a model keeps (frozen: writing to it is a mistake). */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/**
 * The list, or the shared empty one when it is empty: a model keeps several lists per top-level
 * item (its symbols, diagnostics, calls, …), most of them empty. Only for lists no longer written.
 */
export function orShared<T>(list: T[]): T[];
export function orShared<T>(list: readonly T[]): readonly T[];
export function orShared<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? NONE : list;
}

/** A map that stays empty (writing to it is a mistake): one can stand for many. */
export class EmptyMap<K, V> extends Map<K, V> {
  override set(): this {
    throw new Error('this map takes no entries');
  }
}
/** Declarations resolve no identifier and place no node in a scope (fields aside). */
const NO_ENTRIES = new EmptyMap<never, never>();

/**
 * The layer one top-level item's declarations are made into (see program-level.ts): a declared
 * type's fields sit in its field scope; nothing at program level resolves an identifier.
 */
export function declarationLayer(programScope: Scope, hasFields: boolean): Resolution {
  return {
    programScope,
    symbols: [],
    declared: new Map(),
    resolved: NO_ENTRIES as Map<never, never>,
    references: new Map(),
    nodeScopes: hasFields ? new Map() : (NO_ENTRIES as Map<never, never>),
    declNodes: new Map(),
    typeRefs: new Map(),
    annotatedTypes: new Map(),
    fieldScopes: NO_ENTRIES as Map<never, never>,
    diagnostics: [],
  };
}

/** A LayeredMap that takes no entries: an item layer's empty map, shared (see withoutEmptyMaps). */
class EmptyLayer<K, V> extends LayeredMap<K, V> {
  override set(): this {
    throw new Error('this map takes no entries');
  }
}

/**
 * The same layer with each empty map of its own replaced by one shared with the other items'
 * layers over `below` (a file has a layer per top-level item, most of their maps stay empty, and
 * each map costs a table). Call once the item is analysed: the shared maps take no entries.
 */
export function withoutEmptyMaps(layer: Resolution, shared: Resolution): Resolution {
  const compact = { ...layer } as { -readonly [K in keyof Resolution]: Resolution[K] };
  for (const key of NODE_KEYED) if (layer[key].size === 0) (compact as Record<string, unknown>)[key] = shared[key];
  if (layer.references.size === 0) compact.references = shared.references;
  compact.symbols = orShared(layer.symbols);
  compact.diagnostics = orShared(layer.diagnostics);
  return compact;
}

/** The maps withoutEmptyMaps shares among the item layers over `below`. */
export function sharedEmptyLayer(below: Resolution): Resolution {
  return {
    programScope: below.programScope,
    symbols: [],
    declared: new EmptyLayer(below.declared),
    resolved: new EmptyLayer(below.resolved),
    references: NO_ENTRIES as Map<never, never>,
    nodeScopes: new EmptyLayer(below.nodeScopes),
    declNodes: new EmptyLayer(below.declNodes),
    typeRefs: new EmptyLayer(below.typeRefs),
    annotatedTypes: new EmptyLayer(below.annotatedTypes),
    fieldScopes: below.fieldScopes,
    diagnostics: [],
  };
}

/** A layer over `below`: reads fall through to it, writes stay in the layer. */
export function layerOver(below: Resolution): Resolution {
  return {
    programScope: below.programScope,
    symbols: [],
    declared: new LayeredMap(below.declared),
    resolved: new LayeredMap(below.resolved),
    references: new Map(),
    nodeScopes: new LayeredMap(below.nodeScopes),
    declNodes: new LayeredMap(below.declNodes),
    typeRefs: new LayeredMap(below.typeRefs),
    annotatedTypes: new LayeredMap(below.annotatedTypes),
    fieldScopes: below.fieldScopes,
    diagnostics: [],
  };
}

/**
 * The innermost scope around a node, from the recorded ones (`recorded`, see Resolution.nodeScopes)
 * and a way up the tree (`parentOf`): the node's own entry, else its nearest ancestor's.
 */
export function scopeUpwards(nodeId: string, recorded: (id: string) => Scope | undefined, parentOf: (id: string) => Node | undefined): Scope | undefined {
  for (let id = nodeId; ; ) {
    const scope = recorded(id);
    if (scope) return scope;
    const parent = parentOf(id);
    if (!parent) return undefined;
    id = parent.id;
  }
}

/** The same without parents: down from `root`, an ancestor of `target`, the last scope recorded on the way. */
export function scopeDownwards(root: Node, target: Node, recorded: (id: string) => Scope | undefined): Scope | undefined {
  const path = pathBetween(root, target, true) ?? pathBetween(root, target, false);
  if (!path) return undefined;
  for (let i = path.length - 1; i >= 0; i--) {
    const scope = recorded(path[i].id);
    if (scope) return scope;
  }
  return undefined;
}

/**
 * The nodes from `node` down to `target`, both included. `bySpan`: only into children whose span
 * holds the target's (a child lies inside its parent's span), else into every child.
 */
function pathBetween(node: Node, target: Node, bySpan: boolean): Node[] | undefined {
  if (node === target) return [node];
  const { startOffset, endOffset } = target.span;
  for (const child of childNodes(node)) {
    if (bySpan && (child.span.startOffset > startOffset || child.span.endOffset < endOffset)) continue;
    const below = pathBetween(child, target, bySpan);
    if (below) {
      below.unshift(node);
      return below;
    }
  }
  return undefined;
}
