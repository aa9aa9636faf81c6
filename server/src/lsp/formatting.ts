// Format document: the core's printer prints the whole AST (comments kept). The answer is one
// edit of the whole text, and none when the text is canonical already. A document with syntax
// errors is left alone: its AST does not hold all of its text, so printing it would lose some.
import type { TextEdit } from 'vscode-languageserver/node';
import { printDocument } from '../core/editing';
import type { OpenBuffer } from '../workspace/buffer';
import { rangeOfOffsets } from './convert';

export function formatDocument(buffer: OpenBuffer): TextEdit[] {
  const document = buffer.document;
  if (document.syntaxDiagnostics.length > 0) return [];
  const printed = printDocument(document.ast, document.comments, document.text);
  if (printed === document.text) return [];
  return [{ range: rangeOfOffsets(document, 0, document.text.length), newText: printed }];
}
