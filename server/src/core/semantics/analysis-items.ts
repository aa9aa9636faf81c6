// The analysis item by item, and what makes it incremental. The program level (every import,
// type, function signature and top-level variable, and the checks of top-level code, which infer
// the top-level variables' types) is analysed every time: it is small. Each function is resolved
// and checked into facts of its own while recording what it reads from the program level
// (dependencies.ts). Given the previous analysis of the same document, a function whose node the
// document kept (its text did not change) keeps its facts when nothing it read changed: the same
// symbols with the same types for the names it looked up, the same declared types' fields, the
// same list of names where it made a suggestion, and its own signature.
import type { FunctionDeclaration, Program, TopLevel } from '../ast/ast';
import { inSourceOrder, type Diagnostic } from '../ast/diagnostics';
import { checkItem, type CheckResult } from './checker';
import { Dependencies, RecordingSymbols, recordingInto, sameValue } from './dependencies';
import type { LibraryIndex } from './library';
import { Resolver, type NameSpans, type Resolution } from './resolve';
import type { Reference, SemanticSymbol } from './symbols';
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
  readonly dependencies: Dependencies;
  /** The type, when analysed, of the symbol each recorded name found. */
  readonly names: Map<string, Type | undefined>;
  /** The fingerprint, when analysed, of each declared type asked about (the signature's too). */
  readonly types: Map<string, string>;
  readonly allNames?: string;
  readonly allTypes?: string;
  /** Its own symbol and that symbol's type (the signature the body is checked against). */
  readonly own: SemanticSymbol | undefined;
  readonly ownType: Type | undefined;
  /** Its start offset when last used: the visibleFrom of what it declares moves with it. */
  at: number;
}

export interface ItemsAnalysis {
  readonly programLayer: Resolution;
  readonly items: AnalysisItem[];
  readonly types: TypeTable;
  readonly diagnostics: Diagnostic[];
}

/** A map's own entry, not a LayeredMap's fallback (a kept item's layer lies over an older program level). */
export function ownGet<K, V>(map: ReadonlyMap<K, V>, key: K): V | undefined {
  return Map.prototype.get.call(map, key) as V | undefined;
}

export function analyzeItems(
  program: Program,
  library: LibraryIndex | undefined,
  names: NameSpans | undefined,
  previousItems: readonly AnalysisItem[] | undefined,
  previousLayer: Resolution | undefined,
  previousTypes?: TypeTable,
): ItemsAnalysis {
  const reuse =
    previousLayer && previousItems && previousLayer.programScope.symbols instanceof RecordingSymbols
      ? { programScope: previousLayer.programScope, symbols: previousLayer.declared }
      : undefined;
  const types = new TypeTable(program, reuse ? previousTypes : undefined);
  const resolver = new Resolver(program, types, library, names, reuse);
  resolver.declareProgram();
  const programLayer = resolver.result;
  const scopeSymbols = programLayer.programScope.symbols as RecordingSymbols;
  const keepable = new Map<TopLevel, AnalysisItem>();
  if (reuse) for (const item of previousItems ?? []) if (item.kept) keepable.set(item.node, item);

  const items: AnalysisItem[] = new Array<AnalysisItem>(program.children.length);
  // Top-level code first, in order: it infers the top-level variables' types that bodies see.
  program.children.forEach((child, index) => {
    if (child.type === 'FunctionDeclaration') return;
    const resolution = resolver.resolveItem(child);
    const check = checkItem(program, child, resolution, types, names);
    items[index] = { node: child, resolution, check, unused: localUnused(resolution, names) };
  });

  const fingerprints = new Fingerprints(programLayer, types);
  program.children.forEach((child, index) => {
    if (child.type !== 'FunctionDeclaration') return;
    const previous = keepable.get(child);
    if (previous?.kept && fingerprints.unchanged(child, previous.kept, scopeSymbols)) {
      moveDeclarations(previous, child.span.startOffset);
      items[index] = previous;
      return;
    }
    const dependencies = new Dependencies();
    const item = recordingInto(dependencies, () => {
      const resolution = resolver.resolveItem(child);
      const check = checkItem(program, child, resolution, types, names);
      return { node: child, resolution, check, unused: localUnused(resolution, names) };
    });
    items[index] = namesALine(item) ? item : { ...item, kept: fingerprints.record(child, dependencies) };
  });

  resolver.applyImportRenames((symbol) => referencesAcross(programLayer, items, symbol));
  const programUnused = findUnused(
    { symbols: programLayer.symbols, referencesOf: (symbol) => referencesAcross(programLayer, items, symbol), declNode: (id) => programLayer.declNodes.get(id) },
    names,
  );
  const topLevelFirst = [...items.filter((item) => item.node.type !== 'FunctionDeclaration'), ...items.filter((item) => item.node.type === 'FunctionDeclaration')];
  const diagnostics = inSourceOrder(
    programLayer.diagnostics,
    ...items.map((item) => item.resolution.diagnostics.map(current)),
    ...topLevelFirst.map((item) => item.check.diagnostics.map(current)),
    programUnused,
    ...items.map((item) => item.unused.map(current)),
  );
  return { programLayer, items, types, diagnostics };
}

/** W_UNUSED for the symbols an item declares inside itself (only it can refer to them). */
function localUnused(resolution: Resolution, names: NameSpans | undefined): Diagnostic[] {
  return findUnused(
    { symbols: resolution.symbols, referencesOf: (symbol) => resolution.references.get(symbol) ?? [], declNode: (id) => resolution.declNodes.get(id) },
    names,
  );
}

function referencesAcross(programLayer: Resolution, items: readonly AnalysisItem[], symbol: SemanticSymbol): Reference[] {
  const out = [...(programLayer.references.get(symbol) ?? [])];
  for (const item of items) {
    const own = item.resolution.references.get(symbol);
    if (own) out.push(...own);
  }
  return out;
}

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

/** Keys of program-level facts, each computed at most once per analysis. */
class Fingerprints {
  private allNamesKey: string | undefined;
  private allTypesKey: string | undefined;

  constructor(
    private readonly programLayer: Resolution,
    private readonly types: TypeTable,
  ) {}

  record(fn: FunctionDeclaration, dependencies: Dependencies): KeptFacts {
    const names = new Map<string, Type | undefined>();
    for (const [name, symbol] of dependencies.names) names.set(name, symbol?.type);
    const types = new Map<string, string>();
    const typeNames = new Set(dependencies.types);
    // The signature's type strings were read at program level: their types count too.
    for (const text of [fn.returnType, ...fn.parameters.map((parameter) => parameter.paramType)]) {
      if (!text) continue;
      const resolved = this.types.resolve(text);
      for (const name of [...resolved.declaredNames, ...resolved.unknownNames]) typeNames.add(name);
    }
    for (const name of typeNames) types.set(name, this.types.fingerprintOf(name));
    const own = this.programLayer.declared.get(fn.id)?.[0];
    return {
      dependencies,
      names,
      types,
      allNames: dependencies.allNames ? this.allNames() : undefined,
      allTypes: dependencies.allTypes ? this.allTypes() : undefined,
      own,
      ownType: own?.type,
      at: fn.span.startOffset,
    };
  }

  unchanged(fn: FunctionDeclaration, kept: KeptFacts, scope: RecordingSymbols): boolean {
    const own = this.programLayer.declared.get(fn.id)?.[0];
    if (own !== kept.own || !sameValue(own?.type, kept.ownType)) return false;
    for (const [name, symbol] of kept.dependencies.names) {
      const now = scope.peek(name);
      if (now !== symbol || !sameValue(now?.type, kept.names.get(name))) return false;
    }
    for (const [name, fingerprint] of kept.types) if (this.types.fingerprintOf(name) !== fingerprint) return false;
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
