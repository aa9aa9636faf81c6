// W_BIDI_CONTROL: an invisible bidirectional control character written as it is in the source, in
// a string literal or a comment (the only places the grammar lets one stand). Editors and review
// tools then draw the line in another order than it is read ("Trojan Source"): a comment can seem
// to end where code goes on, a string can seem to hold what it does not. Whoever wrote it, a
// person or an agent, is warned; in a string the escape (`\u202E`) means the same and is visible.
// A scan of the whole text, cheap (one regular expression), done each analysis.
import type { Node, Span } from '../ast/ast';
import { makeDiagnostic, type Diagnostic } from '../ast/diagnostics';

/** The text of a document and where things are in it (a WhetstoneDocument fits). */
export interface SourceText {
  readonly text: string;
  /** The comments, in source order. */
  readonly comments: readonly { readonly span: Span }[];
  /** The innermost node whose span contains `offset`. */
  nodeAt(offset: number): Node;
  spanAt(startOffset: number, endOffset: number): Span;
}

/** The characters that change the order a line is drawn in. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};

/** A file full of them gets this many warnings (one per string literal or comment), no more. */
export const MAX_BIDI_DIAGNOSTICS = 100;

function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The comment containing `offset`, by binary search over the comments in source order. */
function commentAt(comments: readonly { readonly span: Span }[], offset: number): Span | undefined {
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = comments[middle].span;
    if (offset < span.startOffset) high = middle - 1;
    else if (offset >= span.endOffset) low = middle + 1;
    else return span;
  }
  return undefined;
}

/** One warning per string literal or comment that holds bidirectional control characters. */
export function bidiControlDiagnostics(source: SourceText): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const text = source.text;
  const pattern = new RegExp(BIDI_CONTROLS.source, 'g');
  for (let match = pattern.exec(text); match && diagnostics.length < MAX_BIDI_DIAGNOSTICS; match = pattern.exec(text)) {
    const offset = match.index;
    const comment = commentAt(source.comments, offset);
    const node = source.nodeAt(offset);
    const literal = !comment && node.type === 'Literal' ? node : undefined;
    const span = comment ?? literal?.span ?? source.spanAt(offset, offset + 1);
    // Every such character in the same literal or comment is named in its one warning.
    const found = new Set((text.slice(span.startOffset, span.endOffset).match(new RegExp(BIDI_CONTROLS.source, 'g')) ?? []).map((character) => character.charCodeAt(0)));
    const named = [...found].sort((a, b) => a - b).map((code) => `${codePoint(code)} (${NAMES[code]})`);
    const where = comment ? 'This comment' : literal ? 'This string literal' : 'This text';
    const characters = named.length === 1 ? `the invisible bidirectional control character ${named[0]}` : `the invisible bidirectional control characters ${named.join(', ')}`;
    const hint = literal
      ? `remove it, or write it as an escape (${[...found].map((code) => `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')}) if it is meant to be there`
      : 'remove it: a comment has no need of it';
    diagnostics.push(
      makeDiagnostic('W_BIDI_CONTROL', `${where} holds ${characters}: the line may be shown in another order than it is read`, node.id, span, { hint }),
    );
    pattern.lastIndex = Math.max(offset + 1, span.endOffset);
  }
  return diagnostics;
}
