// The analysis item by item, and what makes it incremental. The program level (every import,
// type, function signature and top-level variable) is kept per item between analyses
// (program-level.ts); the checks of top-level code, which infer the top-level variables' types,
// run every time. Each function is resolved and checked into facts of its own while recording
// what it reads from the program level (dependencies.ts). Given the previous analysis of the same
// document, a function whose node the document kept (its text did not change) keeps its facts when
// nothing it read changed: no name it looked up now means another symbol or type, no declared type
// it asked about has other fields, the list of names it made a suggestion from is the same, and
// its own signature is. Declared types and imports keep their facts with their node.
import { walk, type FunctionDeclaration, type Program, type TopLevel } from '../ast/ast';
import { inSourceOrder, type Diagnostic } from '../ast/diagnostics';
import { checkItem, type CheckResult } from './checker';
import { Dependencies, type RecordingSymbols, recordingInto, sameValue } from './dependencies';
import type { LibraryIndex } from './library';
import type { ResolvedImports } from './modules';
import { ProgramLevel } from './program-level';
import { newProgramScope, Resolver, type NameSpans, type Resolution } from './resolve';
import { EmptyMap, firstDeclared, orShared, withoutEmptyMaps, type RecordedReference } from './resolution';
import type { Scope, SemanticSymbol } from './symbols';
import { TypeTable } from './type-table';
import type { Type } from './types';
import { findUnused } from './unused';

/** One top-level item's facts (its resolution layer over the program level's, and its checks). */
export interface AnalysisItem {
  readonly node: TopLevel;
  readonly resolution: Resolution;
  readonly check: CheckResult;
  /** W_UNUSED for what it declares inside itself. */
  readonly unused: Diagnostic[];
  /** What it read from the program level; undefined when its facts are never kept. */
  readonly kept?: KeptFacts;
}

interface KeptFacts {
  /** The program-scope names it looked up (see Dependencies; lists, not the recording's maps). */
  readonly names: readonly string[];
  /** The declared type names asked about, and those its signature names. */
  readonly types: readonly string[];
  /** The document's version of its node when analysed. */
  readonly version: number;
  readonly allNames?: string;
  readonly allTypes?: string;
  /** Its own symbol and that symbol's type (the signature the body is checked against). */
  readonly own: SemanticSymbol | undefined;
  readonly ownType: Type | undefined;
  /** Its start offset when last used: the visibleFrom of what it declares moves with it. */
  at: number;
}

export interface ItemsAnalysis {
  readonly level: ProgramLevel;
  readonly programLayer: Resolution;
  readonly items: AnalysisItem[];
  readonly types: TypeTable;
  readonly diagnostics: Diagnostic[];
}

/** A map's own entry, not a LayeredMap's fallback (a kept item's layer lies over an older program level). */
export function ownGet<K, V>(map: ReadonlyMap<K, V>, key: K): V | undefined {
  return Map.prototype.get.call(map, key) as V | undefined;
}

/** The analysis of the same document before its latest edits. */
export interface PreviousAnalysis {
  readonly level: ProgramLevel;
  readonly types: TypeTable;
  /** Its item for a node, if it had one for that very node. */
  itemOf(node: TopLevel): AnalysisItem | undefined;
  /** The module paths whose imports' answers changed since (see modulesAnsweringOtherwise): their import items are declared again. */
  readonly modulesAnsweringOtherwise?: ReadonlySet<string>;
}

/** Where an item's node ids come from: the document's version of it (see WhetstoneDocument.itemVersion). */
export interface ItemVersions {
  itemVersion?(item: TopLevel): number;
  /** How many in-place id changes there were in all (no version changed while it stays). */
  readonly rewriteCount?: number;
}

export function analyzeItems(
  program: Program,
  library: LibraryIndex | undefined,
  names: (NameSpans & ItemVersions) | undefined,
  previous: PreviousAnalysis | undefined,
  imports?: ResolvedImports,
  scopesOnly = false,
): ItemsAnalysis {
  const check = (child: TopLevel, resolution: Resolution): CheckResult => (scopesOnly ? unchecked() : checkItem(program, child, resolution, types, names));
  const types = new TypeTable(program, previous?.types, imports);
  const level = previous?.level ?? new ProgramLevel(newProgramScope(program));
  const resolver = new Resolver(types, library, names, level, imports?.byModule);
  const versionOf = (item: TopLevel): number => names?.itemVersion?.(item) ?? 0;
  level.update({
    program,
    types,
    declare: (item) => resolver.declareItem(item),
    versionOf,
    rewriteCount: names?.rewriteCount,
    lineOf: (symbol) => resolver.lineOf(symbol),
    ...(previous?.modulesAnsweringOtherwise ? { modulesAnsweringOtherwise: previous.modulesAnsweringOtherwise } : {}),
  });
  const programLayer = level.layer;
  const kept = (child: TopLevel): AnalysisItem | undefined => (level.remade.has(child) ? undefined : previous?.itemOf(child));

  const items: AnalysisItem[] = new Array<AnalysisItem>(program.children.length);
  // Top-level code first, in order: it infers the top-level variables' types that bodies see.
  program.children.forEach((child, index) => {
    if (child.type === 'FunctionDeclaration') return;
    // A declared type or an import depends on its own node alone (and its declarations, kept with it).
    const previousItem = child.type === 'TypeDeclaration' || child.type === 'ImportDeclaration' ? kept(child) : undefined;
    if (previousItem) {
      items[index] = previousItem;
      return;
    }
    const resolution = resolver.resolveItem(child);
    items[index] = compact({ node: child, resolution, check: check(child, resolution), unused: scopesOnly ? [] : localUnused(resolution, names) }, level);
  });

  const fingerprints = new Fingerprints(programLayer, types, level, versionOf);
  program.children.forEach((child, index) => {
    if (child.type !== 'FunctionDeclaration') return;
    if (scopesOnly) {
      const resolution = resolver.resolveItem(child);
      items[index] = compact({ node: child, resolution, check: unchecked(), unused: [] }, level);
      return;
    }
    const previousItem = kept(child);
    if (previousItem?.kept && fingerprints.unchanged(child, previousItem.kept)) {
      moveDeclarations(previousItem, child.span.startOffset);
      items[index] = previousItem;
      return;
    }
    const dependencies = new Dependencies();
    const item = recordingInto(dependencies, () => {
      const resolution = resolver.resolveItem(child);
      return compact({ node: child, resolution, check: check(child, resolution), unused: localUnused(resolution, names) }, level);
    });
    items[index] = namesALine(item) ? item : { ...item, kept: fingerprints.record(child, dependencies) };
  });

  const referencesAcross = programReferences(programLayer, items);
  resolver.applyImportRenames(referencesAcross);
  if (scopesOnly) return { level, programLayer, items, types, diagnostics: [] };
  // Among modules, a top-level constant or variable is exported: other files may read it.
  const programSymbols = imports ? programLayer.symbols.filter((symbol) => symbol.kind !== 'constant' && symbol.kind !== 'variable') : programLayer.symbols;
  const programUnused = findUnused({ symbols: imports && imports.types.size > 0 ? withoutTypeImportsUsed(program, programSymbols, types) : programSymbols, referencesOf: referencesAcross, declNode: (id) => programLayer.declNodes.get(id) }, names);
  // Top-level code's checks before the functions' (the order they ran in), ties kept in that order.
  const all: Diagnostic[] = [];
  const add = (diagnostics: readonly Diagnostic[]): void => {
    for (const diagnostic of diagnostics) all.push(current(diagnostic));
  };
  add(programLayer.diagnostics);
  for (const item of items) add(item.resolution.diagnostics);
  for (const item of items) if (item.node.type !== 'FunctionDeclaration') add(item.check.diagnostics);
  for (const item of items) if (item.node.type === 'FunctionDeclaration') add(item.check.diagnostics);
  all.push(...programUnused);
  for (const item of items) add(item.unused);
  const diagnostics = inSourceOrder(all);
  return { level, programLayer, items, types, diagnostics };
}

/**
 * The symbols W_UNUSED looks at, less the imported types that a type string names (a type is used
 * in type strings, which record no reference to the import). Called only when a type is imported.
 */
function withoutTypeImportsUsed(program: Program, symbols: readonly SemanticSymbol[], types: TypeTable): readonly SemanticSymbol[] {
  const used = new Set<string>();
  walk(program, (node) => {
    const texts = [(node as { paramType?: unknown }).paramType, (node as { returnType?: unknown }).returnType, (node as { varType?: unknown }).varType, (node as { fieldType?: unknown }).fieldType];
    for (const text of texts) if (typeof text === 'string' && text) for (const name of types.resolve(text).declaredNames) used.add(name);
  });
  return symbols.filter((symbol) => !(symbol.exported?.kind === 'type' && used.has(symbol.name)));
}

/** An analysed item whose empty maps and lists are shared ones: most items leave several of theirs empty. */
function compact(item: AnalysisItem, level: ProgramLevel): AnalysisItem {
  const { check } = item;
  return {
    node: item.node,
    resolution: withoutEmptyMaps(item.resolution, level.emptyItemLayer),
    check: {
      types: check.types.size === 0 ? NO_TYPES : check.types,
      fieldReferences: check.fieldReferences.size === 0 ? NO_FIELD_REFERENCES : check.fieldReferences,
      calls: orShared(check.calls),
      diagnostics: orShared(check.diagnostics),
    },
    unused: orShared(item.unused),
  };
}
const NO_TYPES: Map<string, Type> = new EmptyMap();

/** What an item not checked (scopesOnly) records: nothing. */
function unchecked(): CheckResult {
  return { types: NO_TYPES, fieldReferences: NO_FIELD_REFERENCES, calls: [], diagnostics: [] };
}
const NO_FIELD_REFERENCES: Map<string, SemanticSymbol> = new EmptyMap();

/** W_UNUSED for the symbols an item declares inside itself (only it can refer to them). */
function localUnused(resolution: Resolution, names: NameSpans | undefined): Diagnostic[] {
  return findUnused(
    { symbols: resolution.symbols, referencesOf: (symbol) => resolution.references.get(symbol) ?? [], declNode: (id) => resolution.declNodes.get(id) },
    names,
  );
}

/**
 * Every reference to a program-level import or variable (what W_UNUSED and an import's rename
 * fix need): the program level's, then each item's, in order.
 */
function programReferences(programLayer: Resolution, items: readonly AnalysisItem[]): (symbol: SemanticSymbol) => RecordedReference[] {
  let byItems: Map<SemanticSymbol, RecordedReference[]> | undefined;
  return (symbol) => {
    if (!byItems) {
      byItems = new Map();
      for (const item of items) {
        for (const [referenced, references] of outsideReferences(item, programLayer.programScope)) {
          const list = byItems.get(referenced);
          if (list) list.push(...references);
          else byItems.set(referenced, [...references]);
        }
      }
    }
    return [...(programLayer.references.get(symbol) ?? []), ...(byItems.get(symbol) ?? [])];
  };
}

/** An item's references to program-level imports and variables; once per item (kept items keep theirs). */
const outsideByItem = new WeakMap<AnalysisItem, readonly [SemanticSymbol, RecordedReference[]][]>();
function outsideReferences(item: AnalysisItem, programScope: Scope): readonly [SemanticSymbol, RecordedReference[]][] {
  let outside = outsideByItem.get(item);
  if (!outside) {
    const found: [SemanticSymbol, RecordedReference[]][] = [];
    item.resolution.references.forEach((references, symbol) => {
      if (symbol.scope === programScope && PROGRAM_VALUES.has(symbol.kind)) found.push([symbol, references]);
    });
    outside = found;
    outsideByItem.set(item, outside);
  }
  return outside;
}
const PROGRAM_VALUES = new Set<string>(['import', 'variable', 'constant']);

/**
 * Messages that name a line ("declared on line 12") would go stale when lines move: an item with
 * one is analysed again every time.
 */
function namesALine(item: AnalysisItem): boolean {
  return [...item.resolution.diagnostics, ...item.check.diagnostics].some((diagnostic) => / on line \d/.test(diagnostic.message));
}

/** A kept diagnostic's line and column follow its span, which the document moved with the text. */
function current(diagnostic: Diagnostic): Diagnostic {
  const { line, column } = diagnostic.span.start;
  return diagnostic.line === line && diagnostic.column === column ? diagnostic : { ...diagnostic, line, column };
}

/** A kept item moved with the text: so does the offset from which what it declares is visible. */
function moveDeclarations(item: AnalysisItem, at: number): void {
  const kept = item.kept;
  if (!kept || kept.at === at) return;
  const delta = at - kept.at;
  for (const symbol of item.resolution.symbols) (symbol as { visibleFrom: number }).visibleFrom += delta;
  kept.at = at;
}

/** Whether a kept function's facts still hold; keys of program-level facts, each computed at most once per analysis. */
class Fingerprints {
  private allNamesKey: string | undefined;
  private allTypesKey: string | undefined;

  constructor(
    private readonly programLayer: Resolution,
    private readonly types: TypeTable,
    private readonly level: ProgramLevel,
    private readonly versionOf: (item: TopLevel) => number,
  ) {
    this.changedNames = level.changedNames();
  }

  /** The program-scope names that mean another symbol or type than in the previous analysis. */
  private readonly changedNames: ReadonlySet<string>;

  record(fn: FunctionDeclaration, dependencies: Dependencies): KeptFacts {
    const types = new Set(dependencies.types);
    // The signature's type strings were read at program level: their types count too.
    for (const text of [fn.returnType, ...fn.parameters.map((parameter) => parameter.paramType)]) {
      if (!text) continue;
      const resolved = this.types.resolve(text);
      for (const name of [...resolved.declaredNames, ...resolved.unknownNames]) types.add(name);
    }
    const own = firstDeclared(this.programLayer.declared.get(fn.id));
    return {
      names: [...dependencies.names.keys()],
      types: [...types],
      version: this.versionOf(fn),
      allNames: dependencies.allNames ? this.allNames() : undefined,
      allTypes: dependencies.allTypes ? this.allTypes() : undefined,
      own,
      ownType: own?.type,
      at: fn.span.startOffset,
    };
  }

  unchanged(fn: FunctionDeclaration, kept: KeptFacts): boolean {
    if (this.level.versionsChanged && kept.version !== this.versionOf(fn)) return false;
    const own = firstDeclared(this.programLayer.declared.get(fn.id));
    if (own !== kept.own || !sameValue(own?.type, kept.ownType)) return false;
    if (this.changedNames.size > 0) for (const name of kept.names) if (this.changedNames.has(name)) return false;
    const changedTypes = this.types.changed;
    if (!changedTypes) return false;
    const changedFields = this.level.fieldsChanged;
    if (changedTypes.size > 0 || changedFields.size > 0) for (const name of kept.types) if (changedTypes.has(name) || changedFields.has(name)) return false;
    if (kept.allNames !== undefined && kept.allNames !== this.allNames()) return false;
    if (kept.allTypes !== undefined && kept.allTypes !== this.allTypes()) return false;
    return true;
  }

  private allNames(): string {
    this.allNamesKey ??= [...(this.programLayer.programScope.symbols as RecordingSymbols).peekAll()].map((symbol) => `${symbol.kind}:${symbol.name}`).join('\u0000');
    return this.allNamesKey;
  }

  private allTypes(): string {
    this.allTypesKey ??= [...this.types.declarations.keys()].join('\u0000');
    return this.allTypesKey;
  }
}
