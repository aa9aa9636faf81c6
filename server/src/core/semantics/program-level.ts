// The program level of the analysis (every import, declared type with its fields, function
// signature and top-level variable), kept between analyses of the same document. Each top-level
// item's declarations are made once into a record of their own and merged into one program layer.
// After an edit only the records of items the document converted again (new node objects), or
// whose type strings now read differently, are made again; the program scope (which declaration
// of a name wins, the duplicates) is rebuilt only when the list of declarations changed. Then it
// says which program-level names may mean something else than before, for the function items
// that keep their facts (analysis-items.ts).
import type { Program, Span, TopLevel, TypeDeclaration } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import { Dependencies, type RecordingSymbols, recordingInto, sameValue } from './dependencies';
import { emptyResolution, NODE_KEYED, orShared, sharedEmptyLayer, type RecordedReference, type Resolution } from './resolution';
import type { Scope, SemanticSymbol } from './symbols';
import type { TypeTable } from './type-table';
import { named, type Type } from './types';

/** What declaring one top-level item made (Resolver.declareItem). */
export interface ItemDeclarations {
  /** Its symbols and their facts, in a layer of its own. */
  readonly facts: Resolution;
  /** Its program-scope declarations in order, with the span a duplicate is reported at. */
  readonly declarations: readonly { readonly symbol: SemanticSymbol; readonly nameSpan: Span }[];
  /** A declared type's field scope. */
  readonly fieldScope?: Scope;
  /** The declared types' symbols its type strings refer to. */
  readonly typeSymbols: readonly SemanticSymbol[];
  /** A top-level variable's declared type (any without one): the checker infers the rest each time. */
  readonly declaredType?: Type;
  /** Its diagnostics depend on other items (an import's rename fix gains their references). */
  readonly volatile: boolean;
}

/**
 * One item's declarations as the program level keeps them. Its facts are merged into the program
 * layer and not kept in maps of their own: what was merged is listed flat, to be taken out again
 * when the record goes (a file has a record per top-level item, and each map costs a table).
 */
interface DeclarationRecord extends Omit<ItemDeclarations, 'facts'> {
  readonly symbols: readonly SemanticSymbol[];
  readonly diagnostics: readonly Diagnostic[];
  /** The node-keyed facts merged, in threes: which map (index in NODE_KEYED), node id, value. */
  readonly merged: readonly unknown[];
  /** The references merged, in twos: symbol, its references from this item. */
  readonly mergedReferences: readonly (SemanticSymbol | RecordedReference[])[];
  readonly node: TopLevel;
  readonly version: number;
  /** Type names its type strings mention (declared or not). */
  readonly typeNames: readonly string[];
  /** Whether it listed every declared type name (a "did you mean" for an unknown type). */
  readonly listedTypes: boolean;
  /** For a declared type: whether it is the declaration of its name that the type table uses. */
  readonly canonical: boolean;
}

export interface ProgramLevelInput {
  readonly program: Program;
  readonly types: TypeTable;
  /** Declares one top-level item into a layer of its own. */
  declare(item: TopLevel): ItemDeclarations;
  /** The document's version of a top-level item (its ids changed in place when it moved on). */
  versionOf(item: TopLevel): number;
  /** How many in-place id changes the document made in all: while it stays, no version changed. */
  readonly rewriteCount: number | undefined;
  /** The line a symbol is declared on (duplicates name it). */
  lineOf(symbol: SemanticSymbol): number;
  /** Module paths whose answer changed: the imports of them are declared again (their symbols' types may differ). */
  readonly modulesAnsweringOtherwise?: ReadonlySet<string>;
}

export class ProgramLevel {
  readonly layer: Resolution;
  private readonly records = new Map<TopLevel, DeclarationRecord>();
  private children: readonly TopLevel[] = [];
  private programId: string | undefined;
  private types: TypeTable | undefined;
  /** The symbol of each declared type's declaration (made on first need, kept with its record). */
  private readonly typeSymbols = new Map<TypeDeclaration, SemanticSymbol>();
  /** The duplicates found when the program scope was last rebuilt. */
  private duplicates: { existing: SemanticSymbol; symbol: SemanticSymbol }[] = [];
  private variables: DeclarationRecord[] = [];
  // For the update under way:
  /** Symbols of the records dropped, by declaring node id: the same declaration made again takes its old symbol. */
  private readonly dropped = new Map<string, SemanticSymbol[]>();
  private readonly claimed = new Set<SemanticSymbol>();
  /** Names that may mean something else now, with the symbol and type they had before. */
  private readonly before = new Map<string, { symbol: SemanticSymbol | undefined; type: Type | undefined }>();
  /** The items whose records were made in the latest update. */
  readonly remade = new Set<TopLevel>();
  /** Declared type names whose field scope (the field symbols) is another one since the previous update. */
  readonly fieldsChanged = new Set<string>();
  /** Whether ids of kept items may have changed in place since the previous update (see ProgramLevelInput.rewriteCount). */
  versionsChanged = true;
  private rewriteCount: number | undefined;
  /** How many records were ever made (to count those made in one update). */
  private made = 0;
  /** Records made again in every update, and those with diagnostics. */
  private readonly volatile = new Set<DeclarationRecord>();
  private readonly withDiagnostics = new Set<DeclarationRecord>();

  /** The empty maps the item layers over this level share (see withoutEmptyMaps). */
  readonly emptyItemLayer: Resolution;

  constructor(programScope: Scope) {
    this.layer = emptyResolution(programScope);
    this.emptyItemLayer = sharedEmptyLayer(this.layer);
  }

  private get scope(): RecordingSymbols {
    return this.layer.programScope.symbols as RecordingSymbols;
  }

  /** Brings the program level up to date with `input.program` (see the file comment). */
  update(input: ProgramLevelInput): void {
    const { program, types } = input;
    this.types = types;
    this.dropped.clear();
    this.claimed.clear();
    this.before.clear();
    this.remade.clear();
    this.fieldsChanged.clear();
    this.versionsChanged = input.rewriteCount !== this.rewriteCount;
    this.rewriteCount = input.rewriteCount;
    // Top-level variables' types are inferred again by every analysis: they may change.
    for (const record of this.variables) this.remember(record);

    // The items before and after the edited region are the very same nodes, in the same order.
    const old = this.children;
    const now = program.children;
    let head = 0;
    while (head < old.length && head < now.length && old[head] === now[head]) head++;
    let tail = 0;
    while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
    const middle = new Set(now.slice(head, now.length - tail));
    const replaced = old.length === now.length ? this.symbolsAt(head, old.length - tail) : undefined;
    let typesDropped = false;
    let droppedAnywhere = false;
    const drop = (record: DeclarationRecord, inMiddle = false): void => {
      typesDropped ||= record.node.type === 'TypeDeclaration';
      droppedAnywhere ||= !inMiddle;
      this.drop(record);
    };
    for (let index = head; index < old.length - tail; index++) {
      const record = middle.has(old[index]) ? undefined : this.records.get(old[index]);
      if (record) drop(record, true);
    }
    for (const record of [...this.volatile]) drop(record);
    const answeringOtherwise = input.modulesAnsweringOtherwise;
    if (answeringOtherwise && answeringOtherwise.size > 0) {
      for (const record of [...this.records.values()]) if (record.node.type === 'ImportDeclaration' && answeringOtherwise.has(record.node.module)) drop(record);
    }
    // Kept nodes' records hold unless ids changed in place or type strings may read differently.
    const checkAll = this.versionsChanged || types.namesChanged || types.changed === undefined || types.changed.size > 0;
    if (checkAll) for (const record of [...this.records.values()]) if (!this.keeps(record, input)) drop(record);
    // A declared type's symbol changed: the records that refer to the old one are made again.
    if (typesDropped) {
      for (const record of [...this.records.values()]) {
        if (record.typeSymbols.some((symbol) => this.typeSymbol(symbol.name) !== symbol)) drop(record);
      }
    }

    const madeBefore = this.made;
    const anywhere = droppedAnywhere;
    for (let index = anywhere ? 0 : head; index < (anywhere ? now.length : now.length - tail); index++) {
      if (!this.records.has(now[index])) this.make(now[index], input);
    }
    if (!replaced || !this.sameDeclarations(replaced, now, this.made - madeBefore)) this.rebuildScope(program, types);
    this.children = now;

    this.variables = [];
    for (const child of now) {
      const record = child.type === 'VariableDeclaration' ? this.records.get(child) : undefined;
      if (record) this.variables.push(record);
    }
    for (const record of this.variables) {
      const symbol = record.declarations[0]?.symbol as { type: Type; visibleFrom: number } | undefined;
      if (!symbol) continue;
      symbol.visibleFrom = record.node.span.endOffset;
      symbol.type = record.declaredType ?? symbol.type;
    }
    if (this.programId !== program.id) {
      if (this.programId !== undefined) this.layer.nodeScopes.delete(this.programId);
      this.layer.nodeScopes.set(program.id, this.layer.programScope);
      this.programId = program.id;
    }
    this.collectDiagnostics(input);
    this.dropped.clear();
    this.claimed.clear();
  }

  /**
   * The program-scope names whose symbol or type differs from the previous analysis (call after
   * top-level code is checked: it infers the top-level variables' types).
   */
  changedNames(): Set<string> {
    const changed = new Set<string>();
    for (const [name, was] of this.before) {
      const now = this.scope.peek(name);
      if (now !== was.symbol || !sameValue(now?.type, was.type)) changed.add(name);
    }
    return changed;
  }

  /** The symbol of the declared type `name` (the declaration the type table uses). */
  typeSymbol(name: string): SemanticSymbol | undefined {
    const declaration = this.types?.declarations.get(name);
    if (!declaration) return undefined;
    let symbol = this.typeSymbols.get(declaration);
    if (!symbol) {
      symbol = this.adopt({ name, kind: 'type', declNodeId: declaration.id, type: named(name), scope: this.layer.programScope, visibleFrom: 0 });
      this.typeSymbols.set(declaration, symbol);
    }
    return symbol;
  }

  /**
   * The symbol a dropped record had for the same declaration, brought up to date, so that what
   * kept items recorded about it stays true; else `fresh`.
   */
  adopt(fresh: SemanticSymbol): SemanticSymbol {
    const old = this.dropped
      .get(fresh.declNodeId ?? '')
      ?.find((candidate) => candidate.kind === fresh.kind && candidate.name === fresh.name && candidate.importIndex === fresh.importIndex && !this.claimed.has(candidate));
    if (!old || old.module !== fresh.module || old.library !== fresh.library || (old.exported === undefined) !== (fresh.exported === undefined) || old.ownerType !== fresh.ownerType) return fresh;
    this.claimed.add(old);
    const mutable = old as { type: Type; visibleFrom: number; scope: Scope; exported?: SemanticSymbol['exported'] };
    // An equal type keeps its object: what kept items recorded about it stays identical.
    if (!sameValue(old.type, fresh.type)) mutable.type = fresh.type;
    // What another module exports under the name (where it is declared there) is the module's latest answer.
    if (old.exported !== fresh.exported) mutable.exported = fresh.exported;
    mutable.visibleFrom = fresh.visibleFrom;
    mutable.scope = fresh.scope;
    return old;
  }

  /** Whether a present item's record still holds: same node version, and its type strings read the same. */
  private keeps(record: DeclarationRecord, input: ProgramLevelInput): boolean {
    if (record.volatile || record.version !== input.versionOf(record.node)) return false;
    const types = input.types;
    // Which declaration of a type name the table uses decides who owns its symbol.
    if (record.node.type === 'TypeDeclaration' && (types.declarations.get(record.node.name) === record.node) !== record.canonical) return false;
    if (!types.namesChanged) return true;
    if (record.listedTypes) return false;
    // Each update drops the records whose names changed status, so a kept record's stayed as they were.
    for (const name of record.typeNames) if (types.declaredOrRemoved.has(name)) return false;
    return true;
  }

  private make(node: TopLevel, input: ProgramLevelInput): void {
    const dependencies = new Dependencies();
    const made = recordingInto(dependencies, () => input.declare(node));
    const { facts } = made;
    const { merged, mergedReferences } = this.merge(facts);
    // Most of a record's lists are empty: those are one shared list (orShared).
    const record: DeclarationRecord = {
      symbols: orShared(facts.symbols),
      diagnostics: orShared(facts.diagnostics),
      merged: orShared(merged),
      mergedReferences: orShared(mergedReferences),
      declarations: orShared(made.declarations),
      fieldScope: made.fieldScope,
      typeSymbols: orShared(made.typeSymbols),
      declaredType: made.declaredType,
      volatile: made.volatile || (facts.diagnostics.length > 0 && facts.diagnostics.some((diagnostic) => / on line \d/.test(diagnostic.message))),
      node,
      version: input.versionOf(node),
      typeNames: orShared([...dependencies.types]),
      listedTypes: dependencies.allTypes,
      canonical: node.type === 'TypeDeclaration' && input.types.declarations.get(node.name) === node,
    };
    // A first analysis has no previous meanings to compare with.
    if (this.children.length > 0) for (const { symbol } of record.declarations) this.rememberName(symbol.name);
    this.records.set(node, record);
    this.remade.add(node);
    this.made++;
    if (record.volatile) this.volatile.add(record);
    if (record.diagnostics.length > 0) this.withDiagnostics.add(record);
  }

  private drop(record: DeclarationRecord): void {
    this.records.delete(record.node);
    this.volatile.delete(record);
    this.withDiagnostics.delete(record);
    this.remember(record);
    this.unmerge(record);
    for (const symbol of record.symbols) {
      const list = this.dropped.get(symbol.declNodeId ?? '');
      if (list) list.push(symbol);
      else this.dropped.set(symbol.declNodeId ?? '', [symbol]);
    }
    if (record.node.type === 'TypeDeclaration') this.typeSymbols.delete(record.node);
  }

  private remember(record: DeclarationRecord): void {
    for (const { symbol } of record.declarations) this.rememberName(symbol.name);
  }

  private rememberName(name: string): void {
    if (!name || this.before.has(name)) return;
    const symbol = this.scope.peek(name);
    this.before.set(name, { symbol, type: symbol?.type });
  }

  /** Puts one item's facts into the program layer; returns what it put there (see DeclarationRecord). */
  private merge(facts: Resolution): Pick<DeclarationRecord, 'merged' | 'mergedReferences'> {
    const merged: unknown[] = [];
    NODE_KEYED.forEach((key, index) => {
      const own = facts[key] as Map<string, unknown>;
      if (own.size === 0) return;
      const target = this.layer[key] as Map<string, unknown>;
      own.forEach((value, id) => {
        target.set(id, value);
        merged.push(index, id, value);
      });
    });
    const mergedReferences: (SemanticSymbol | RecordedReference[])[] = [];
    facts.references.forEach((references, symbol) => {
      const list = this.layer.references.get(symbol);
      if (list) list.push(...references);
      else this.layer.references.set(symbol, references.slice());
      mergedReferences.push(symbol, references);
    });
    return { merged, mergedReferences };
  }

  private unmerge(record: DeclarationRecord): void {
    const { merged, mergedReferences } = record;
    for (let at = 0; at < merged.length; at += 3) {
      const target = this.layer[NODE_KEYED[merged[at] as number]] as Map<string, unknown>;
      const id = merged[at + 1] as string;
      if (target.get(id) === merged[at + 2]) target.delete(id);
    }
    for (let at = 0; at < mergedReferences.length; at += 2) {
      const symbol = mergedReferences[at] as SemanticSymbol;
      const list = this.layer.references.get(symbol);
      if (!list) continue;
      const gone = new Set(mergedReferences[at + 1] as RecordedReference[]);
      const left = list.filter((reference) => !gone.has(reference));
      if (left.length > 0) this.layer.references.set(symbol, left);
      else this.layer.references.delete(symbol);
    }
  }

  /** The symbols of the records of the previous children in [from, to), before anything is dropped. */
  private symbolsAt(from: number, to: number): Map<number, { node: TopLevel; symbols: readonly SemanticSymbol[] }> {
    const at = new Map<number, { node: TopLevel; symbols: readonly SemanticSymbol[] }>();
    for (let index = from; index < to; index++) {
      const node = this.children[index];
      at.set(index, { node, symbols: this.records.get(node)?.symbols ?? [] });
    }
    return at;
  }

  /**
   * Whether the program scope can stay as it is: the children are as many as before, and each
   * record made replaced the one at its place with the very same symbols (no declared type among them).
   */
  private sameDeclarations(previous: ReadonlyMap<number, { node: TopLevel; symbols: readonly SemanticSymbol[] }>, now: readonly TopLevel[], made: number): boolean {
    if (this.children.length === 0) return false;
    let replaced = 0;
    for (const [index, { node: old, symbols }] of previous) {
      const node = now[index];
      if (node === old) continue;
      replaced++;
      const record = this.records.get(node);
      if (!record || node.type === 'TypeDeclaration' || old.type === 'TypeDeclaration') return false;
      if (record.symbols.length !== symbols.length || record.symbols.some((symbol, at) => symbol !== symbols[at])) return false;
    }
    return replaced === made;
  }

  /** Which declaration of each name wins (the first), the duplicates, the owners of field scopes. */
  private rebuildScope(program: Program, types: TypeTable): void {
    const scope = this.scope;
    const ownersBefore = new Map(this.layer.fieldScopes);
    Map.prototype.clear.call(scope);
    this.layer.symbols.length = 0;
    this.layer.fieldScopes.clear();
    this.duplicates = [];
    for (const child of program.children) {
      const record = this.records.get(child);
      if (!record) continue;
      for (const symbol of record.symbols) this.layer.symbols.push(symbol);
      for (const { symbol } of record.declarations) {
        if (!symbol.name) continue;
        const existing = scope.peek(symbol.name);
        if (existing) this.duplicates.push({ existing, symbol });
        else Map.prototype.set.call(scope, symbol.name, symbol);
      }
      if (child.type === 'TypeDeclaration' && record.fieldScope) {
        const own = record.declarations[0]?.symbol;
        if (types.declarations.get(child.name) === child && own && scope.peek(child.name) === own) this.layer.fieldScopes.set(child.name, record.fieldScope);
      }
    }
    for (const name of new Set([...ownersBefore.keys(), ...this.layer.fieldScopes.keys()])) {
      if (ownersBefore.get(name) !== this.layer.fieldScopes.get(name)) this.fieldsChanged.add(name);
    }
  }

  /** Where a program-scope symbol's name is: in the declarations of the record that has it now. */
  private nameSpanOf(symbol: SemanticSymbol): Span | undefined {
    const node = this.layer.declNodes.get(symbol.declNodeId ?? '');
    const record = node ? this.records.get(node as TopLevel) : undefined;
    return record?.declarations.find((declaration) => declaration.symbol === symbol)?.nameSpan;
  }

  /** The program level's diagnostics: each record's, and the duplicates' (their lines move). */
  private collectDiagnostics(input: ProgramLevelInput): void {
    const diagnostics = this.layer.diagnostics;
    diagnostics.length = 0;
    const records = [...this.withDiagnostics].sort((a, b) => a.node.span.startOffset - b.node.span.startOffset);
    for (const record of records) diagnostics.push(...record.diagnostics);
    for (const { existing, symbol } of this.duplicates) {
      const nameSpan = this.nameSpanOf(symbol);
      if (!nameSpan) continue;
      diagnostics.push(
        makeDiagnostic('E_DUPLICATE', `Duplicate declaration of '${symbol.name}': already declared on line ${input.lineOf(existing)}`, symbol.declNodeId ?? '', nameSpan, {
          hint: `Rename one of them; a name can be declared once per scope`,
        }),
      );
    }
  }
}

