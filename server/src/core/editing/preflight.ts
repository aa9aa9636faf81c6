// Checks text edits before they reach a buffer: which syntax errors they would add, and what the
// whole document would look like after them (a scratch document; the buffer is never touched).
//
// Why not always parse the edited text in full: a full parse of a 1,000-line buffer costs several
// times the whole mutation. Edits only change the top-level items they touch, and top-level items
// parse independently of each other, so the items around the edits are parsed before and after
// (a few lines, usually). Only when that fragment shows new errors is the whole text parsed, both
// to rule out an artefact of cutting the fragment and to report the errors where they really are.
import type { Parser } from 'web-tree-sitter';
import type { Diagnostic } from '../ast/diagnostics';
import { isIdentifier } from '../ast/lexical';
import { WhetstoneDocument } from '../syntax/document';
import { createParser } from '../syntax/parser';
import { applyTextEdits, type TextEdit } from '../syntax/text-edits';

let bareParser: Parser | undefined;

/** Whether tree-sitter finds any error in `text` (no AST, ids or diagnostics built). */
function hasSyntaxError(text: string): boolean {
  bareParser ??= createParser();
  const tree = bareParser.parse(text);
  if (!tree) return true;
  try {
    return tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/**
 * Whether `text` is a name to the parser wherever it is written: an identifier that is no token of
 * the grammar (a keyword, even one that is one only in some places).
 */
export function isPlainName(text: string): boolean {
  if (!isIdentifier(text)) return false;
  bareParser ??= createParser();
  return (bareParser.language?.idForNodeType(text, false) ?? null) === null;
}

/** The syntax errors `edits` would add to `doc` (an empty list when they add none). */
export function addedSyntaxErrors(doc: WhetstoneDocument, edits: readonly TextEdit[]): Diagnostic[] {
  if (edits.length === 0) return [];
  // A rename's edits in a text without a syntax error: the tokens stay the same kinds, so does the parse.
  if (doc.syntaxDiagnostics.length === 0 && onlyRenamesNames(doc.text, edits)) return [];
  const [from, to] = affectedRange(doc, edits);
  const oldFragment = doc.text.slice(from, to);
  const newFragment = applyTextEdits(
    oldFragment,
    edits.map((edit) => ({ startOffset: edit.startOffset - from, endOffset: edit.endOffset - from, newText: edit.newText })),
  );
  if (oldFragment === newFragment) return [];
  // The usual case, an edit that leaves the fragment without any error, costs one bare parse.
  if (!hasSyntaxError(newFragment)) return [];
  const before = WhetstoneDocument.create(oldFragment);
  const after = WhetstoneDocument.create(newFragment);
  const inFragment = added(before, after);
  before.dispose();
  after.dispose();
  if (inFragment.length === 0) return [];
  const whole = WhetstoneDocument.create(applyTextEdits(doc.text, edits));
  const exact = added(doc, whole);
  whole.dispose();
  return exact;
}

/**
 * Whether each edit changes one plain name into another and nothing else (edits of one name each;
 * an edit may be part of the name: the engine's edits are minimal).
 */
function onlyRenamesNames(text: string, edits: readonly TextEdit[]): boolean {
  let previousEnd = -1;
  for (const edit of [...edits].sort((a, b) => a.startOffset - b.startOffset)) {
    let start = edit.startOffset;
    while (start > 0 && isNameCharacter(text.charCodeAt(start - 1))) start--;
    let end = edit.endOffset;
    while (end < text.length && isNameCharacter(text.charCodeAt(end))) end++;
    if (start <= previousEnd) return false;
    previousEnd = end;
    const newName = text.slice(start, edit.startOffset) + edit.newText + text.slice(edit.endOffset, end);
    if (!isPlainName(text.slice(start, end)) || !isPlainName(newName)) return false;
  }
  return true;
}

/** [A-Za-z0-9_], as the grammar's identifier. */
function isNameCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

/**
 * The document `edits` would produce, parsed afresh (new ids: a preview, not the buffer). The
 * caller disposes it.
 */
export function previewDocument(doc: WhetstoneDocument, edits: readonly TextEdit[]): WhetstoneDocument {
  return WhetstoneDocument.create(applyTextEdits(doc.text, edits), doc.revision + 1);
}

/** [from, to) of the old text: the edits, widened to the top-level items and comments they touch. */
function affectedRange(doc: WhetstoneDocument, edits: readonly TextEdit[]): [number, number] {
  let from = Math.min(...edits.map((edit) => edit.startOffset));
  let to = Math.max(...edits.map((edit) => edit.endOffset));
  const spans = [...doc.ast.children.map((child) => child.span), ...doc.comments.map((comment) => comment.span)];
  // Widening can reach a neighbour that touches the widened range: repeat until nothing moves.
  for (let moved = true; moved; ) {
    moved = false;
    for (const span of spans) {
      if (span.startOffset <= to && span.endOffset >= from && (span.startOffset < from || span.endOffset > to)) {
        from = Math.min(from, span.startOffset);
        to = Math.max(to, span.endOffset);
        moved = true;
      }
    }
  }
  return [from, to];
}

/** Syntax diagnostics of `after` that `before` does not have (same message on the same text). */
function added(before: WhetstoneDocument, after: WhetstoneDocument): Diagnostic[] {
  const key = (doc: WhetstoneDocument, diagnostic: Diagnostic): string =>
    `${diagnostic.message}\u0000${doc.text.slice(diagnostic.span.startOffset, diagnostic.span.endOffset)}`;
  const existing = new Map<string, number>();
  for (const diagnostic of before.syntaxDiagnostics) {
    const k = key(before, diagnostic);
    existing.set(k, (existing.get(k) ?? 0) + 1);
  }
  const out: Diagnostic[] = [];
  for (const diagnostic of after.syntaxDiagnostics) {
    const k = key(after, diagnostic);
    const count = existing.get(k) ?? 0;
    if (count > 0) existing.set(k, count - 1);
    else out.push(diagnostic);
  }
  return out;
}
