// Moving the spans inside a top-level item's JSON text without serialising the item again. This
// decides nothing about where spans go: when an edit before an item changes the text's length or
// line count, the document keeps the item's object and the core's SpanMover (core/syntax/
// text-edits.ts) moves each of its spans in place (offsets by the length's change, lines by the
// line count's change; columns stay unless the item starts on the edited line, which the cache
// checks by the item's start column). So the item's JSON after the move is its JSON before it with
// the numbers of every span's startOffset, endOffset and lines shifted by what the item's own
// start moved, and nothing else changed: this writes that into the kept bytes, which costs about
// half of serialising the moved items again (bench/README.md, getAST near the wire).
//
// A span as JSON.stringify writes it is `"span":{"start":{"line":L,"column":C},"end":{"line":L,
// "column":C},"startOffset":O,"endOffset":O}`. `"span":` in JSON text is always a key (a quote
// inside a string is written escaped, `\"`), and every "span" key of an AST node holds a Span. Every span's text is checked once, when its positions are first found: an item with a span
// of any other shape is not shifted (undefined), and the caller serialises it instead.

const SPAN_KEY = Buffer.from('"span":', 'latin1');
/** A span's fixed text before each of its numbers: start.line, start.column, end.line, end.column, startOffset, endOffset. */
const SPAN_TEXTS: readonly Buffer[] = ['{"start":{"line":', ',"column":', '},"end":{"line":', ',"column":', '},"startOffset":', ',"endOffset":'].map((text) => Buffer.from(text, 'latin1'));
const [START_LINE, COLUMN, END_LINE, , START_OFFSET, END_OFFSET] = SPAN_TEXTS;
const CLOSE_BRACE = 0x7d;
const DIGIT_0 = 0x30;
/** Longer numbers are not read (they would lose precision). */
const MAX_DIGITS = 15;
/** Digits a shifted number may gain, at most (the delta's digits and a carry). */
const MAX_GROWTH_PER_NUMBER = 17;
/** 10^n for n digits: a number of n digits is below POWERS_OF_TEN[n]. */
const POWERS_OF_TEN = Array.from({ length: MAX_DIGITS + 2 }, (_, n) => 10 ** n);
/** Numbers in one item whose count of digits may change before the item is rather serialised again. */
const MAX_LENGTH_CHANGES = 16;

/**
 * Where each span is in an item's JSON, two numbers a span, in order: where its object (`{`)
 * starts and where its startOffset's digits start; undefined when a span is not of the expected
 * shape (then the item is serialised again when it moves). The shape is checked here once: what
 * writeShifted writes from it keeps the same fixed text.
 */
export function spanPositions(json: Buffer): Uint32Array | undefined {
  const found: number[] = [];
  for (let at = json.indexOf(SPAN_KEY); at >= 0; at = json.indexOf(SPAN_KEY, at + SPAN_KEY.length)) {
    const start = at + SPAN_KEY.length;
    const offsetAt = startOffsetOf(json, start);
    if (offsetAt === undefined) return undefined;
    found.push(start, offsetAt);
  }
  return Uint32Array.from(found);
}

/** Where the startOffset's digits of the span at `at` start, if it is a span of the expected shape with plain non-negative integers. */
function startOffsetOf(json: Buffer, at: number): number | undefined {
  let i = at;
  let offsetAt: number | undefined;
  for (const text of SPAN_TEXTS) {
    if (json.compare(text, 0, text.length, i, i + text.length) !== 0) return undefined;
    i += text.length;
    if (text === START_OFFSET) offsetAt = i;
    const from = i;
    while (i < json.length && json[i] >= DIGIT_0 && json[i] <= DIGIT_0 + 9) i++;
    if (i === from || i - from > MAX_DIGITS || (json[from] === DIGIT_0 && i - from > 1)) return undefined;
  }
  return json[i] === CLOSE_BRACE ? offsetAt : undefined;
}

/** A growing buffer the shifted and newly serialised items of one answer are written into. */
export class JsonWriter {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafeSlow(capacity);
  }

  reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.length + more, 64 * 1024));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  write(source: Buffer): void {
    this.reserve(source.length);
    this.length += source.copy(this.bytes, this.length);
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }
}

/**
 * Writes `json` (an item's JSON with its spans where spanPositions found them) with every span's
 * offsets moved by `offsetDelta` and its lines by `lineDelta`; returns its spans' positions in
 * what was written (relative to where it starts), or undefined, having written nothing that
 * counts, when a number would become negative or too many numbers change their length.
 *
 * The whole text is copied natively first and the numbers are overwritten where they are; most
 * keep their count of digits. One that does not moves the rest of the text: it is copied again
 * after it, at most MAX_LENGTH_CHANGES times an item (else serialising it again costs less).
 */
export function writeShifted(writer: JsonWriter, json: Buffer, spans: Uint32Array, offsetDelta: number, lineDelta: number): Uint32Array | undefined {
  const begin = writer.length;
  writer.reserve(json.length + (spans.length / 2) * 4 * MAX_GROWTH_PER_NUMBER);
  const shifter = new NumberShifter(json, writer.bytes, begin);
  const moved = new Uint32Array(spans.length);
  for (let s = 0; s < spans.length; s += 2) {
    const spanAt = spans[s];
    moved[s] = spanAt + shifter.shift - begin;
    if (lineDelta !== 0) {
      // start.line, then past start.column to end.line.
      const startLineEnd = shifter.rewrite(spanAt + START_LINE.length, lineDelta);
      if (startLineEnd < 0 || shifter.rewrite(skipDigits(json, startLineEnd + COLUMN.length) + END_LINE.length, lineDelta) < 0) return undefined;
    }
    const offsetAt = spans[s + 1];
    moved[s + 1] = offsetAt + shifter.shift - begin;
    if (offsetDelta !== 0) {
      const end = shifter.rewrite(offsetAt, offsetDelta);
      if (end < 0 || shifter.rewrite(end + END_OFFSET.length, offsetDelta) < 0) return undefined;
    }
    if (shifter.failed) return undefined;
  }
  writer.length = json.length + shifter.shift;
  return moved;
}

/** Rewrites numbers of a JSON text copied into `out`, where json[i] is at out[i + shift]. */
class NumberShifter {
  shift: number;
  failed = false;
  private lengthChanges = 0;

  constructor(
    private readonly json: Buffer,
    private readonly out: Buffer,
    begin: number,
  ) {
    json.copy(out, begin);
    this.shift = begin;
  }

  /** The number whose digits start at json[at], written shifted by delta; where it ends in json, or -1 when it cannot be shifted. */
  rewrite(at: number, delta: number): number {
    const json = this.json;
    let end = at;
    let value = 0;
    for (let digit = json[end] - DIGIT_0; digit >= 0 && digit <= 9; digit = json[++end] - DIGIT_0) value = value * 10 + digit;
    const shifted = value + delta;
    if (end === at || shifted < 0) {
      this.failed = true;
      return -1;
    }
    const oldDigits = end - at;
    if (shifted < POWERS_OF_TEN[oldDigits] && (oldDigits === 1 || shifted >= POWERS_OF_TEN[oldDigits - 1])) {
      // As many digits as before (the usual case): only the low digits that differ are written.
      const out = this.out;
      let k = end - 1 + this.shift;
      for (let a = shifted, b = value; a !== b; k--) {
        const digit = a % 10;
        out[k] = DIGIT_0 + digit;
        a = (a - digit) / 10;
        b = (b - (b % 10)) / 10;
      }
      return end;
    }
    // The rest of the text moves: copied again after the number's new digits.
    if (++this.lengthChanges > MAX_LENGTH_CHANGES) {
      this.failed = true;
      return -1;
    }
    const o = at + this.shift;
    const digits = digitCount(shifted);
    this.shift += digits - oldDigits;
    json.copy(this.out, end + this.shift, end);
    writeDigits(this.out, o, shifted, digits);
    return end;
  }
}

function skipDigits(json: Buffer, at: number): number {
  let i = at;
  while (json[i] >= DIGIT_0 && json[i] <= DIGIT_0 + 9) i++;
  return i;
}

function digitCount(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

function writeDigits(out: Buffer, at: number, value: number, digits: number): void {
  let rest = value;
  for (let k = at + digits - 1; k >= at; k--) {
    out[k] = DIGIT_0 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
}
