// Pass 1 of the analysis: builds the scopes, declares every symbol, resolves every Identifier and
// every type name in a type string, and records references. Reports E_UNDEFINED, E_DUPLICATE,
// H_SHADOW and W_UNKNOWN_IMPORT. Types of let/const without a declared type are filled in by the
// checker (pass 2); everything else gets its type here.
import {
  childNodes,
  type FunctionDeclaration,
  type Identifier,
  type ImportDeclaration,
  type Lambda,
  type Node,
  type Parameter,
  type Program,
  type Span,
  type TypeDeclaration,
  type VariableDeclaration,
} from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { BUILTINS } from './builtins';
import { replaceTypeName, setProperty } from './fixes';
import { bindImport } from './imports';
import type { LibraryIndex } from './library';
import { lookup, visibleSymbols } from './scopes';
import { expressionText } from './signatures';
import { closestName } from './suggest';
import { RecordingSymbols, sameValue } from './dependencies';
import { Scope, type Reference, type ReferenceKind, type SemanticSymbol, type SymbolKind } from './symbols';
import type { TypeTable } from './type-table';
import { ANY, BOOL, BUILTIN_TYPE_NAMES, NULL, NUMBER, STRING, named, type FunctionType, type ParameterType, type Type } from './types';

/** Where name tokens are (WhetstoneDocument provides both); without it diagnostics use node spans. */
export interface NameSpans {
  nameSpan(id: string): Span | null | undefined;
  importNameSpans?(id: string): readonly Span[] | null | undefined;
}

/** The outermost scope: the built-in functions. Shared by all analyses (never changes). */
export const BUILTIN_SCOPE: Scope = (() => {
  const scope = new Scope('builtin', null, null);
  for (const builtin of BUILTINS.values()) {
    scope.symbols.set(builtin.name, { name: builtin.name, kind: 'builtin', declNodeId: null, type: builtin.type, scope, visibleFrom: 0, builtin });
  }
  return scope;
})();

export interface Resolution {
  readonly programScope: Scope;
  /** Every declared symbol (builtins excepted), in the order of declaration. */
  readonly symbols: SemanticSymbol[];
  /** Declaring node id -> the symbols it declares (an import may declare several). */
  readonly declared: Map<string, SemanticSymbol[]>;
  /** Identifier node id -> the symbol it refers to. */
  readonly resolved: Map<string, SemanticSymbol>;
  readonly references: Map<SemanticSymbol, Reference[]>;
  /** Every node id -> the innermost scope it sits in. */
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

interface Declaration {
  name: string;
  kind: SymbolKind;
  node: Node;
  type: Type;
  visibleFrom: number;
  nameSpan: Span;
  extra?: Partial<Pick<SemanticSymbol, 'module' | 'importIndex' | 'library' | 'ownerType'>>;
}

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

/** What the previous analysis of the same document leaves for reuse (incremental analysis). */
export interface ResolverReuse {
  /** Its program scope: kept (emptied and filled again) so reused functions' scopes still lead to it. */
  readonly programScope: Scope;
  /**
   * Its program-level and field symbols by declaring node id (its `declared`): a declaration that
   * is the same (node, kind, name, import index) keeps its symbol object.
   */
  readonly symbols: ReadonlyMap<string, readonly SemanticSymbol[]>;
}

/**
 * Pass 1 in parts: declarePrograms the program level (every import, type, function and top-level
 * variable, so hoisting works), then resolveItem resolves each top-level item into a layer of its
 * own over the program level's facts, so an item's facts can be kept while others are redone.
 */
export class Resolver {
  /** The program level's facts. */
  readonly result: Resolution;
  private current: Resolution;
  private readonly pendingImportRenames: { symbol: SemanticSymbol; to: string; diagnostic: Diagnostic }[] = [];
  private readonly claimed = new Set<object>();

  constructor(
    private readonly program: Program,
    private readonly types: TypeTable,
    private readonly library: LibraryIndex | undefined,
    private readonly names: NameSpans | undefined,
    private readonly reuse?: ResolverReuse,
  ) {
    let programScope: Scope;
    if (reuse) {
      programScope = reuse.programScope;
      programScope.symbols.clear();
    } else {
      programScope = new Scope('program', program.id, BUILTIN_SCOPE, new RecordingSymbols());
    }
    this.result = {
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
    this.current = this.result;
  }

  /** Declares everything at program level (before any body is resolved: hoisting). */
  declareProgram(): void {
    const scope = this.result.programScope;
    this.record(this.program, scope);
    this.declareProgramLevel(scope);
  }

  /** Resolves one top-level item into a layer of its own over the program level's facts. */
  resolveItem(item: Node): Resolution {
    const below = this.result;
    const layer: Resolution = {
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
    this.current = layer;
    try {
      this.visit(item, below.programScope);
    } finally {
      this.current = this.result;
    }
    return layer;
  }

  /** An import's rename fix edits every reference to it: called once all items are resolved. */
  applyImportRenames(referencesOf: (symbol: SemanticSymbol) => readonly Reference[]): void {
    for (const { symbol, to, diagnostic } of this.pendingImportRenames) {
      for (const reference of referencesOf(symbol)) {
        if (reference.kind !== 'declaration') diagnostic.fix?.push(setProperty(reference.nodeId, 'name', to));
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Program level: everything is declared before any body is resolved (hoisting).

  private declareProgramLevel(scope: Scope): void {
    for (const child of this.program.children) {
      switch (child.type) {
        case 'ImportDeclaration':
          this.declareImport(child, scope);
          break;
        case 'TypeDeclaration':
          this.declareType(child, scope);
          break;
        case 'FunctionDeclaration':
          this.declare(scope, {
            name: child.name,
            kind: 'function',
            node: child,
            type: this.functionType(child),
            visibleFrom: 0,
            nameSpan: this.nameSpanOf(child),
          });
          break;
        case 'VariableDeclaration':
          this.declareVariable(child, scope);
          break;
        default:
          break;
      }
    }
  }

  private declareImport(decl: ImportDeclaration, scope: Scope): void {
    const spans = this.names?.importNameSpans?.(decl.id) ?? [];
    const bound = bindImport(decl, this.library, (index) => spans[index] ?? decl.span);
    this.current.diagnostics.push(...bound.diagnostics);
    const symbols = bound.bindings.map((binding) =>
      this.declare(scope, {
        name: binding.name,
        kind: 'import',
        node: decl,
        type: binding.type,
        visibleFrom: 0,
        nameSpan: binding.importIndex !== undefined ? (spans[binding.importIndex] ?? decl.span) : decl.span,
        extra: { module: decl.module, ...(binding.importIndex !== undefined ? { importIndex: binding.importIndex } : {}), ...(binding.library ? { library: binding.library } : {}) },
      }),
    );
    for (const rename of bound.renames) {
      const symbol = symbols.find((candidate) => candidate.importIndex === rename.importIndex);
      if (symbol) this.pendingImportRenames.push({ symbol, to: rename.to, diagnostic: rename.diagnostic });
    }
  }

  private declareType(decl: TypeDeclaration, scope: Scope): void {
    const nameSpan = this.nameSpanOf(decl);
    if (BUILTIN_TYPE_NAMES.has(decl.name)) {
      this.report(makeDiagnostic('E_DUPLICATE', `'${decl.name}' is a built-in type and cannot be declared again`, decl.id, nameSpan));
    }
    const symbol = this.declare(scope, { name: decl.name, kind: 'type', node: decl, type: named(decl.name), visibleFrom: 0, nameSpan });
    const fieldScope = new Scope('type', decl.id, scope);
    // Only the declaration the type table uses owns the type's field symbols.
    if (this.types.declarations.get(decl.name) === decl && scope.symbols.get(decl.name) === symbol) {
      this.current.fieldScopes.set(decl.name, fieldScope);
    }
    for (const field of decl.fields) {
      this.record(field, fieldScope);
      const type = this.typeOfString(field, 'fieldType', field.fieldType);
      this.declare(fieldScope, {
        name: field.name,
        kind: 'field',
        node: field,
        type,
        visibleFrom: 0,
        nameSpan: this.nameSpanOf(field),
        extra: { ownerType: decl.name },
      });
    }
  }

  private declareVariable(decl: VariableDeclaration, scope: Scope): SemanticSymbol {
    const type = decl.varType ? this.typeOfString(decl, 'varType', decl.varType) : ANY;
    return this.declare(scope, {
      name: decl.name,
      kind: decl.kind === 'const' ? 'constant' : 'variable',
      node: decl,
      type,
      visibleFrom: decl.span.endOffset,
      nameSpan: this.nameSpanOf(decl),
    });
  }

  /** A FunctionDeclaration's or Lambda's type from its written signature (pass 2 refines lambdas). */
  private functionType(fn: FunctionDeclaration | Lambda): FunctionType {
    const params: ParameterType[] = fn.parameters.map((param) => {
      const type = this.parameterType(param);
      if (!param.defaultValue) return { name: param.name, type, hasDefault: false };
      return { name: param.name, type, hasDefault: true, defaultText: expressionText(param.defaultValue) };
    });
    const returnType = fn.returnType ? this.typeOfString(fn, 'returnType', fn.returnType) : ANY;
    return { kind: 'function', params, returnType, async: fn.type === 'FunctionDeclaration' && fn.async };
  }

  /** The declared type, else the type of a literal default, else any. Computed once per parameter. */
  private parameterType(param: Parameter): Type {
    const known = this.current.annotatedTypes.get(param.id);
    if (known) return known;
    let type: Type = ANY;
    if (param.paramType) type = this.typeOfString(param, 'paramType', param.paramType);
    else if (param.defaultValue?.type === 'Literal') type = literalType(param.defaultValue.value);
    if (type === NULL) type = ANY;
    this.current.annotatedTypes.set(param.id, type);
    return type;
  }

  // -------------------------------------------------------------------------------------------
  // The walk

  private visit(node: Node, scope: Scope): void {
    this.record(node, scope);
    switch (node.type) {
      case 'ImportDeclaration':
        return;
      case 'TypeDeclaration':
        // Fields were recorded when the type was declared.
        for (const annotation of node.annotations) this.record(annotation, scope);
        return;
      case 'FunctionDeclaration':
        return this.visitFunction(node, scope);
      case 'Lambda':
        return this.visitLambda(node, scope);
      case 'Block': {
        const blockScope = new Scope('block', node.id, scope);
        for (const statement of node.statements) this.visit(statement, blockScope);
        return;
      }
      case 'VariableDeclaration': {
        for (const annotation of node.annotations) this.record(annotation, scope);
        if (node.initializer) this.visit(node.initializer, scope);
        // Top-level declarations were declared up front.
        if (scope.kind !== 'program') this.declareVariable(node, scope);
        return;
      }
      case 'ForStatement': {
        for (const annotation of node.annotations) this.record(annotation, scope);
        if (node.iterable) this.visit(node.iterable, scope);
        const forScope = new Scope('for', node.id, scope);
        this.declare(forScope, {
          name: node.iterator,
          kind: 'iterator',
          node,
          type: ANY,
          visibleFrom: node.body ? node.body.span.startOffset : node.span.endOffset,
          nameSpan: this.nameSpanOf(node),
        });
        if (node.body) this.visit(node.body, forScope);
        return;
      }
      case 'AssignmentStatement': {
        for (const annotation of node.annotations) this.record(annotation, scope);
        if (node.target?.type === 'Identifier') {
          this.record(node.target, scope);
          this.resolveIdentifier(node.target, scope, node.operator === '=' ? 'write' : 'readwrite');
        } else if (node.target) {
          this.visit(node.target, scope);
        }
        if (node.value) this.visit(node.value, scope);
        return;
      }
      case 'Identifier':
        this.resolveIdentifier(node, scope, 'read');
        return;
      default:
        for (const child of childNodes(node)) this.visit(child, scope);
    }
  }

  private visitFunction(fn: FunctionDeclaration, scope: Scope): void {
    for (const annotation of fn.annotations) this.record(annotation, scope);
    const functionScope = new Scope('function', fn.id, scope);
    this.declareParameters(fn.parameters, functionScope);
    if (fn.body) this.visit(fn.body, functionScope);
  }

  private visitLambda(lambda: Lambda, scope: Scope): void {
    const lambdaScope = new Scope('lambda', lambda.id, scope);
    if (lambda.returnType) this.typeOfString(lambda, 'returnType', lambda.returnType);
    this.declareParameters(lambda.parameters, lambdaScope);
    if (lambda.body) this.visit(lambda.body, lambdaScope);
  }

  /** Parameters in order: a default value sees the parameters before it. */
  private declareParameters(parameters: readonly Parameter[], scope: Scope): void {
    for (const param of parameters) {
      this.record(param, scope);
      if (param.defaultValue) this.visit(param.defaultValue, scope);
      this.declare(scope, {
        name: param.name,
        kind: 'parameter',
        node: param,
        type: this.parameterType(param),
        visibleFrom: param.span.endOffset,
        nameSpan: this.nameSpanOf(param),
      });
    }
  }

  private resolveIdentifier(identifier: Identifier, scope: Scope, kind: ReferenceKind): void {
    if (!identifier.name) return;
    const offset = identifier.span.startOffset;
    const found = lookup(scope, identifier.name, offset);
    if (found.symbol) {
      this.current.resolved.set(identifier.id, found.symbol);
      this.referencesOf(found.symbol).push({ nodeId: identifier.id, kind });
      return;
    }
    if (found.declaredLater) {
      const line = this.declarationLine(found.declaredLater);
      this.report(
        makeDiagnostic('E_UNDEFINED', `'${identifier.name}' is used before its declaration on line ${line}`, identifier.id, identifier.span, {
          hint: `Move the declaration of '${identifier.name}' above this line`,
        }),
      );
      return;
    }
    const candidates = visibleSymbols(scope, offset)
      .filter((symbol) => symbol.kind !== 'type')
      .map((symbol) => symbol.name);
    const suggestion = closestName(identifier.name, candidates);
    this.report(
      makeDiagnostic('E_UNDEFINED', `Cannot find name '${identifier.name}'`, identifier.id, identifier.span, {
        ...(suggestion
          ? { hint: `Did you mean '${suggestion}'?`, fix: [setProperty(identifier.id, 'name', suggestion)] }
          : { hint: `Declare it with let or const, or import it with use` }),
      }),
    );
  }

  /** The type a type string denotes; reports unknown names and records references to declared types. */
  private typeOfString(node: Node, property: string, text: string): Type {
    const resolved = this.types.resolve(text);
    this.current.annotatedTypes.set(node.id, resolved.type);
    for (const name of resolved.declaredNames) {
      const symbol = this.current.programScope.symbols.get(name);
      if (symbol?.kind !== 'type') continue;
      this.referencesOf(symbol).push({ nodeId: node.id, kind: 'typeAnnotation', property });
      const list = this.current.typeRefs.get(node.id);
      if (list) list.push(symbol);
      else this.current.typeRefs.set(node.id, [symbol]);
    }
    for (const name of resolved.unknownNames) {
      const suggestion = closestName(name, [...this.types.typeNames(), ...BUILTIN_TYPE_NAMES]);
      this.report(
        makeDiagnostic('E_UNDEFINED', `Cannot find type '${name}'`, node.id, node.span, {
          ...(suggestion
            ? { hint: `Did you mean '${suggestion}'?`, fix: [setProperty(node.id, property, replaceTypeName(text, name, suggestion))] }
            : { hint: `Declare it with type ${name} { … }, or use number, string, bool, any, list<T>, map<K, V>` }),
        }),
      );
    }
    return resolved.type;
  }

  // -------------------------------------------------------------------------------------------
  // Declarations

  private declare(scope: Scope, declaration: Declaration): SemanticSymbol {
    const symbol = this.reusedSymbol(scope, {
      name: declaration.name,
      kind: declaration.kind,
      declNodeId: declaration.node.id,
      type: declaration.type,
      scope,
      visibleFrom: declaration.visibleFrom,
      ...declaration.extra,
    });
    this.current.symbols.push(symbol);
    this.current.declNodes.set(declaration.node.id, declaration.node);
    const declared = this.current.declared.get(declaration.node.id);
    if (declared) declared.push(symbol);
    else this.current.declared.set(declaration.node.id, [symbol]);
    this.current.references.set(symbol, [{ nodeId: declaration.node.id, kind: 'declaration' }]);
    if (!declaration.name) return symbol;

    const existing = scope.symbols.get(declaration.name);
    if (existing) {
      this.report(
        makeDiagnostic(
          'E_DUPLICATE',
          `Duplicate declaration of '${declaration.name}': already declared on line ${this.declarationLine(existing)}`,
          declaration.node.id,
          declaration.nameSpan,
          { hint: `Rename one of them; a name can be declared once per scope` },
        ),
      );
      return symbol;
    }
    scope.symbols.set(declaration.name, symbol);

    if (scope.kind !== 'program' && scope.kind !== 'type' && scope.parent) {
      const outer = lookup(scope.parent, declaration.name, declaration.visibleFrom, scope.insideFunction).symbol;
      // Shadowing a built-in is ordinary (`let max = 0;`) and not reported.
      if (outer && outer.kind !== 'builtin') {
        this.report(
          makeDiagnostic(
            'H_SHADOW',
            `'${declaration.name}' shadows the ${describeKind(outer.kind)} '${outer.name}' declared on line ${this.declarationLine(outer)}`,
            declaration.node.id,
            declaration.nameSpan,
            { hint: `Inside this scope '${declaration.name}' means the new declaration; rename it to keep both visible` },
          ),
        );
      }
    }
    return symbol;
  }

  /**
   * A program-level or field symbol the previous analysis had for the same declaration, brought up
   * to date, so the kept facts of other items that point at it stay right; else the new one.
   */
  private reusedSymbol(scope: Scope, fresh: SemanticSymbol): SemanticSymbol {
    if (!this.reuse || (scope.kind !== 'program' && scope.kind !== 'type')) return fresh;
    const old = this.reuse.symbols
      .get(fresh.declNodeId ?? '')
      ?.find((candidate) => candidate.kind === fresh.kind && candidate.name === fresh.name && candidate.importIndex === fresh.importIndex && !this.claimed.has(candidate));
    if (!old || old.module !== fresh.module || old.library !== fresh.library || old.ownerType !== fresh.ownerType) return fresh;
    this.claimed.add(old);
    const mutable = old as { type: Type; visibleFrom: number; scope: Scope };
    // An equal type keeps its object: what kept items recorded about it stays identical.
    if (!sameValue(old.type, fresh.type)) mutable.type = fresh.type;
    mutable.visibleFrom = fresh.visibleFrom;
    mutable.scope = fresh.scope;
    return old;
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private record(node: Node, scope: Scope): void {
    this.current.nodeScopes.set(node.id, scope);
  }

  private referencesOf(symbol: SemanticSymbol): Reference[] {
    let list = this.current.references.get(symbol);
    if (!list) {
      list = [];
      this.current.references.set(symbol, list);
    }
    return list;
  }

  private nameSpanOf(node: Node): Span {
    return this.names?.nameSpan(node.id) ?? node.span;
  }

  private declarationLine(symbol: SemanticSymbol): number {
    if (!symbol.declNodeId) return 0;
    if (symbol.kind === 'import' && symbol.importIndex !== undefined) {
      const span = this.names?.importNameSpans?.(symbol.declNodeId)?.[symbol.importIndex];
      if (span) return span.start.line;
    }
    const span = this.names?.nameSpan(symbol.declNodeId) ?? this.current.declNodes.get(symbol.declNodeId)?.span;
    return span?.start.line ?? 0;
  }

  private report(diagnostic: Diagnostic): void {
    this.current.diagnostics.push(diagnostic);
  }
}

export function literalType(value: unknown): Type {
  switch (typeof value) {
    case 'number':
      return NUMBER;
    case 'string':
      return STRING;
    case 'boolean':
      return BOOL;
    default:
      return value === null ? NULL : ANY;
  }
}

export function describeKind(kind: SymbolKind): string {
  switch (kind) {
    case 'iterator':
      return 'loop variable';
    case 'constant':
      return 'constant';
    default:
      return kind;
  }
}

