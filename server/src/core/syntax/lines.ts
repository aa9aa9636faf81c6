// Offsets of line starts, for UTF-16 offset <-> {line (1-based), column (0-based)} in O(log n).
import type { Position } from '../ast/ast';
import { TextSpan } from '../ast/text-span';

export class LineIndex {
  private readonly starts: number[] = [0];
  /**
   * The line of the last position asked for: conversion asks in text order, mostly on one line
   * after another, so that line is tried before searching.
   */
  private lastLine = 0;

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = this.clamp(offset);
    const line = this.lineAt(clamped);
    return { line: line + 1, column: clamped - this.starts[line] };
  }

  private clamp(offset: number): number {
    return Math.max(0, Math.min(offset, this.text.length));
  }

  /** The 0-based line of an offset within the text, the last one asked for tried first. */
  private lineAt(offset: number): number {
    const line = this.isOnLine(offset, this.lastLine) ? this.lastLine : this.lineOf(offset);
    this.lastLine = line;
    return line;
  }

  /** Whether `offset` is on the (0-based) line `line`. */
  private isOnLine(offset: number, line: number): boolean {
    return this.starts[line] <= offset && (line + 1 === this.starts.length || offset < this.starts[line + 1]);
  }

  /** The 0-based line of `offset`, by binary search. */
  private lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  offsetAt(position: Position): number {
    const line = Math.max(1, Math.min(position.line, this.starts.length));
    const start = this.starts[line - 1];
    const end = line < this.starts.length ? this.starts[line] - 1 : this.text.length;
    return Math.max(start, Math.min(start + Math.max(0, position.column), end));
  }

  spanAt(startOffset: number, endOffset: number): TextSpan {
    const span = new TextSpan(0, 0, 0, 0, startOffset, endOffset);
    this.placeLines(span);
    return span;
  }

  /** Sets a span's lines and columns from its offsets (a span moved with an edit: no allocation). */
  placeLines(span: TextSpan): void {
    const start = this.clamp(span.startOffset);
    const startLine = this.lineAt(start);
    span.startLine = startLine + 1;
    span.startColumn = start - this.starts[startLine];
    const end = this.clamp(span.endOffset);
    const endLine = this.lineAt(end);
    span.endLine = endLine + 1;
    span.endColumn = end - this.starts[endLine];
  }
}
