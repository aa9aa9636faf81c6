// One diagnostic for a half-typed statement, not a cascade. While a statement is unfinished
// (`let x = ` with more lines after it) the parser reads the next lines as its continuation and
// reports errors there, and the analysis of what it built reports more (a field named `while`, a
// name the broken block no longer declares). For each first syntax error, the damaged region runs
// from the statement it is in (the line before, when that line is plainly unfinished: it ends
// with an operator, `=`, `.`, `(`, `[` or `,`) to the last syntax error in the same block of the
// text (braces counted, strings and comments stepped over); after an unfinished line, to the end
// of its block (at the top level, the line after it). Inside the region only one diagnostic
// is kept: the syntax error, or, when the region starts on an unfinished line, "Unfinished
// statement" on that line. Everything after the region is reported as usual.
import { inSourceOrder, makeDiagnostic, type Diagnostic } from '../ast/diagnostics';
import type { Span } from '../ast/ast';
import { LineIndex } from './lines';

/** A line ending like this continues on the next one. */
const UNFINISHED_END = /(?:[=+\-*/%<>!&|.,([:]|\band|\bor|\bnot)\s*$/;
/** Longest statement text quoted in the message. */
const MAX_QUOTED_CHARS = 40;

/** `diagnostics` (in source order) with each half-typed statement's cascade folded into one. */
export function foldCascades(text: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  if (!diagnostics.some((d) => d.code === 'E_SYNTAX')) return [...diagnostics];
  const lines = new LineIndex(text);
  const out: Diagnostic[] = [];
  let index = 0;
  const ordered = inSourceOrder(diagnostics);
  const syntax = ordered.filter((d) => d.code === 'E_SYNTAX');
  while (index < ordered.length) {
    const first = ordered.slice(index).find((d) => d.code === 'E_SYNTAX');
    if (!first) {
      out.push(...ordered.slice(index));
      break;
    }
    const unfinished = unfinishedLineBefore(text, lines, first.span.startOffset);
    const start = unfinished?.start ?? lineStart(text, first.span.startOffset);
    const blockEnd = closingBrace(text, start);
    const last = syntax.filter((d) => d.span.startOffset >= first.span.startOffset && d.span.startOffset <= blockEnd).pop() ?? first;
    let end = Math.max(first.span.endOffset, last.span.endOffset);
    // After an unfinished line the rest of its block was read as its continuation: not checked
    // until it is finished (at the top level, the line after it).
    if (unfinished) end = Math.max(end, blockEnd < text.length ? blockEnd : lineEndAfter(text, unfinished.end));
    // Before the region: as they are.
    while (index < ordered.length && ordered[index].span.startOffset < start) out.push(ordered[index++]);
    const kept = unfinished && (last !== first || unfinished.end < first.span.startOffset) ? unfinishedStatement(text, lines, unfinished, first) : first;
    out.push(kept);
    while (index < ordered.length && ordered[index].span.startOffset <= end) index++;
  }
  return out;
}

/** The line before `offset`'s line when it is plainly unfinished (its non-blank part), else undefined. */
function unfinishedLineBefore(text: string, lines: LineIndex, offset: number): { start: number; end: number } | undefined {
  const position = lines.positionAt(offset);
  // The error may be on the unfinished line itself (at its end): that line is the statement.
  const own = lineRange(text, lines, position.line);
  if (UNFINISHED_END.test(text.slice(own.start, offset)) && text.slice(offset, own.end).trim() === '') return own;
  for (let line = position.line - 1; line >= 1; line--) {
    const range = lineRange(text, lines, line);
    if (range.start === range.end) continue;
    return UNFINISHED_END.test(text.slice(range.start, range.end)) ? range : undefined;
  }
  return undefined;
}

/** Line `line` (1-based) without its indentation and line break; start === end when blank. */
function lineRange(text: string, lines: LineIndex, line: number): { start: number; end: number } {
  let start = lines.offsetAt({ line, column: 0 });
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

/** The end of the first non-blank line after `offset`'s line. */
function lineEndAfter(text: string, offset: number): number {
  let at = text.indexOf('\n', offset);
  while (at >= 0) {
    const next = text.indexOf('\n', at + 1);
    const end = next < 0 ? text.length : next;
    if (text.slice(at + 1, end).trim() !== '') return end;
    if (next < 0) return text.length;
    at = next;
  }
  return text.length;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset of the `}` closing the block `offset` is in (strings and comments stepped over); the end of the text at the top level. */
function closingBrace(text: string, offset: number): number {
  let depth = 0;
  for (let i = offset; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const newline = text.indexOf('\n', i);
      i = newline < 0 ? text.length : newline;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return text.length;
}

/** The one diagnostic of a region that starts on an unfinished line: on that line, saying so. */
function unfinishedStatement(text: string, lines: LineIndex, range: { start: number; end: number }, first: Diagnostic): Diagnostic {
  const written = text.slice(range.start, range.end).replace(/\s+/g, ' ');
  const quoted = written.length > MAX_QUOTED_CHARS ? `${written.slice(0, MAX_QUOTED_CHARS)}…` : written;
  const span: Span = { start: lines.positionAt(range.start), end: lines.positionAt(range.end), startOffset: range.start, endOffset: range.end };
  return makeDiagnostic('E_SYNTAX', `Unfinished statement '${quoted}'`, first.nodeId, span, {
    hint: 'Finish it (or end it with ;): the lines after it are read as its continuation until then',
  });
}
