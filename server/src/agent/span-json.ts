// Moving the spans inside a top-level item's JSON text without serialising the item again. When an
// edit before an item changes the text's length or line count, the document keeps the item's
// object and moves each of its spans in place (offsets by the length's change, lines by the line
// count's change; columns stay unless the item starts on the edited line, which the cache checks
// by the item's start column). So the item's JSON after the move is its JSON before it with the
// numbers of every span's startOffset, endOffset and lines shifted, and nothing else changed.
//
// A span as JSON.stringify writes it is `"span":{"start":{"line":L,"column":C},"end":{"line":L,
// "column":C},"startOffset":O,"endOffset":O}`. Where `"span":` stands right after `{` or `,` it is
// a key (a quote inside a string is always escaped), and every "span" key of an AST node holds a
// Span. Each expected piece is checked while copying: text of any other shape is not shifted
// (undefined), and the caller serialises the item instead.

const SPAN_KEY = Buffer.from('"span":', 'latin1');
const START_LINE = Buffer.from('{"start":{"line":', 'latin1');
const COLUMN = Buffer.from(',"column":', 'latin1');
const END_LINE = Buffer.from('},"end":{"line":', 'latin1');
const START_OFFSET = Buffer.from('},"startOffset":', 'latin1');
const END_OFFSET = Buffer.from(',"endOffset":', 'latin1');
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const DIGIT_0 = 0x30;
/** Digits a shifted number may gain, at most (the delta's digits and a carry), plus a sign. */
const MAX_GROWTH_PER_NUMBER = 18;

/** Where each span's object (its `{`) starts in an item's JSON, in order. */
export function spanPositions(json: Buffer): Uint32Array {
  const found: number[] = [];
  let at = json.indexOf(SPAN_KEY);
  while (at >= 0) {
    const before = at > 0 ? json[at - 1] : -1;
    if (before === OPEN_BRACE || before === COMMA) found.push(at + SPAN_KEY.length);
    at = json.indexOf(SPAN_KEY, at + SPAN_KEY.length);
  }
  return Uint32Array.from(found);
}

/** A growing buffer the shifted and newly serialised items of one answer are written into. */
export class JsonWriter {
  bytes: Buffer;
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(1024, capacity));
  }

  reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.length + more));
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
 * Writes `json` (an item's JSON whose spans start at `spans`) with every span's offsets moved by
 * `offsetDelta` and its lines by `lineDelta`; returns the spans' positions in what was written
 * (relative to where it starts), or undefined, having written nothing that counts, when a span is
 * not of the expected shape or a number would not stay a non-negative integer.
 */
export function writeShifted(writer: JsonWriter, json: Buffer, spans: Uint32Array, offsetDelta: number, lineDelta: number): Uint32Array | undefined {
  const begin = writer.length;
  writer.reserve(json.length + spans.length * 4 * MAX_GROWTH_PER_NUMBER);
  const copier = new SpanCopier(json, writer.bytes, begin);
  const moved = new Uint32Array(spans.length);
  for (let s = 0; s < spans.length; s++) {
    copier.copyTo(spans[s]);
    moved[s] = copier.o - begin;
    const ok =
      copier.literal(START_LINE) &&
      copier.number(lineDelta) &&
      copier.literal(COLUMN) &&
      copier.number(0) &&
      copier.literal(END_LINE) &&
      copier.number(lineDelta) &&
      copier.literal(COLUMN) &&
      copier.number(0) &&
      copier.literal(START_OFFSET) &&
      copier.number(offsetDelta) &&
      copier.literal(END_OFFSET) &&
      copier.number(offsetDelta) &&
      json[copier.i] === CLOSE_BRACE;
    if (!ok) return undefined;
  }
  copier.copyTo(json.length);
  writer.length = copier.o;
  return moved;
}

/**
 * Copies an item's JSON forward, byte by byte where the pieces are short (a call into the native
 * copy costs more than the few bytes between two spans), checking the span's fixed text as it goes.
 */
class SpanCopier {
  /** Where it is in the input, and in the output. */
  i = 0;
  constructor(
    private readonly input: Buffer,
    private readonly out: Buffer,
    public o: number,
  ) {}

  copyTo(to: number): void {
    const { input, out } = this;
    if (to - this.i > 256) {
      this.o += input.copy(out, this.o, this.i, to);
      this.i = to;
      return;
    }
    let i = this.i;
    let o = this.o;
    while (i < to) out[o++] = input[i++];
    this.i = i;
    this.o = o;
  }

  /** The expected text at the input, copied; false when it is not there. */
  literal(text: Buffer): boolean {
    const { input, out } = this;
    const length = text.length;
    if (this.i + length > input.length) return false;
    let i = this.i;
    let o = this.o;
    for (let k = 0; k < length; k++) {
      const byte = input[i++];
      if (byte !== text[k]) return false;
      out[o++] = byte;
    }
    this.i = i;
    this.o = o;
    return true;
  }

  /** The number at the input, written shifted by delta; false unless it is a plain non-negative integer that stays one. */
  number(delta: number): boolean {
    const input = this.input;
    const from = this.i;
    let i = from;
    let value = 0;
    while (i < input.length) {
      const digit = input[i] - DIGIT_0;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      i++;
    }
    if (i === from || i - from > 15 || (input[from] === DIGIT_0 && i - from > 1)) return false;
    const shifted = value + delta;
    if (shifted < 0) return false;
    this.i = i;
    // The digits, written from the last.
    let digits = 1;
    for (let rest = shifted; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    const out = this.out;
    let rest = shifted;
    for (let k = this.o + digits - 1; k >= this.o; k--) {
      out[k] = DIGIT_0 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.o += digits;
    return true;
  }
}
