// The result of analysing one program: the one place the language server and the agent endpoint
// get semantic facts from (diagnostics, symbols, references, scopes, types, signatures, calls,
// dependencies). Everything is keyed by node id; name-token spans come from the document.
//
// The facts are kept per top-level item (analysis-items.ts), over the program level's: so that
// after an edit, given the previous model of the same document, only the items the edit can
// affect are analysed again (the changed ones, and those whose recorded dependencies changed).
import { walk, type Node, type Program, type TopLevel } from '../ast/ast';
import { inSourceOrder, type Diagnostic } from '../ast/diagnostics';
import { bidiControlDiagnostics, type SourceText } from './bidi-controls';
import { analyzeItems, ownGet, type AnalysisItem } from './analysis-items';
import type { CallRecord } from './checker';
import { libraryIndexOf, type LibraryContext, type LibraryIndex } from './library';
import { modulesAnsweringOtherwise } from './import-answers';
import { resolveImports, sameImportsKey, type ModuleResolver, type ResolvedImports } from './modules';
import type { ProgramLevel } from './program-level';
import type { NameSpans, Resolution } from './resolve';
import { declaredSymbols, firstDeclared, referenceOf, scopeUpwards, type Declared } from './resolution';
import { visibleSymbols } from './scopes';
import { docOf, importedSignature, signatureOf } from './signatures';
import type { Reference, Scope, SemanticSymbol } from './symbols';
import type { TypeTable } from './type-table';
import { stripOptional, type Type } from './types';

export interface AnalyzeOptions {
  /** The configured library (docs/AGENT-ENDPOINT.md); without one imported names are any. */
  library?: LibraryContext | LibraryIndex;
  /** Name-token spans (a WhetstoneDocument); implied when analyze() is given the document. */
  names?: NameSpans;
  /**
   * Where the modules that imports name are found (docs/CORE-API.md "Modules"): a module found as
   * a file gives its exports' types; one found neither as a file nor in the library is
   * W_UNKNOWN_IMPORT naming the files tried. Without one, imports are as the library says.
   */
  modules?: ModuleResolver;
  /**
   * The model of the same document before its latest edits: the items the edits could not affect
   * keep their facts. It takes over that model's program scope and symbols, so only the newest
   * model of a document should be used afterwards. The result equals a fresh analysis.
   */
  previous?: SemanticModel;
  /**
   * Resolve names only (the scopes, what each name denotes): no type inferred, nothing checked,
   * no diagnostic. For asking which tokens denote what of many files at once (the workspace index).
   */
  scopesOnly?: boolean;
}

export interface FieldInfo {
  readonly name: string;
  readonly type: Type;
  /** The Field node for a declared type's field; null for structural and module members. */
  readonly declNodeId: string | null;
  readonly symbol?: SemanticSymbol;
}

export interface CallHierarchy {
  readonly functionId: string;
  readonly functionName: string;
  /** FunctionDeclarations that call it (the Program's id for calls in top-level code). */
  readonly callerIds: string[];
  /** Declarations of what it calls: FunctionDeclarations, or ImportDeclarations for imported functions. */
  readonly calleeIds: string[];
  /** Each call of it: the CallExpression and where it is. */
  readonly incomingCalls: { callId: string; callerId: string }[];
  /** Each call in its body to a named function, builtins included (calleeId null for those). */
  readonly outgoingCalls: { callId: string; calleeId: string | null; calleeName: string }[];
}

/** A document to analyse (WhetstoneDocument fits): its AST, and its name spans for diagnostics. */
export interface AnalyzableDocument extends NameSpans, Partial<SourceText> {
  readonly ast: Program;
  /** How often a top-level item's ids were changed in place (its kept facts are then redone). */
  itemVersion?(item: TopLevel): number;
  /** The parent of a node (finds the top-level item a node belongs to without a walk). */
  parentOf?(id: string): Node | undefined;
}

/**
 * Analyses a program: resolution, then types and checks, item by item, plus the unused scan.
 * Given a document rather than a bare AST, diagnostics point at name tokens by its name spans.
 */
export function analyze(source: Program | AnalyzableDocument, options: AnalyzeOptions = {}): SemanticModel {
  const isProgram = (source as Program).type === 'Program';
  const program = isProgram ? (source as Program) : (source as AnalyzableDocument).ast;
  const names = options.names ?? (isProgram ? undefined : (source as AnalyzableDocument));
  const library = libraryIndexOf(options.library);
  const previous = options.previous;
  const imports = options.modules ? resolveImports(program, options.modules) : undefined;
  // Another answer from the resolver (a module changed, appeared or went) may change any item:
  // start afresh, unless only what some modules' functions, constants and variables are changed;
  // then their import items are declared again and the items that read none of their names kept.
  const sameImports = sameImportsKey(previous?.imports?.key, imports?.key);
  const answeringOtherwise = !sameImports && previous?.imports && imports ? modulesAnsweringOtherwise(previous.imports, imports) : undefined;
  const usable = previous && (sameImports || answeringOtherwise) && previous.library === library && previous.names === names && previous.program.id === program.id ? previous : undefined;
  const analysis = analyzeItems(
    program,
    library,
    names,
    usable && !options.scopesOnly ? { level: usable.level, types: usable.types, itemOf: (node) => usable.keptItemOf(node), modulesAnsweringOtherwise: answeringOtherwise } : undefined,
    imports,
    options.scopesOnly === true,
  );
  // The source text's own warnings, when the document gives its text (a bare AST has none).
  const text = isProgram || options.scopesOnly ? undefined : sourceTextOf(source as AnalyzableDocument);
  const diagnostics = text ? inSourceOrder(analysis.diagnostics, bidiControlDiagnostics(text)) : analysis.diagnostics;
  return new SemanticModel(program, analysis.level, analysis.items, analysis.types, diagnostics, library, names, imports);
}

function sourceTextOf(document: AnalyzableDocument): SourceText | undefined {
  const complete = document.text !== undefined && document.comments !== undefined && typeof document.nodeAt === 'function' && typeof document.spanAt === 'function';
  return complete ? (document as SourceText) : undefined;
}

export class SemanticModel {
  private nodes: Map<string, Node> | undefined;
  private callIndex: { byCallee: Map<string, CallRecord[]>; byCaller: Map<string, CallRecord[]> } | undefined;
  private allSymbols: SemanticSymbol[] | undefined;
  private readonly itemsByNodeId = new Map<string, AnalysisItem>();
  private itemsByDescendant: Map<string, AnalysisItem> | undefined;
  private parents: Map<string, Node> | undefined;

  /** @internal Use analyze(). */
  constructor(
    readonly program: Program,
    /** @internal The program level, kept from one analysis of a document to the next. */
    readonly level: ProgramLevel,
    /** @internal One per top-level item, in order. */
    readonly items: readonly AnalysisItem[],
    readonly types: TypeTable,
    /** Semantic diagnostics, in source order (syntax diagnostics come from the document). */
    readonly diagnostics: Diagnostic[],
    readonly library: LibraryIndex | undefined,
    /** @internal */
    readonly names: NameSpans | undefined,
    /** What the module resolver answered for this program's imports (undefined without one). */
    readonly imports?: ResolvedImports,
  ) {
    for (const item of items) this.itemsByNodeId.set(item.node.id, item);
  }

  /** @internal The program level's facts. */
  get programLayer(): Resolution {
    return this.level.layer;
  }

  /** @internal This model's item for that very node (incremental analysis). */
  keptItemOf(node: TopLevel): AnalysisItem | undefined {
    const item = this.itemsByNodeId.get(node.id);
    return item?.node === node ? item : undefined;
  }

  /** Every declared symbol (builtins excepted), in declaration order. */
  get symbols(): readonly SemanticSymbol[] {
    this.allSymbols ??= [...this.programLayer.symbols, ...this.items.flatMap((item) => item.resolution.symbols)];
    return this.allSymbols;
  }

  get programScope(): Scope {
    return this.programLayer.programScope;
  }

  /**
   * The symbol a node is about: for an Identifier the one it refers to, for a MemberExpression or
   * Property the field it names, for a declaring node the symbol it declares (an import: its first
   * name; see symbolsDeclaredBy).
   */
  symbolOf(nodeId: string): SemanticSymbol | undefined {
    return this.resolvedOf(nodeId) ?? this.fieldReferenceOf(nodeId) ?? firstDeclared(this.declaredEntry(nodeId));
  }

  /**
   * What an identifier written inside the top-level item `item` refers to: symbolOf for an
   * identifier, without looking for its item (for a walk over every identifier of a file).
   */
  referredIn(item: TopLevel, identifierId: string): SemanticSymbol | undefined {
    const analysed = this.itemsByNodeId.get(item.id);
    return analysed ? ownGet(analysed.resolution.resolved, identifierId) : this.symbolOf(identifierId);
  }

  /** What a declaring node declares (several for `use m.{a, b}`). */
  symbolsDeclaredBy(nodeId: string): readonly SemanticSymbol[] {
    return declaredSymbols(this.declaredEntry(nodeId));
  }

  /**
   * The declaring node and the nodes that name the symbol (Identifiers; MemberExpressions and
   * Properties for fields), in source order, declaration first. Rename edits their name spans.
   * Type names inside type strings are not here: see referenceDetailsOf.
   */
  referencesOf(symbol: SemanticSymbol): string[] {
    const references = this.referenceDetailsOf(symbol).filter((reference) => reference.kind !== 'typeAnnotation');
    return [...new Set(references.map((reference) => reference.nodeId))];
  }

  /** All references with their kinds (read, write, typeAnnotation with its property…), declaration first, then in source order. */
  referenceDetailsOf(symbol: SemanticSymbol): Reference[] {
    const references = this.referenceListOf(symbol);
    const offset = (id: string): number => this.nodeById(id)?.span.startOffset ?? 0;
    return [...references].sort((a, b) => {
      if (a.kind === 'declaration' && b.kind !== 'declaration') return -1;
      if (b.kind === 'declaration' && a.kind !== 'declaration') return 1;
      return offset(a.nodeId) - offset(b.nodeId);
    });
  }

  /** The declaring node of what an Identifier (or MemberExpression/Property naming a field) refers to. */
  definitionOf(nodeId: string): string | undefined {
    const symbol = this.resolvedOf(nodeId) ?? this.fieldReferenceOf(nodeId);
    return symbol?.declNodeId ?? undefined;
  }

  /** The innermost scope around a node. */
  scopeAt(nodeId: string): Scope | undefined {
    // Every node up to the item is in the item's layer; the item's node and the Program are at program level too.
    const own = this.itemOf(nodeId)?.resolution.nodeScopes;
    const atProgramLevel = this.programLayer.nodeScopes;
    return scopeUpwards(
      nodeId,
      (id) => (own ? ownGet(own, id) : undefined) ?? atProgramLevel.get(id),
      (id) => this.parentOf(id),
    );
  }

  /** Every symbol visible at a node, builtins included, innermost first; shadowed ones left out. */
  symbolsInScopeAt(nodeId: string): SemanticSymbol[] {
    const scope = this.scopeAt(nodeId);
    const node = this.nodeById(nodeId);
    if (!scope || !node) return [];
    return visibleSymbols(scope, node.span.startOffset);
  }

  /** The type of an expression, or of what a declaring node declares. */
  typeOf(nodeId: string): Type | undefined {
    return this.itemOf(nodeId)?.check.types.get(nodeId) ?? firstDeclared(this.declaredEntry(nodeId))?.type;
  }

  /** The fields `value.` can complete to: a declared type's fields, a structural object's, a module's functions. */
  fieldsOfType(type: Type): FieldInfo[] {
    const base = stripOptional(type);
    switch (base.kind) {
      case 'named': {
        const fields = this.types.fieldsOf(base.name);
        const scope = this.programLayer.fieldScopes.get(base.name);
        if (!fields) return [];
        return [...fields].map(([name, fieldType]) => {
          const symbol = scope?.symbols.get(name);
          return symbol ? { name, type: fieldType, declNodeId: symbol.declNodeId, symbol } : { name, type: fieldType, declNodeId: null };
        });
      }
      case 'object':
        return [...base.fields].map(([name, fieldType]) => ({ name, type: fieldType, declNodeId: null }));
      case 'module':
        return base.members ? [...base.members].map(([name, memberType]) => ({ name, type: memberType, declNodeId: null })) : [];
      default:
        return [];
    }
  }

  /** How hover shows a symbol: "fn calculateTotal(order: Order, taxRate: number = 0.2): number". */
  signatureOf(symbol: SemanticSymbol): string {
    return signatureOf(symbol, (id) => this.nodeById(id));
  }

  /** `m.name`, `m` a module bound by `use m;`: the member's module and how hover shows it. */
  memberSignatureOf(memberNodeId: string): { module: string; name: string; signature: string } | undefined {
    const member = this.nodeById(memberNodeId);
    if (member?.type !== 'MemberExpression' || member.object.type !== 'Identifier') return undefined;
    const binding = this.symbolOf(member.object.id);
    const type = this.typeOf(member.id);
    if (binding?.kind !== 'import' || binding.type.kind !== 'module' || binding.module === undefined || !type) return undefined;
    return { module: binding.module, name: member.property, signature: importedSignature(member.property, type, binding.module) };
  }

  /** Documentation for hover: a builtin's doc, a library function's description, tags and vulnerability. */
  docOf(symbol: SemanticSymbol): string | undefined {
    return docOf(symbol);
  }

  /** Callers and callees of a FunctionDeclaration (undefined for other nodes). */
  callHierarchyOf(functionId: string): CallHierarchy | undefined {
    const fn = this.nodeById(functionId);
    if (fn?.type !== 'FunctionDeclaration') return undefined;
    const index = this.indexCalls();
    const incoming = index.byCallee.get(functionId) ?? [];
    const outgoing = index.byCaller.get(functionId) ?? [];
    return {
      functionId,
      functionName: fn.name,
      callerIds: [...new Set(incoming.map((call) => call.callerId))],
      calleeIds: [...new Set(outgoing.flatMap((call) => (call.callee?.declNodeId ? [call.callee.declNodeId] : [])))],
      incomingCalls: incoming.map((call) => ({ callId: call.callId, callerId: call.callerId })),
      outgoingCalls: outgoing
        .filter((call) => call.callee)
        .map((call) => ({ callId: call.callId, calleeId: call.callee?.declNodeId ?? null, calleeName: call.callee?.name ?? '' })),
    };
  }

  /**
   * The declarations a node depends on: what the names, fields and type strings inside it refer
   * to, without what it declares itself; builtins have no declaration and are left out.
   */
  dependenciesOf(nodeId: string): string[] {
    const root = this.nodeById(nodeId);
    if (!root) return [];
    const inside = new Set<string>();
    const referred: string[] = [];
    const add = (symbol: SemanticSymbol | undefined): void => {
      if (symbol?.declNodeId) referred.push(symbol.declNodeId);
    };
    walk(root, (node: Node) => {
      inside.add(node.id);
      add(this.resolvedOf(node.id));
      add(this.fieldReferenceOf(node.id));
      for (const type of this.layered(node.id, (layer) => layer.typeRefs) ?? []) add(type);
    });
    return [...new Set(referred.filter((id) => !inside.has(id)))];
  }

  /** The node of that id (built on first use: analysis itself does not need a full index). */
  nodeById(nodeId: string): Node | undefined {
    if (!this.nodes) {
      const nodes = new Map<string, Node>();
      walk(this.program, (node) => nodes.set(node.id, node));
      this.nodes = nodes;
    }
    return this.nodes.get(nodeId);
  }

  /** Calls in the order they were checked: top-level code first, then function bodies. */
  private calls(): CallRecord[] {
    const topLevel = this.items.filter((item) => item.node.type !== 'FunctionDeclaration');
    const functions = this.items.filter((item) => item.node.type === 'FunctionDeclaration');
    return [...topLevel, ...functions].flatMap((item) => item.check.calls);
  }

  private resolvedOf(nodeId: string): SemanticSymbol | undefined {
    const item = this.itemOf(nodeId);
    return item ? ownGet(item.resolution.resolved, nodeId) : undefined;
  }

  private fieldReferenceOf(nodeId: string): SemanticSymbol | undefined {
    return this.itemOf(nodeId)?.check.fieldReferences.get(nodeId);
  }

  /** What a declaring node declares, as the layers keep it (see Declared). */
  private declaredEntry(nodeId: string): Declared | undefined {
    return this.layered(nodeId, (layer) => layer.declared);
  }

  /** A fact about a node: its item's own, else the program level's. */
  private layered<T>(nodeId: string, map: (layer: Resolution) => ReadonlyMap<string, T>): T | undefined {
    const item = this.itemOf(nodeId);
    return (item ? ownGet(map(item.resolution), nodeId) : undefined) ?? map(this.programLayer).get(nodeId);
  }

  /**
   * Every reference to a symbol: its declaration, then the program level's, then each item's, in
   * order. The declaration is not recorded (see Resolution.references): it is where the symbol says.
   */
  private referenceListOf(symbol: SemanticSymbol): Reference[] {
    const declaration: Reference[] = symbol.declNodeId ? [{ nodeId: symbol.declNodeId, kind: 'declaration' }] : [];
    const scope = symbol.scope;
    if (scope !== this.programLayer.programScope && scope.kind !== 'type' && symbol.declNodeId) {
      // A local symbol: only its own item refers to it.
      return [...declaration, ...(this.itemOf(symbol.declNodeId)?.resolution.references.get(symbol) ?? []).map(referenceOf)];
    }
    const out = [...declaration, ...(this.programLayer.references.get(symbol) ?? []).map(referenceOf)];
    for (const item of this.items) {
      const own = item.resolution.references.get(symbol);
      if (own) for (const recorded of own) out.push(referenceOf(recorded));
    }
    return out;
  }

  /** The document analysed, with its parents, while it still holds the tree analysed. */
  private documentOfTree(): (AnalyzableDocument & Required<Pick<AnalyzableDocument, 'parentOf'>>) | undefined {
    const document = this.names as Partial<AnalyzableDocument> | undefined;
    return document?.parentOf && document.ast === this.program ? (document as AnalyzableDocument & Required<Pick<AnalyzableDocument, 'parentOf'>>) : undefined;
  }

  /** A node's parent: the document's, while it still holds the tree analysed; else from one walk. */
  private parentOf(nodeId: string): Node | undefined {
    const document = this.documentOfTree();
    if (document) return document.parentOf(nodeId);
    if (!this.parents) {
      const parents = new Map<string, Node>();
      walk(this.program, (node, parent) => {
        if (parent) parents.set(node.id, parent);
      });
      this.parents = parents;
    }
    return this.parents.get(nodeId);
  }

  /** The top-level item a node belongs to (undefined for the Program and what is not in this tree). */
  private itemOf(nodeId: string): AnalysisItem | undefined {
    const direct = this.itemsByNodeId.get(nodeId);
    if (direct) return direct;
    // Up the document's parents, while the document still holds the tree analysed.
    const document = this.documentOfTree();
    if (document) {
      let id = nodeId;
      for (;;) {
        const parent = document.parentOf(id);
        if (!parent) return undefined;
        const item = this.itemsByNodeId.get(parent.id);
        if (item) return item;
        id = parent.id;
      }
    }
    return this.byWalk(nodeId);
  }

  /** Without a document's parents (or when they describe another tree): one walk, then a map. */
  private byWalk(nodeId: string): AnalysisItem | undefined {
    if (!this.itemsByDescendant) {
      const index = new Map<string, AnalysisItem>();
      for (const item of this.items) walk(item.node, (node) => index.set(node.id, item));
      this.itemsByDescendant = index;
    }
    return this.itemsByDescendant.get(nodeId);
  }

  private indexCalls(): { byCallee: Map<string, CallRecord[]>; byCaller: Map<string, CallRecord[]> } {
    if (this.callIndex) return this.callIndex;
    const byCallee = new Map<string, CallRecord[]>();
    const byCaller = new Map<string, CallRecord[]>();
    const push = (map: Map<string, CallRecord[]>, key: string, call: CallRecord): void => {
      const list = map.get(key);
      if (list) list.push(call);
      else map.set(key, [call]);
    };
    for (const call of this.calls()) {
      if (call.callee?.declNodeId && call.callee.kind === 'function') push(byCallee, call.callee.declNodeId, call);
      push(byCaller, call.callerId, call);
    }
    this.callIndex = { byCallee, byCaller };
    return this.callIndex;
  }
}
