// Text edits (UTF-16 offsets) and the one way the project applies them to a text: the document's
// incremental reparse, the buffer's fallback, the language server's content changes, the agent's
// change on its way to the editor and the preflight all go through applyTextEdits. Also the edits
// that take a change back (undo), what two texts have in common at their ends (the region a change
// touched), and where ranges of a text are after edits of it.
import type { Position } from '../ast/ast';
import { LineIndex } from './lines';

/** A replacement of [startOffset, endOffset) of the text (UTF-16 offsets). */
export interface TextEdit {
  startOffset: number;
  endOffset: number;
  newText: string;
}

/** One edit as it is applied: its range in the text just before it (clamped to that text), as offsets and positions. */
export interface AppliedEdit {
  startOffset: number;
  oldEndOffset: number;
  newEndOffset: number;
  start: Position;
  oldEnd: Position;
  newEnd: Position;
}

export interface ApplyOptions {
  /**
   * Whether each edit's offsets are into the text the edits before it left (LSP content changes)
   * rather than all into `text` (the mutation engine's edits, applied from the last to the first so
   * each leaves the offsets of the ones before it valid).
   */
  sequential?: boolean;
  /** Told each edit as it is applied, with where it is (a reparse needs that). */
  onEdit?: (edit: AppliedEdit) => void;
  /** The LineIndex of `text`, if the caller has it: spares counting its lines again for onEdit. */
  lines?: LineIndex;
}

/** The text `edits` produce from `text`. Offsets outside the text are clamped to it. */
export function applyTextEdits(text: string, edits: readonly TextEdit[], options: ApplyOptions = {}): string {
  const ordered = options.sequential ? edits : [...edits].sort((a, b) => b.startOffset - a.startOffset);
  const { onEdit } = options;
  let result = text;
  let lines = options.lines;
  for (const edit of ordered) {
    const start = Math.max(0, Math.min(edit.startOffset, result.length));
    const end = Math.max(start, Math.min(edit.endOffset, result.length));
    if (onEdit) {
      lines ??= new LineIndex(result);
      const startPosition = lines.positionAt(start);
      onEdit({
        startOffset: start,
        oldEndOffset: end,
        newEndOffset: start + edit.newText.length,
        start: startPosition,
        oldEnd: lines.positionAt(end),
        newEnd: advance(startPosition, edit.newText),
      });
      lines = undefined;
    }
    result = result.slice(0, start) + edit.newText + result.slice(end);
  }
  return result;
}

/** The position after inserting `text` at `from`. */
function advance(from: Position, text: string): Position {
  const lastBreak = text.lastIndexOf('\n');
  if (lastBreak === -1) return { line: from.line, column: from.column + text.length };
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  return { line: from.line + breaks, column: text.length - lastBreak - 1 };
}

/**
 * The edits that turn `applyTextEdits(text, edits)` back into `text`, with offsets into that new
 * text: applied as one step they undo the change byte for byte.
 */
export function invertEdits(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const inverse: TextEdit[] = [];
  let shift = 0;
  for (const edit of [...edits].sort((a, b) => a.startOffset - b.startOffset)) {
    const start = edit.startOffset + shift;
    inverse.push({ startOffset: start, endOffset: start + edit.newText.length, newText: text.slice(edit.startOffset, edit.endOffset) });
    shift += edit.newText.length - (edit.endOffset - edit.startOffset);
  }
  return inverse;
}

/**
 * How many code units two texts share at their beginning and, after that, at their end (the two
 * never overlap): what a change from one to the other left alone.
 */
export function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/** The smallest region that differs between two texts: where it starts, and where it ends in each. */
export function changedRegion(oldText: string, newText: string): { changeStart: number; oldEnd: number; newEnd: number } {
  const { prefix, suffix } = commonEnds(oldText, newText);
  return { changeStart: prefix, oldEnd: oldText.length - suffix, newEnd: newText.length - suffix };
}

/**
 * Moves ranges of a text through edits of it: a range wholly before an edit stays, one wholly after
 * it shifts by the edit's change in length, one the edit touches or overlaps is dropped (what it
 * marked may be gone: typing right after `nmae` makes another name). `sequential` as for
 * applyTextEdits.
 */
export function moveThroughEdits<T extends { startOffset: number; endOffset: number }>(items: readonly T[], edits: readonly TextEdit[], sequential: boolean): T[] {
  // Non-sequential edits all refer to the same text; taken from the last to the first, each leaves
  // the offsets of the ones before it valid, as applyTextEdits applies them.
  const ordered = sequential ? edits : [...edits].sort((a, b) => b.startOffset - a.startOffset);
  let current = [...items];
  for (const edit of ordered) {
    const delta = edit.newText.length - (edit.endOffset - edit.startOffset);
    const next: T[] = [];
    for (const item of current) {
      if (item.endOffset < edit.startOffset) next.push(item);
      else if (item.startOffset > edit.endOffset) next.push({ ...item, startOffset: item.startOffset + delta, endOffset: item.endOffset + delta });
    }
    current = next;
  }
  return current;
}

/**
 * Where an edit of a text belongs after later edits of that text that were made without knowing
 * of it (`later` sequential, as applyTextEdits takes them): before a later edit it ends at or
 * before (an insertion at the same place goes first, as it was made first), shifted past one it
 * starts at or after. Undefined when the two overlap: both changed the same text, and neither can
 * be kept whole inside the other.
 */
export function carryEdit(edit: TextEdit, later: readonly TextEdit[]): TextEdit | undefined {
  let { startOffset, endOffset } = edit;
  for (const next of later) {
    if (endOffset <= next.startOffset) continue;
    if (startOffset < next.endOffset) return undefined;
    const delta = next.newText.length - (next.endOffset - next.startOffset);
    startOffset += delta;
    endOffset += delta;
  }
  return { startOffset, endOffset, newText: edit.newText };
}
