// Rename and prepareRename. What a name denotes comes from the model, so renaming a parameter
// changes that parameter's uses and not a global of the same name. Names the person cannot
// rename (keywords, built-ins, imported library names, annotation types) are refused with the
// reason, as is a new name that is not an identifier or is taken in the symbol's scope.
import { LSPErrorCodes, ResponseError, type Position, type Range, type WorkspaceEdit } from 'vscode-languageserver/node';
import { KEYWORDS, isIdentifier } from '../core/lexical';
import { occurrenceAt, occurrencesOf, type NameOccurrence } from '../core/name-occurrences';
import type { OpenBuffer } from '../workspace/buffer';
import { offsetOf, toLspRange, workspaceEditOf } from './convert';

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}

/** The renamable occurrence at a position, or the reason there is none. */
function renamable(buffer: OpenBuffer, position: Position): NameOccurrence | ResponseError<void> {
  const document = buffer.document;
  const offset = offsetOf(document, position);
  const occurrence = occurrenceAt(document, buffer.analysis(), offset);
  if (!occurrence) {
    const word = wordAt(document.text, offset);
    if (word && KEYWORDS.has(word)) return refuse(`'${word}' is a keyword and cannot be renamed`);
    return refuse('There is no name here to rename');
  }
  if (occurrence.kind === 'annotation') return refuse(`'@${occurrence.name}' is an annotation type of the language and cannot be renamed`);
  if (occurrence.builtinType) return refuse(`'${occurrence.name}' is a built-in type and cannot be renamed`);
  const symbol = occurrence.symbol;
  if (!symbol) return refuse(`'${occurrence.name}' is not declared anywhere, so there is nothing to rename`);
  if (symbol.kind === 'builtin') return refuse(`'${symbol.name}' is a built-in function and cannot be renamed`);
  if (symbol.kind === 'import') return refuse(`'${symbol.name}' is named by the module '${symbol.module ?? '?'}' it is imported from and cannot be renamed here`);
  return occurrence;
}

export function prepareRename(buffer: OpenBuffer, position: Position): { range: Range; placeholder: string } | ResponseError<void> {
  const occurrence = renamable(buffer, position);
  if (occurrence instanceof ResponseError) return occurrence;
  return { range: toLspRange(occurrence.span), placeholder: occurrence.name };
}

export function rename(buffer: OpenBuffer, position: Position, newName: string, documentChanges: boolean): WorkspaceEdit | ResponseError<void> {
  const occurrence = renamable(buffer, position);
  if (occurrence instanceof ResponseError) return occurrence;
  const symbol = occurrence.symbol;
  if (!symbol) return refuse('There is no name here to rename');
  if (typeof newName !== 'string' || KEYWORDS.has(newName)) return refuse(`'${String(newName)}' is a keyword and cannot be a name`);
  if (!isIdentifier(newName)) return refuse(`'${newName}' is not a valid identifier: use letters, digits and _, not starting with a digit`);
  if (newName !== symbol.name && symbol.scope.symbols.has(newName)) {
    return refuse(`'${newName}' is already declared in the same scope; renaming '${symbol.name}' to it would make a duplicate`);
  }
  const edits = occurrencesOf(buffer.document, buffer.analysis(), symbol).map((o) => ({ range: toLspRange(o.span), newText: newName }));
  return workspaceEditOf(buffer.uri, buffer.revision, edits, documentChanges);
}

function wordAt(text: string, offset: number): string | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1])) start--;
  while (end < text.length && /[A-Za-z0-9_]/.test(text[end])) end++;
  return end > start ? text.slice(start, end) : undefined;
}
