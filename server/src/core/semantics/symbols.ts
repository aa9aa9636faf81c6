// Symbols (what a name denotes), the scopes that hold them, and references to them. Every symbol
// is identified by the node that declares it; builtins have none. What a name means at a point is
// decided in scopes.ts.
import type { BuiltinFunction } from './builtins';
import type { LibraryFunctionEntry } from './library';
import type { ExportedName } from './modules';
import type { Type } from './types';

export type ScopeKind = 'builtin' | 'program' | 'function' | 'lambda' | 'block' | 'for' | 'type';

export class Scope {
  /** Made on the first declaration: most block scopes declare nothing. */
  private own: Map<string, SemanticSymbol> | undefined;

  constructor(
    readonly kind: ScopeKind,
    /** The node that opens it (Program, FunctionDeclaration, Lambda, Block, ForStatement, TypeDeclaration); null for builtins. */
    readonly nodeId: string | null,
    readonly parent: Scope | null,
    symbols?: Map<string, SemanticSymbol>,
  ) {
    this.own = symbols;
  }

  /** The symbols declared in it, by name. */
  get symbols(): ReadonlyMap<string, SemanticSymbol> {
    return this.own ?? NO_SYMBOLS;
  }

  declare(name: string, symbol: SemanticSymbol): void {
    (this.own ??= new Map()).set(name, symbol);
  }

  /** Whether code in this scope runs inside a function or lambda body. */
  get insideFunction(): boolean {
    if (this.kind === 'function' || this.kind === 'lambda') return true;
    return this.parent?.insideFunction ?? false;
  }
}

const NO_SYMBOLS: ReadonlyMap<string, SemanticSymbol> = new Map();

export type SymbolKind = 'function' | 'variable' | 'constant' | 'parameter' | 'type' | 'field' | 'import' | 'builtin' | 'iterator';

export interface SemanticSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  /**
   * The declaring node: FunctionDeclaration, VariableDeclaration, Parameter, TypeDeclaration,
   * Field, ImportDeclaration, or ForStatement (for-iterators). Null for builtins.
   */
  readonly declNodeId: string | null;
  /** Its value's type (a declared type's own symbol has its NamedType; a function its FunctionType). */
  type: Type;
  readonly scope: Scope;
  /** Offset from which code in the same scope sees it (hoisted symbols: 0). */
  readonly visibleFrom: number;
  /** For kind 'import': the module path and, for `use m.{a, b}`, the index of the name. */
  readonly module?: string;
  readonly importIndex?: number;
  /** For kind 'builtin'. */
  readonly builtin?: BuiltinFunction;
  /** For an import the library defines. */
  readonly library?: LibraryFunctionEntry;
  /** For an import of a module found as a file: what that module declares under the name. */
  readonly exported?: ExportedName;
  /** For kind 'field': the declared type it belongs to. */
  readonly ownerType?: string;
}

export type ReferenceKind = 'declaration' | 'read' | 'write' | 'readwrite' | 'typeAnnotation';

export interface Reference {
  readonly nodeId: string;
  readonly kind: ReferenceKind;
  /**
   * For 'typeAnnotation': the property whose type string names the type (paramType, varType,
   * fieldType, returnType). The name sits inside that string, not at the node's name span.
   */
  readonly property?: string;
}
