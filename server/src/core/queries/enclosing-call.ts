// Which call a cursor is writing the arguments of, and which argument: read from the text, since a
// call being typed (`f(1, `) does not parse and becomes an ErrorNode. The scan starts at the
// statement the cursor is in (a point where no bracket is open) and keeps a stack of the brackets
// still open, stepping over comments and strings; a comma counts for the innermost open bracket.
import type { Node } from '../ast/ast';
import { KEYWORDS } from '../ast/lexical';
import type { WhetstoneDocument } from '../syntax/document';

export interface EnclosingCall {
  /** Offset of the call's `(`. */
  readonly openParen: number;
  /** Where the callee's text ends (before any space or comment ahead of the `(`). */
  readonly calleeEnd: number;
  /** The argument the cursor is in: the commas before it at the call's own nesting. */
  readonly argumentIndex: number;
}

interface OpenBracket {
  readonly char: '(' | '[' | '{';
  readonly offset: number;
  commas: number;
}

const CLOSERS: Readonly<Record<string, OpenBracket['char']>> = { ')': '(', ']': '[', '}': '{' };
const IDENTIFIER_CHAR = /[A-Za-z0-9_]/;

/**
 * The innermost call whose argument list holds `offset` (after its `(`, before its `)`), or
 * undefined when the cursor is in none: in a parameter list, an annotation's arguments, a
 * parenthesised expression, or a block that is not itself an argument.
 */
export function enclosingCall(document: WhetstoneDocument, offset: number): EnclosingCall | undefined {
  const text = document.text;
  const cursor = Math.max(0, Math.min(offset, text.length));
  const open = openBrackets(document, scanStart(document, cursor), cursor);
  // The innermost `(` decides: a `[` or `{` inside it is an argument being written (a list, an
  // object literal, a lambda's body), and the call is the next `(` out.
  for (let i = open.length - 1; i >= 0; i--) {
    const bracket = open[i];
    if (bracket.char !== '(') continue;
    const calleeEnd = significantEndBefore(document, bracket.offset);
    if (!isCallee(document, calleeEnd)) return undefined;
    return { openParen: bracket.offset, calleeEnd, argumentIndex: bracket.commas };
  }
  return undefined;
}

/** Where no bracket is open: the start of the statement (or top-level item) the cursor is in. */
function scanStart(document: WhetstoneDocument, cursor: number): number {
  let statement: Node | undefined;
  for (let node: Node | undefined = document.nodeAt(cursor); node && node.type !== 'Program'; node = document.parentOf(node.id)) {
    const parent = document.parentOf(node.id);
    if (parent?.type === 'Program' || parent?.type === 'Block') {
      statement = node;
      break;
    }
  }
  if (statement) return statement.span.startOffset;
  // Between statements, or after an unfinished one the parser ended early: the last list item
  // that starts before the cursor.
  const container = document.nodeAt(cursor);
  const items: readonly Node[] = container.type === 'Block' ? container.statements : document.ast.children;
  let start = container.type === 'Block' ? container.span.startOffset + 1 : 0;
  for (const item of items) if (item.span.startOffset <= cursor) start = item.span.startOffset;
  return start;
}

/** The brackets open at `end`, scanning from `start` (outside comments and strings). */
function openBrackets(document: WhetstoneDocument, start: number, end: number): OpenBracket[] {
  const text = document.text;
  const comments = commentsFrom(document, start);
  let next = 0;
  const stack: OpenBracket[] = [];
  for (let at = start; at < end; at++) {
    while (next < comments.length && comments[next].endOffset <= at) next++;
    if (next < comments.length && comments[next].startOffset <= at) {
      at = comments[next].endOffset - 1;
      continue;
    }
    const ch = text[at];
    if (ch === '"') {
      at = stringEnd(text, at, end) - 1;
    } else if (ch === '(' || ch === '[' || ch === '{') {
      stack.push({ char: ch, offset: at, commas: 0 });
    } else if (ch === ')' || ch === ']' || ch === '}') {
      // An unclosed bracket inside (a call left unfinished) closes with its enclosing one.
      const index = lastIndexOfChar(stack, CLOSERS[ch]);
      if (index >= 0) stack.length = index;
    } else if (ch === ',') {
      if (stack.length > 0) stack[stack.length - 1].commas++;
    } else if (ch === ';') {
      // A statement ended: whatever it left open, up to the block it is in, is over.
      stack.length = lastIndexOfChar(stack, '{') + 1;
    }
  }
  return stack;
}

function lastIndexOfChar(stack: readonly OpenBracket[], char: OpenBracket['char']): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i].char === char) return i;
  return -1;
}

/** After a string starting at `quote`: its closing quote, or the end of its line (strings hold no line break), or `limit`. */
function stringEnd(text: string, quote: number, limit: number): number {
  for (let at = quote + 1; at < limit; at++) {
    const ch = text[at];
    if (ch === '\\') at++;
    else if (ch === '"') return at + 1;
    else if (ch === '\n' || ch === '\r') return at;
  }
  return limit;
}

/** The spans of the comments that end after `from`, in source order. */
function commentsFrom(document: WhetstoneDocument, from: number): { startOffset: number; endOffset: number }[] {
  return document.comments.filter((comment) => comment.span.endOffset > from).map((comment) => comment.span);
}

/** The offset just after the last character before `offset` that is neither space nor inside a comment. */
function significantEndBefore(document: WhetstoneDocument, offset: number): number {
  const text = document.text;
  let at = offset;
  for (;;) {
    while (at > 0 && /\s/.test(text[at - 1])) at--;
    const comment = document.comments.find((candidate) => candidate.span.endOffset === at && candidate.span.startOffset < at);
    if (!comment) return at;
    at = comment.span.startOffset;
  }
}

/**
 * Whether the text ending at `end` is something called: a name that is not a keyword, not a
 * function's or lambda's own name (`fn name(`), nor an annotation's (`@type(`); or a call, index or
 * parenthesised expression whose result is called.
 */
function isCallee(document: WhetstoneDocument, end: number): boolean {
  const text = document.text;
  if (end === 0) return false;
  const last = text[end - 1];
  if (last === ')' || last === ']') return true;
  if (!IDENTIFIER_CHAR.test(last)) return false;
  let start = end;
  while (start > 0 && IDENTIFIER_CHAR.test(text[start - 1])) start--;
  const word = text.slice(start, end);
  if (/^[0-9]/.test(word) || KEYWORDS.has(word)) return false;
  const before = text.slice(Math.max(0, significantEndBefore(document, start) - 3), significantEndBefore(document, start));
  return !before.endsWith('@') && !/(^|[^A-Za-z0-9_])fn$/.test(before);
}
