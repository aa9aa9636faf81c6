// Workspace symbols (Ctrl+T): the top-level declarations of every indexed file, open or not,
// whose names hold the query's characters in order (workspace/file-index.ts `search`), each with
// its file's location and its module as the container.
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver/node';
import type { DeclarationKind, SummarySpan } from '../workspace/file-summary';
import type { FileIndex } from '../workspace/file-index';
import { toLspPosition } from './convert';

/** The most symbols one query answers: the person narrows the query rather than scroll further. */
export const MAX_WORKSPACE_SYMBOLS = 256;

/** The longest query looked at (a query is a name, typed). */
const MAX_QUERY_CHARS = 256;

const KINDS: Record<DeclarationKind, SymbolKind> = {
  function: SymbolKind.Function,
  type: SymbolKind.Struct,
  constant: SymbolKind.Constant,
  variable: SymbolKind.Variable,
};

export function workspaceSymbols(index: FileIndex, query: string): SymbolInformation[] {
  return index.search(query.slice(0, MAX_QUERY_CHARS), MAX_WORKSPACE_SYMBOLS).map(({ declaration, uri, module }) => ({
    name: declaration.name,
    kind: KINDS[declaration.kind],
    location: { uri, range: rangeOf(declaration.nameSpan) },
    containerName: module,
  }));
}

function rangeOf(span: SummarySpan) {
  return { start: toLspPosition({ line: span.startLine, column: span.startColumn }), end: toLspPosition({ line: span.endLine, column: span.endColumn }) };
}
