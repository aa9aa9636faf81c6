// The LSP range of a range kept by the index (file-summary.ts): lines 1-based there, 0-based here.
import type { Range } from 'vscode-languageserver/node';
import type { SummarySpan } from '../workspace/file-summary';
import { toLspPosition } from './convert';

export function summaryRange(span: SummarySpan): Range {
  return { start: toLspPosition({ line: span.startLine, column: span.startColumn }), end: toLspPosition({ line: span.endLine, column: span.endColumn }) };
}
