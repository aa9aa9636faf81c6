// Reading punctuation and line structure out of source text, stepping over comments. The AST has
// no spans for brackets, commas or keywords; the printer (to place comments) and mutate (to edit
// lists in place) find them here.
import type { Span } from '../ast/ast';

/** A comment as the document keeps it (structurally the same as convert.ts's Comment). */
export interface SourceComment {
  text: string;
  span: Span;
}

const HORIZONTAL_SPACE = /[ \t]/;
const WHITESPACE = /\s/;

export class SourceScanner {
  private readonly byStart = new Map<number, SourceComment>();
  private readonly byEnd = new Map<number, SourceComment>();
  /** The comments in source order. */
  readonly comments: readonly SourceComment[];

  constructor(
    readonly text: string,
    comments: readonly SourceComment[],
  ) {
    this.comments = [...comments].sort((a, b) => a.span.startOffset - b.span.startOffset);
    for (const comment of comments) {
      this.byStart.set(comment.span.startOffset, comment);
      this.byEnd.set(comment.span.endOffset, comment);
    }
  }

  /** The comment that ends at `offset`, if any. */
  commentEndingAt(offset: number): SourceComment | undefined {
    return this.byEnd.get(offset);
  }

  /** The first offset at or after `from` that is neither whitespace nor inside a comment. */
  nextSignificant(from: number): number {
    let at = from;
    while (at < this.text.length) {
      const comment = this.byStart.get(at);
      if (comment) at = comment.span.endOffset;
      else if (WHITESPACE.test(this.text[at])) at++;
      else break;
    }
    return at;
  }

  /** The offset just after the last character before `before` that is neither whitespace nor comment. */
  previousSignificantEnd(before: number): number {
    let at = before;
    while (at > 0) {
      const comment = this.byEnd.get(at);
      if (comment) at = comment.span.startOffset;
      else if (WHITESPACE.test(this.text[at - 1])) at--;
      else break;
    }
    return at;
  }

  /** The first `char` at or after `from` outside comments, or -1 (for regions without strings). */
  findOutsideComments(from: number, char: string): number {
    for (let at = from; at < this.text.length; at++) {
      const comment = this.byStart.get(at);
      if (comment) at = comment.span.endOffset - 1;
      else if (this.text[at] === char) return at;
    }
    return -1;
  }

  lineStart(offset: number): number {
    return this.text.lastIndexOf('\n', offset - 1) + 1;
  }

  /** The whitespace that starts the line containing `offset`. */
  linePrefix(offset: number): string {
    const start = this.lineStart(offset);
    let end = start;
    while (end < this.text.length && HORIZONTAL_SPACE.test(this.text[end])) end++;
    return this.text.slice(start, end);
  }

  /** Whether only spaces and tabs stand between the start of the line and `offset`. */
  startsLine(offset: number): boolean {
    for (let at = this.lineStart(offset); at < offset; at++) if (!HORIZONTAL_SPACE.test(this.text[at])) return false;
    return true;
  }

  /**
   * Where the line ends when only spaces, tabs and comments follow `offset` on it: the offset of
   * the line break (or of the end of the text). Undefined when something else follows.
   */
  lineEndAfter(offset: number): number | undefined {
    let at = offset;
    while (at < this.text.length) {
      const comment = this.byStart.get(at);
      if (comment) at = comment.span.endOffset;
      else if (HORIZONTAL_SPACE.test(this.text[at])) at++;
      else break;
    }
    if (at === this.text.length) return at;
    if (this.text[at] === '\n') return at;
    if (this.text[at] === '\r' && this.text[at + 1] === '\n') return at;
    return undefined;
  }

  /** The offset after the line break that ends the line containing `offset` (or the text's end). */
  nextLineStart(offset: number): number {
    const newline = this.text.indexOf('\n', offset);
    return newline === -1 ? this.text.length : newline + 1;
  }

  /** Whether the line starting at `lineStart` holds only whitespace (false at the end of the text). */
  isBlankLine(lineStart: number): boolean {
    if (lineStart >= this.text.length) return false;
    const end = this.nextLineStart(lineStart);
    return this.text.slice(lineStart, end).trim() === '';
  }

  /** The offset after the spaces and tabs that follow `offset`. */
  skipHorizontalSpace(offset: number): number {
    let at = offset;
    while (at < this.text.length && HORIZONTAL_SPACE.test(this.text[at])) at++;
    return at;
  }

  /** The offset before the whitespace (line breaks included) that precedes `offset`. */
  skipWhitespaceBack(offset: number): number {
    let at = offset;
    while (at > 0 && WHITESPACE.test(this.text[at - 1])) at--;
    return at;
  }

  /** The offset before the spaces and tabs that precede `offset`. */
  skipHorizontalSpaceBack(offset: number): number {
    let at = offset;
    while (at > 0 && HORIZONTAL_SPACE.test(this.text[at - 1])) at--;
    return at;
  }

  /** The comments lying wholly inside [start, end). */
  commentsWithin(start: number, end: number): SourceComment[] {
    // Binary search for the first comment starting at or after `start`.
    let low = 0;
    let high = this.comments.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.comments[mid].span.startOffset < start) low = mid + 1;
      else high = mid;
    }
    const out: SourceComment[] = [];
    for (let k = low; k < this.comments.length && this.comments[k].span.startOffset < end; k++) {
      if (this.comments[k].span.endOffset <= end) out.push(this.comments[k]);
    }
    return out;
  }
}
