// Declarations across the workspace by qualified name: the module path `use` gives a file, then
// the declaration's name (`shop.pricing.orderTotal`), then a type's field (`shop.orders.Order.total`).
// A query names a declaration in full or by its last segments (`orderTotal`, `Order.total`); every
// declaration it names is a candidate, those named in full first, so an ambiguous name is answered
// with all its candidates, never one picked. Read from the index's summaries (file-summary.ts),
// an open buffer's from its current AST, so no file is read to answer.
import type { Node } from '../core/ast';
import type { OpenBuffer } from './buffer';
import type { CurrentFile, FileIndex } from './file-index';
import type { DeclarationKind, DeclarationSummary, FieldSummary } from './file-summary';
import { referencesTo, tokenRanges, type NameTarget } from './name-references';

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
  const file = index.filesNow().find((candidate) => candidate.path === target.path);
  if (!file) return undefined;
  return { qualifiedName: qualifiedNameOf(file.module, target.name), kind: target.declaration.kind, file, declaration: target.declaration, exact: true };
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
