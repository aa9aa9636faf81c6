// Pass 1 of the analysis: builds the scopes, declares every symbol, resolves every Identifier and
// every type name in a type string, and records references. Reports E_UNDEFINED, E_DUPLICATE,
// H_SHADOW and W_UNKNOWN_IMPORT. Types of let/const without a declared type are filled in by the
// checker (pass 2); everything else gets its type here.
import {
  ROLES,
  type FunctionDeclaration,
  type Identifier,
  type ImportDeclaration,
  type Lambda,
  type Node,
  type Parameter,
  type Program,
  type Span,
  type TopLevel,
  type TypeDeclaration,
  type VariableDeclaration,
} from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { BUILTINS } from './builtins';
import { replaceTypeName, setProperty } from './fixes';
import { bindImport } from './imports';
import type { LibraryIndex } from './library';
import type { ModuleResolution } from './modules';
import { lookup, visibleSymbols } from './scopes';
import { expressionText } from './signatures';
import { closestName } from './suggest';
import { RecordingSymbols } from './dependencies';
import type { ItemDeclarations, ProgramLevel } from './program-level';
import { declarationLayer, layerOver, recordedReference, referenceOf, withDeclared, type RecordedReference, type Resolution } from './resolution';
import { Scope, type ReferenceKind, type SemanticSymbol, type SymbolKind } from './symbols';
import type { TypeTable } from './type-table';
import { ANY, BOOL, BUILTIN_TYPE_NAMES, NULL, NUMBER, STRING, named, type FunctionType, type ParameterType, type Type } from './types';

/** Where name tokens are (WhetstoneDocument provides both); without it diagnostics use node spans. */
export interface NameSpans {
  nameSpan(id: string): Span | null | undefined;
  importNameSpans?(id: string): readonly Span[] | null | undefined;
  /** The same read off the node itself (a document's nodes carry them): no lookup by id. */
  nameSpanOfNode?(node: Node): Span | null | undefined;
  importNameSpansOfNode?(node: Node): readonly Span[] | null | undefined;
}

/** Where a node's name token is, if the name spans say. */
export function nameSpanIn(names: NameSpans | undefined, node: Node): Span | null | undefined {
  return names?.nameSpanOfNode ? names.nameSpanOfNode(node) : names?.nameSpan(node.id);
}

/** Where each name of an import is, if the name spans say. */
export function importNameSpansIn(names: NameSpans | undefined, node: Node): readonly Span[] | null | undefined {
  return names?.importNameSpansOfNode ? names.importNameSpansOfNode(node) : names?.importNameSpans?.(node.id);
}

export type { Resolution } from './resolution';

/** The outermost scope: the built-in functions. Shared by all analyses (never changes). */
export const BUILTIN_SCOPE: Scope = (() => {
  const scope = new Scope('builtin', null, null);
  for (const builtin of BUILTINS.values()) {
    scope.declare(builtin.name, { name: builtin.name, kind: 'builtin', declNodeId: null, type: builtin.type, scope, visibleFrom: 0, builtin });
  }
  return scope;
})();

interface Declaration {
  name: string;
  kind: SymbolKind;
  node: Node;
  type: Type;
  visibleFrom: number;
  nameSpan: Span;
  extra?: Partial<Pick<SemanticSymbol, 'module' | 'importIndex' | 'library' | 'exported' | 'ownerType'>>;
}

/** What declareItem gathers besides the facts it writes into its layer. */
interface ItemGathering {
  declarations: { symbol: SemanticSymbol; nameSpan: Span }[];
  typeSymbols: SemanticSymbol[];
  fieldScope?: Scope;
  volatile: boolean;
}

/** A new program scope (the program level keeps it from one analysis of a document to the next). */
export function newProgramScope(program: Program): Scope {
  return new Scope('program', program.id, BUILTIN_SCOPE, new RecordingSymbols());
}

/**
 * Pass 1 in parts: declareItem declares what one top-level item declares at program level (every
 * import, type, function and top-level variable, so hoisting works; program-level.ts merges them
 * and decides duplicates), then resolveItem resolves each top-level item into a layer of its own
 * over the program level's facts, so an item's facts can be kept while others are redone.
 */
export class Resolver {
  /** The program level's facts. */
  readonly result: Resolution;
  private current: Resolution;
  private gathering: ItemGathering | undefined;
  /** The scope of the node visit is inside (the parent of the nodes it walks into); see record. */
  private around: Scope | undefined;
  private readonly pendingImportRenames: { symbol: SemanticSymbol; to: string; diagnostic: Diagnostic }[] = [];

  constructor(
    private readonly types: TypeTable,
    private readonly library: LibraryIndex | undefined,
    private readonly names: NameSpans | undefined,
    private readonly level: ProgramLevel,
    /** The resolver's answer for each module the imports name (none without a ModuleResolver). */
    private readonly modules?: ReadonlyMap<string, ModuleResolution>,
  ) {
    this.result = level.layer;
    this.current = this.result;
  }

  /** Declares what one top-level item declares at program level, into a layer of its own. */
  declareItem(item: TopLevel): ItemDeclarations {
    const scope = this.result.programScope;
    const facts = declarationLayer(scope, item.type === 'TypeDeclaration');
    const gathering: ItemGathering = { declarations: [], typeSymbols: [], volatile: false };
    this.current = facts;
    this.gathering = gathering;
    let declaredType: Type | undefined;
    try {
      switch (item.type) {
        case 'ImportDeclaration':
          this.declareImport(item, scope);
          break;
        case 'TypeDeclaration':
          this.declareType(item, scope);
          break;
        case 'FunctionDeclaration':
          this.declare(scope, {
            name: item.name,
            kind: 'function',
            node: item,
            type: this.functionType(item),
            visibleFrom: 0,
            nameSpan: this.nameSpanOf(item),
          });
          break;
        case 'VariableDeclaration':
          declaredType = this.declareVariable(item, scope).type;
          break;
        default:
          break;
      }
    } finally {
      this.current = this.result;
      this.gathering = undefined;
    }
    return { facts, ...gathering, ...(declaredType ? { declaredType } : {}) };
  }

  /** The line a symbol is declared on (what duplicates and shadows name). */
  lineOf(symbol: SemanticSymbol): number {
    return this.declarationLine(symbol);
  }

  /** Resolves one top-level item into a layer of its own over the program level's facts. */
  resolveItem(item: Node): Resolution {
    const layer = layerOver(this.result);
    this.current = layer;
    try {
      this.visit(item, this.result.programScope);
    } finally {
      this.current = this.result;
    }
    return layer;
  }

  /** An import's rename fix edits every reference to it: called once all items are resolved. */
  applyImportRenames(referencesOf: (symbol: SemanticSymbol) => readonly RecordedReference[]): void {
    for (const { symbol, to, diagnostic } of this.pendingImportRenames) {
      // Uses only: a symbol's declaration is not among its recorded references.
      for (const recorded of referencesOf(symbol)) diagnostic.fix?.push(setProperty(referenceOf(recorded).nodeId, 'name', to));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Program level: everything is declared before any body is resolved (hoisting).

  private declareImport(decl: ImportDeclaration, scope: Scope): void {
    const spans = importNameSpansIn(this.names, decl) ?? [];
    const bound = bindImport(decl, this.library, (index) => spans[index] ?? decl.span, this.modules?.get(decl.module));
    this.current.diagnostics.push(...bound.diagnostics);
    const symbols = bound.bindings.map((binding) =>
      this.declare(scope, {
        name: binding.name,
        kind: 'import',
        node: decl,
        type: binding.type,
        visibleFrom: 0,
        nameSpan: binding.importIndex !== undefined ? (spans[binding.importIndex] ?? decl.span) : decl.span,
        extra: { module: decl.module, ...(binding.importIndex !== undefined ? { importIndex: binding.importIndex } : {}), ...(binding.library ? { library: binding.library } : {}), ...(binding.exported ? { exported: binding.exported } : {}) },
      }),
    );
    for (const rename of bound.renames) {
      const symbol = symbols.find((candidate) => candidate.importIndex === rename.importIndex);
      if (symbol) this.pendingImportRenames.push({ symbol, to: rename.to, diagnostic: rename.diagnostic });
    }
    // Its rename fixes gain the references of every item: it is declared again each time.
    if (bound.renames.length > 0 && this.gathering) this.gathering.volatile = true;
  }

  private declareType(decl: TypeDeclaration, scope: Scope): void {
    const nameSpan = this.nameSpanOf(decl);
    if (BUILTIN_TYPE_NAMES.has(decl.name)) {
      this.report(makeDiagnostic('E_DUPLICATE', `'${decl.name}' is a built-in type and cannot be declared again`, decl.id, nameSpan));
    }
    // The declaration the type table uses has the symbol type strings refer to.
    const canonical = this.types.declarations.get(decl.name) === decl ? this.level.typeSymbol(decl.name) : undefined;
    this.declare(scope, { name: decl.name, kind: 'type', node: decl, type: named(decl.name), visibleFrom: 0, nameSpan }, canonical);
    const fieldScope = new Scope('type', decl.id, scope);
    if (this.gathering) this.gathering.fieldScope = fieldScope;
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
    const outer = this.around;
    this.around = scope;
    this.visitInside(node, scope);
    this.around = outer;
  }

  /** What visit does below `node` (whose scope is `scope`): its children, its declarations. */
  private visitInside(node: Node, scope: Scope): void {
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
      case 'TryStatement': {
        // The caught message is a string the handler knows by the catch name, as a parameter of it.
        for (const annotation of node.annotations) this.record(annotation, scope);
        if (node.body) this.visit(node.body, scope);
        const catchScope = new Scope('block', node.id, scope);
        this.declare(catchScope, {
          name: node.catchName,
          kind: 'parameter',
          node,
          type: STRING,
          visibleFrom: node.handler ? node.handler.span.startOffset : node.span.endOffset,
          nameSpan: this.nameSpanOf(node),
        });
        if (node.handler) this.visit(node.handler, catchScope);
        return;
      }
      case 'MultipleAssignment': {
        for (const annotation of node.annotations) this.record(annotation, scope);
        // The values are read before any target is written.
        for (const value of node.values) this.visit(value, scope);
        for (const target of node.targets) {
          if (target.type === 'Identifier') {
            this.record(target, scope);
            this.resolveIdentifier(target, scope, 'write');
          } else {
            this.visit(target, scope);
          }
        }
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
      default: {
        // The roles read in place (childNodes would make a list per node visited).
        const record = node as unknown as Record<string, unknown>;
        for (const role of ROLES[node.type]) {
          const value = record[role.name];
          if (role.list) {
            for (const child of value as Node[]) this.visit(child, scope);
          } else if (value) {
            this.visit(value as Node, scope);
          }
        }
      }
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
      this.referencesOf(found.symbol).push(recordedReference(identifier.id, kind));
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
      const symbol = this.level.typeSymbol(name);
      if (!symbol) continue;
      this.gathering?.typeSymbols.push(symbol);
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

  /** `made`: the symbol already made for it (a declared type's, see ProgramLevel.typeSymbol). */
  private declare(scope: Scope, declaration: Declaration, made?: SemanticSymbol): SemanticSymbol {
    const symbol =
      made ??
      this.reusedSymbol(scope, {
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
    this.current.declared.set(declaration.node.id, withDeclared(this.current.declared.get(declaration.node.id), symbol));
    if (!declaration.name) return symbol;
    // Which program-level declaration of a name wins is decided once all are made (program-level.ts).
    if (scope.kind === 'program') {
      this.gathering?.declarations.push({ symbol, nameSpan: declaration.nameSpan });
      return symbol;
    }

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
    scope.declare(declaration.name, symbol);

    if (scope.kind !== 'type' && scope.parent) {
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

  /** A program-level or field symbol the previous analysis had for the same declaration, else the new one. */
  private reusedSymbol(scope: Scope, fresh: SemanticSymbol): SemanticSymbol {
    return scope.kind === 'program' || scope.kind === 'type' ? this.level.adopt(fresh) : fresh;
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  /**
   * Records the scope a node sits in where it is not the scope around it (its parent's, for the
   * nodes visit walks into): a node without an entry is in its parent's scope (see scopeUpwards).
   * Most nodes have none, which spares a map entry for every node of the file.
   */
  private record(node: Node, scope: Scope): void {
    if (scope !== this.around) this.current.nodeScopes.set(node.id, scope);
  }

  private referencesOf(symbol: SemanticSymbol): RecordedReference[] {
    let list = this.current.references.get(symbol);
    if (!list) {
      list = [];
      this.current.references.set(symbol, list);
    }
    return list;
  }

  private nameSpanOf(node: Node): Span {
    return nameSpanIn(this.names, node) ?? node.span;
  }

  private declarationLine(symbol: SemanticSymbol): number {
    if (!symbol.declNodeId) return 0;
    const node = this.current.declNodes.get(symbol.declNodeId);
    if (symbol.kind === 'import' && symbol.importIndex !== undefined) {
      const span = (node ? importNameSpansIn(this.names, node) : this.names?.importNameSpans?.(symbol.declNodeId))?.[symbol.importIndex];
      if (span) return span.start.line;
    }
    const span = (node ? nameSpanIn(this.names, node) : this.names?.nameSpan(symbol.declNodeId)) ?? node?.span;
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

