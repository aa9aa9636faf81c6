// Declarations across the workspace by qualified name: the module path `use` gives a file, then
// the declaration's name (`shop.pricing.orderTotal`), then a type's field (`shop.orders.Order.total`).
// A query names a declaration in full or by its last segments (`orderTotal`, `Order.total`); every
// declaration it names is a candidate, those named in full first, so an ambiguous name is answered
// with all its candidates, never one picked. Read from the index's summaries (file-summary.ts),
// an open buffer's from its current AST, so no file is read to answer.
import type { Node } from '../core/ast';
import { nameOffsetOf } from '../core/editing';
import { moduleNameAt, nameOccurrences, occurrenceAt } from '../core/queries';
import type { OpenBuffer } from './buffer';
import { incomingCalls, outgoingCalls } from './call-hierarchy';
import type { CurrentFile, FileIndex } from './file-index';
import type { DeclarationKind, DeclarationSummary, FieldSummary } from './file-summary';
import { declarationTarget, nameTargetAt, referencesTo, tokenRanges, type NameTarget } from './name-references';

export type SymbolKind = DeclarationKind | 'field';

export const SYMBOL_KINDS: readonly SymbolKind[] = ['function', 'type', 'field', 'constant', 'variable'];

export interface WorkspaceSymbol {
  qualifiedName: string;
  kind: SymbolKind;
  file: CurrentFile;
  /** The top-level declaration (for a field, its type's). */
  declaration: DeclarationSummary;
  field?: FieldSummary;
  /** Whether the query named it in full. */
  exact: boolean;
}

/** A place a declaration is referred to: its file, and the token's start (line 1-based, column UTF-16). */
export interface SymbolReference {
  uri: string;
  buffer?: OpenBuffer;
  line: number;
  column: number;
}

/** `module.name`, or `module.Type.field`; a file without a module (none is known) gives the name alone. */
export function qualifiedNameOf(module: string, name: string, field?: string): string {
  return [module, name, field].filter((part): part is string => part !== undefined && part !== '').join('.');
}

/**
 * The declarations `query` names (in full, or by its last dot-separated segments), of `kind` when
 * given: those named in full first, then by qualified name and file.
 */
export function findSymbols(index: FileIndex, query: string, kind?: SymbolKind): WorkspaceSymbol[] {
  const found: WorkspaceSymbol[] = [];
  const consider = (symbol: Omit<WorkspaceSymbol, 'exact'>): void => {
    if (kind !== undefined && symbol.kind !== kind) return;
    const name = symbol.qualifiedName;
    if (name === query) found.push({ ...symbol, exact: true });
    else if (name.endsWith(`.${query}`)) found.push({ ...symbol, exact: false });
  };
  // Only a file whose declarations could end with the query's last segment is looked at closely.
  const last = query.slice(query.lastIndexOf('.') + 1);
  for (const file of index.filesNow()) {
    for (const declaration of file.declarations) {
      if (declaration.name === last) consider({ qualifiedName: qualifiedNameOf(file.module, declaration.name), kind: declaration.kind, file, declaration });
      for (const field of declaration.fields ?? []) {
        if (field.name === last) consider({ qualifiedName: qualifiedNameOf(file.module, declaration.name, field.name), kind: 'field', file, declaration, field });
      }
    }
  }
  return found.sort((a, b) => Number(b.exact) - Number(a.exact) || compare(a.qualifiedName, b.qualifiedName) || compare(a.file.uri, b.file.uri));
}

/** The declaration as written, in one line: a function's signature, `type T { … }`, `const X: T`, a field's `name: type`. */
export function signatureOf(symbol: Pick<WorkspaceSymbol, 'declaration' | 'field'>): string {
  const { declaration, field } = symbol;
  if (field) return `${field.name}: ${field.type}`;
  switch (declaration.kind) {
    case 'function':
      return declaration.detail ?? `fn ${declaration.name}()`;
    case 'type':
      return `type ${declaration.name} ${declaration.detail ?? '{ }'}`;
    case 'constant':
      return `const ${declaration.name}${declaration.detail ? `: ${declaration.detail}` : ''}`;
    case 'variable':
      return `let ${declaration.name}${declaration.detail ? `: ${declaration.detail}` : ''}`;
  }
}

/** Where the symbol's name is written (its declaration). */
export function namePositionOf(symbol: Pick<WorkspaceSymbol, 'declaration' | 'field'>): { line: number; column: number } {
  const span = symbol.field?.nameSpan ?? symbol.declaration.nameSpan;
  return { line: span.startLine, column: span.startColumn };
}

/** The declaring node in an open buffer (the top-level item whose name is where the summary says; a field of it). */
export function declarationNode(buffer: OpenBuffer, symbol: Pick<WorkspaceSymbol, 'declaration' | 'field'>): Node | undefined {
  const { nameSpan } = symbol.declaration;
  const document = buffer.document;
  const item = document.ast.children.find((child) => {
    const span = document.nameSpanOfNode(child);
    return span !== undefined && span.start.line === nameSpan.startLine && span.start.column === nameSpan.startColumn;
  });
  if (!item || !symbol.field) return item;
  const fieldSpan = symbol.field.nameSpan;
  return item.type === 'TypeDeclaration'
    ? item.fields.find((field) => {
        const span = document.nameSpanOfNode(field);
        return span !== undefined && span.start.line === fieldSpan.startLine && span.start.column === fieldSpan.startColumn;
      })
    : undefined;
}

/** The symbol a top-level declaration target (name-references.ts) is, named by its file's module. */
export function symbolOfTarget(index: FileIndex, target: NameTarget): WorkspaceSymbol | undefined {
  const file = filesByPath(index).get(target.path);
  return file ? symbolIn(file, target.declaration) : undefined;
}

/**
 * The declaration the node `nodeId` of `buffer` is or refers to, when it has a qualified name: a
 * top-level declaration (its own, or imported: `x` after `use m.{x}`, `m.x`), or a field of a type
 * declared at the top level of this buffer (the Field, or a use the checker resolved to it).
 */
export function symbolAtNode(index: FileIndex, buffer: OpenBuffer, node: Node): WorkspaceSymbol | undefined {
  const document = buffer.document;
  const offset = nameOffsetOf(document, node.id) ?? node.span.startOffset;
  const target = nameTargetAt(index, buffer, offset, { outsideRoots: true });
  if (target) return symbolOfTarget(index, target);
  let field: Node | undefined = node.type === 'Field' ? node : undefined;
  if (!field) {
    const model = buffer.analysis();
    const symbol = occurrenceAt(document, model, offset)?.symbol;
    const declared = symbol?.kind === 'field' && symbol.declNodeId ? document.nodeById(symbol.declNodeId) : undefined;
    // Node ids are per buffer: the Field counts only if it is where this very symbol is declared.
    const declaredAt = declared?.type === 'Field' ? document.nameSpanOfNode(declared) : undefined;
    if (declared && declaredAt && occurrenceAt(document, model, declaredAt.startOffset)?.symbol === symbol) field = declared;
  }
  const type = field ? document.parentOf(field.id) : undefined;
  if (field?.type !== 'Field' || type?.type !== 'TypeDeclaration' || document.parentOf(type.id) !== document.ast || !buffer.uri.startsWith('file:')) return undefined;
  const file = index.filesNow().find((candidate) => candidate.buffer === buffer);
  const declaration = file?.declarations.find((candidate) => candidate.kind === 'type' && candidate.name === type.name);
  const summary = declaration?.fields?.find((candidate) => candidate.name === field.name);
  if (!file || !declaration || !summary) return undefined;
  return { qualifiedName: qualifiedNameOf(file.module, declaration.name, summary.name), kind: 'field', file, declaration, field: summary, exact: true };
}

/**
 * Every place in the workspace, open or not, that refers to the top-level declaration (its own
 * declaration not included), by file, then line and column.
 */
export function referencesOf(index: FileIndex, symbol: WorkspaceSymbol): SymbolReference[] {
  const found: SymbolReference[] = [];
  for (const group of referencesTo(index, { path: symbol.file.path, name: symbol.declaration.name })) {
    for (const range of tokenRanges(group.tokens, symbol.declaration.name.length)) {
      found.push({ uri: group.file.uri, ...(group.file.buffer ? { buffer: group.file.buffer } : {}), line: range.startLine, column: range.startColumn });
    }
  }
  return found.sort((a, b) => compare(a.uri, b.uri) || a.line - b.line || a.column - b.column);
}

/** A call of a function written in another file: the function it is written in (none: that file's top-level code), and where. */
export interface CallElsewhere {
  file: CurrentFile;
  caller?: WorkspaceSymbol;
  line: number;
  column: number;
}

/** The calls of the top-level function `target` written in files other than its own, by file, line and column. */
export function callsFromOtherFiles(index: FileIndex, target: NameTarget): CallElsewhere[] {
  const files = filesByPath(index);
  const found: CallElsewhere[] = [];
  for (const call of incomingCalls(index, target)) {
    const file = files.get(call.file.path);
    if (call.file.path === target.path || !file) continue;
    const caller = call.caller ? symbolIn(file, call.caller) : undefined;
    for (const range of call.ranges) found.push({ file, ...(caller ? { caller } : {}), line: range.startLine, column: range.startColumn });
  }
  return found.sort((a, b) => compare(a.file.uri, b.file.uri) || a.line - b.line || a.column - b.column);
}

/** The top-level functions of other files that the top-level function `target` calls. */
export function calleesInOtherFiles(index: FileIndex, target: NameTarget): WorkspaceSymbol[] {
  const files = filesByPath(index);
  const found: WorkspaceSymbol[] = [];
  for (const call of outgoingCalls(index, target)) {
    const file = files.get(call.callee.path);
    if (call.callee.path !== target.path && file) found.push(symbolIn(file, call.callee.declaration));
  }
  return found.sort((a, b) => compare(a.qualifiedName, b.qualifiedName) || compare(a.file.uri, b.file.uri));
}

/**
 * The declarations of other files that the imported names inside `node` of `buffer` refer to
 * (`x` after `use m.{x}`, `m.x` after `use m;`, an imported type in an annotation), each once.
 */
export function importedDependencies(index: FileIndex, buffer: OpenBuffer, node: Node): WorkspaceSymbol[] {
  const document = buffer.document;
  const model = buffer.analysis();
  const files = filesByPath(index);
  const found = new Map<string, WorkspaceSymbol>();
  for (const occurrence of nameOccurrences(document, model)) {
    if (occurrence.span.startOffset < node.span.startOffset || occurrence.span.endOffset > node.span.endOffset) continue;
    const name = moduleNameAt(document, model, occurrence.span.startOffset);
    if (!name || name.module === '') continue;
    const path = index.pathOfModule(name.module);
    const target = path === undefined ? undefined : declarationTarget(index, path, name.name);
    const file = path === undefined ? undefined : files.get(path);
    if (!target || !file) continue;
    const symbol = symbolIn(file, target.declaration);
    if (!found.has(`${symbol.file.uri}\u0000${symbol.qualifiedName}`)) found.set(`${symbol.file.uri}\u0000${symbol.qualifiedName}`, symbol);
  }
  return [...found.values()].sort((a, b) => compare(a.qualifiedName, b.qualifiedName) || compare(a.file.uri, b.file.uri));
}

function symbolIn(file: CurrentFile, declaration: DeclarationSummary): WorkspaceSymbol {
  return { qualifiedName: qualifiedNameOf(file.module, declaration.name), kind: declaration.kind, file, declaration, exact: true };
}

function filesByPath(index: FileIndex): Map<string, CurrentFile> {
  return new Map(index.filesNow().map((file) => [file.path, file]));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
