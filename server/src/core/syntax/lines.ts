// Offsets of line starts, for UTF-16 offset <-> {line (1-based), column (0-based)} in O(log n).
import type { Position, Span } from '../ast/ast';

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: clamped - this.starts[low] };
  }

  offsetAt(position: Position): number {
    const line = Math.max(1, Math.min(position.line, this.starts.length));
    const start = this.starts[line - 1];
    const end = line < this.starts.length ? this.starts[line] - 1 : this.text.length;
    return Math.max(start, Math.min(start + Math.max(0, position.column), end));
  }

  spanAt(startOffset: number, endOffset: number): Span {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset), startOffset, endOffset };
  }
}
