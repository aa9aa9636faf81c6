// Text edits (UTF-16 offsets) and the one way the project applies them to a text: the document's
// incremental reparse, the buffer's fallback, the language server's content changes, the agent's
// change on its way to the editor and the preflight all go through applyTextEdits. Also the edits
// that take a change back (undo), what two texts have in common at their ends (the region a change
// touched), and where ranges and spans of a text are after edits of it: one rule (sideOfChange)
// for the diagnostics carried through a keystroke and the spans of the items a reparse reuses.
import type { Position } from '../ast/ast';
import type { TextSpan } from '../ast/text-span';
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

/** One place a text changed: [changeStart, oldEnd) of the old text became [changeStart, newEnd) of the new. */
export interface ChangedRegion {
  changeStart: number;
  oldEnd: number;
  newEnd: number;
}

/** The smallest region that differs between two texts: where it starts, and where it ends in each. */
export function changedRegion(oldText: string, newText: string): ChangedRegion {
  const { prefix, suffix } = commonEnds(oldText, newText);
  return { changeStart: prefix, oldEnd: oldText.length - suffix, newEnd: newText.length - suffix };
}

/** The region one edit changes. */
export function regionOf(edit: TextEdit): ChangedRegion {
  return { changeStart: edit.startOffset, oldEnd: edit.endOffset, newEnd: edit.startOffset + edit.newText.length };
}

/**
 * Where a range of the old text is against a change: wholly before it (it stays), wholly after it
 * (it moves by the change in length), or touching or overlapping it (what it marked may be gone:
 * typing right after `nmae` makes another name).
 */
export function sideOfChange(range: { startOffset: number; endOffset: number }, region: ChangedRegion): 'before' | 'after' | 'touched' {
  if (range.endOffset < region.changeStart) return 'before';
  if (range.startOffset > region.oldEnd) return 'after';
  return 'touched';
}

/**
 * Moves ranges of a text through edits of it, each edit as sideOfChange says: a range wholly before
 * an edit stays, one wholly after it shifts by the edit's change in length, one the edit touches or
 * overlaps is dropped. `sequential` as for applyTextEdits.
 */
export function moveThroughEdits<T extends { startOffset: number; endOffset: number }>(items: readonly T[], edits: readonly TextEdit[], sequential: boolean): T[] {
  // Non-sequential edits all refer to the same text; taken from the last to the first, each leaves
  // the offsets of the ones before it valid, as applyTextEdits applies them.
  const ordered = sequential ? edits : [...edits].sort((a, b) => b.startOffset - a.startOffset);
  let current = [...items];
  for (const edit of ordered) {
    const region = regionOf(edit);
    const delta = region.newEnd - region.oldEnd;
    const next: T[] = [];
    for (const item of current) {
      const side = sideOfChange(item, region);
      if (side === 'before') next.push(item);
      else if (side === 'after') next.push({ ...item, startOffset: item.startOffset + delta, endOffset: item.endOffset + delta });
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

/**
 * Moves the spans of what a change left alone (the items a reparse reuses, wholly before or after
 * the change) from the old text's coordinates to the new text's, in place: the offsets as
 * sideOfChange says; the lines by the change in line count when the span starts on a line wholly
 * after the change, otherwise placed again from the new text's lines. Reused spans are owned by
 * their node alone, so they are moved in place: no allocation.
 */
export class SpanMover {
  /** The change in length: what a span after the change moves by. */
  readonly delta: number;
  private readonly lineDelta: number;
  /** Old offsets at or after this are on lines wholly after the change: only the line moves. */
  private readonly wholeLinesFrom: number;

  constructor(
    private readonly region: ChangedRegion,
    oldLines: LineIndex,
    private readonly lines: LineIndex,
  ) {
    this.delta = region.newEnd - region.oldEnd;
    this.lineDelta = lines.lineCount - oldLines.lineCount;
    const oldEndLine = oldLines.positionAt(region.oldEnd).line;
    this.wholeLinesFrom = oldEndLine >= oldLines.lineCount ? Infinity : oldLines.offsetAt({ line: oldEndLine + 1, column: 0 });
  }

  move(span: TextSpan): void {
    // A span left alone ends before the change (it stays) or starts after it.
    if (sideOfChange(span, this.region) === 'before') return;
    span.startOffset += this.delta;
    span.endOffset += this.delta;
    if (span.startOffset - this.delta >= this.wholeLinesFrom) {
      span.startLine += this.lineDelta;
      span.endLine += this.lineDelta;
    } else {
      this.lines.placeLines(span);
    }
  }
}
