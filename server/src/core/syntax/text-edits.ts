// Plain text arithmetic on TextEdits (UTF-16 offsets into one text, apart from each other, as the
// mutation engine produces them): the text they produce, and the edits that take it back.
/** A replacement of [startOffset, endOffset) of the text (UTF-16 offsets). */
export interface TextEdit {
  startOffset: number;
  endOffset: number;
  newText: string;
}

/** The text `edits` (all offsets into `text`, not overlapping) produce. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  // From the end, so earlier offsets still point where they did.
  for (const edit of [...edits].sort((a, b) => b.startOffset - a.startOffset)) {
    result = result.slice(0, edit.startOffset) + edit.newText + result.slice(edit.endOffset);
  }
  return result;
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
