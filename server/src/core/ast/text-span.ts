// The span the parser side makes for every node, name and comment. A span is the most numerous
// object of a document (about one and a half per node), and as the AST's plain shape it is three
// objects: the offsets and two positions. This keeps the same six numbers in one object and makes
// the positions when they are read, which halves the memory of a parsed document and the garbage
// collector's work in opening one. It is a Span everywhere a Span is read, and JSON.stringify
// writes it in the AST's shape (start, end, startOffset, endOffset), so agents see no difference.
import type { Position, Span } from './ast';

export class TextSpan implements Span {
  constructor(
    public startLine: number,
    public startColumn: number,
    public endLine: number,
    public endColumn: number,
    public startOffset: number,
    public endOffset: number,
  ) {}

  get start(): Position {
    return { line: this.startLine, column: this.startColumn };
  }

  get end(): Position {
    return { line: this.endLine, column: this.endColumn };
  }

  toJSON(): Span {
    return { start: this.start, end: this.end, startOffset: this.startOffset, endOffset: this.endOffset };
  }
}

/**
 * A deep copy of an AST (or any part of it) for code that changes the copy: plain objects and
 * arrays copied, spans kept spans. structuredClone would drop a TextSpan's positions (they are
 * read through its class), and like it this copies no symbol-keyed tags.
 */
export function cloneTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof TextSpan) return new TextSpan(value.startLine, value.startColumn, value.endLine, value.endColumn, value.startOffset, value.endOffset) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cloneTree(item)) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneTree((value as Record<string, unknown>)[key]);
  return copy as T;
}
