// Text edits (UTF-16 offsets) and the one way the project applies them to a text: the document's
// incremental reparse, the buffer's fallback, the language server's content changes, the agent's
// change on its way to the editor and the preflight all go through applyTextEdits. Also the edits
// that take a change back (undo), what two texts have in common at their ends (the region a change
// touched), and where ranges and spans of a text are after edits of it: one rule (sideOfChange)
// for the diagnostics carried through a keystroke and the items a reparse reuses between edits.
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

/** One place edits changed: [oldStart, oldEnd) of the old text became [newStart, newEnd) of the new. */
export interface EditRegion {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/**
 * The places `edits` changed, in order: one per edit when they all refer to the old text
 * (applyTextEdits' default, or sequential ones from the last to the first) and lie apart, so that
 * what lies between them is known to be the same; otherwise one region, the smallest that differs
 * between the texts. A region per edit lets a reparse keep what lies between a rename's edits.
 */
export function editRegions(oldText: string, newText: string, edits: readonly TextEdit[], sequential: boolean): EditRegion[] {
  // Sequential edits from the last to the first (an editor's multi-cursor change) each leave the
  // offsets of the ones after them in the list as they were: as if they all referred to the old text.
  const asIfAtOnce = !sequential || edits.every((edit, index) => index === 0 || edit.endOffset < edits[index - 1].startOffset);
  const regions = asIfAtOnce ? regionsApart(oldText, newText, edits) : undefined;
  if (regions) return regions;
  const { changeStart, oldEnd, newEnd } = changedRegion(oldText, newText);
  return [{ oldStart: changeStart, oldEnd, newStart: changeStart, newEnd }];
}

/** The edits' regions when they are in bounds, apart (not even touching) and produce `newText` from `oldText`; undefined otherwise. */
function regionsApart(oldText: string, newText: string, edits: readonly TextEdit[]): EditRegion[] | undefined {
  const sorted = [...edits].sort((a, b) => a.startOffset - b.startOffset);
  const regions: EditRegion[] = [];
  let delta = 0;
  let previousEnd = -1;
  for (const edit of sorted) {
    if (edit.startOffset <= previousEnd || edit.startOffset < 0 || edit.endOffset < edit.startOffset || edit.endOffset > oldText.length) return undefined;
    const newStart = edit.startOffset + delta;
    const newEnd = newStart + edit.newText.length;
    if (!newText.startsWith(edit.newText, newStart)) return undefined;
    regions.push({ oldStart: edit.startOffset, oldEnd: edit.endOffset, newStart, newEnd });
    delta += edit.newText.length - (edit.endOffset - edit.startOffset);
    previousEnd = edit.endOffset;
  }
  return oldText.length + delta === newText.length ? regions : undefined;
}

/**
 * Moves the spans of what a change left alone (the items a reparse reuses, wholly between the
 * changed regions, or before or after them all) from the old text's coordinates to the new text's,
 * in place: the offsets by the change in length of the regions before them; the lines by their
 * change in line count when the span starts on a line wholly after the region before it,
 * otherwise placed again from the new text's lines. Reused spans are owned by their node alone,
 * so they are moved in place: no allocation.
 */
export class SpanMover {
  /** Gap k lies before region k (the last one after every region): how what is in it moves. */
  private readonly gaps: { delta: number; lineDelta: number; wholeLinesFrom: number }[] = [{ delta: 0, lineDelta: 0, wholeLinesFrom: 0 }];

  constructor(
    private readonly regions: readonly EditRegion[],
    oldLines: LineIndex,
    private readonly lines: LineIndex,
  ) {
    for (const region of regions) {
      const oldEndLine = oldLines.positionAt(region.oldEnd).line;
      this.gaps.push({
        delta: region.newEnd - region.oldEnd,
        lineDelta: lines.positionAt(region.newEnd).line - oldEndLine,
        // Old offsets at or after this are on lines wholly after the region: only the line moves.
        wholeLinesFrom: oldEndLine >= oldLines.lineCount ? Infinity : oldLines.offsetAt({ line: oldEndLine + 1, column: 0 }),
      });
    }
  }

  /**
   * The gap the range [start, end) of the new text lies in, not touching a region (a range touching
   * one may parse differently: typing right after `nmae` makes another name); -1 when it touches one.
   */
  gapOf(start: number, end: number): number {
    const range = { startOffset: start, endOffset: end };
    const side = (index: number): 'before' | 'after' | 'touched' => {
      const region = this.regions[index];
      return sideOfChange(range, { changeStart: region.newStart, oldEnd: region.newEnd, newEnd: region.newEnd });
    };
    // The regions the range is after come first, in order.
    let low = 0;
    let high = this.regions.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (side(middle) === 'after') low = middle + 1;
      else high = middle;
    }
    return low === this.regions.length || side(low) === 'before' ? low : -1;
  }

  /** The old offset of a new offset in gap `gap`. */
  oldOffset(gap: number, offset: number): number {
    return offset - this.gaps[gap].delta;
  }

  /** Moves a span of the old text that lies in gap `gap`. */
  move(gap: number, span: TextSpan): void {
    if (gap === 0) return;
    const { delta, lineDelta, wholeLinesFrom } = this.gaps[gap];
    const oldStart = span.startOffset;
    span.startOffset += delta;
    span.endOffset += delta;
    if (oldStart >= wholeLinesFrom) {
      span.startLine += lineDelta;
      span.endLine += lineDelta;
    } else {
      this.lines.placeLines(span);
    }
  }
}
