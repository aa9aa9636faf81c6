// Python's format specifications, in f-strings (`f"{x:8.2f}"`), str.format (`"{:.2f}".format(x)`)
// and % formats (`"%.2f" % x`): the fixed-point forms `.Nf` and `.N%` with a width (right-aligned,
// or left with `<`), a fill character or 0s after the sign, a width of a text or a number (`10`,
// `<10`, `>5`), 0s before a number (`02`) and a whole number with `d` (`5d`, `<5d`, `05d`). They are formatFixed (Python's rounding of the exact value, a half to even; nan,
// inf, -0.00 as Python writes them), str, padStart, padEnd and zeroFill, whose widths the run at
// import checks as it does rjust's. Every other specification (`,` and `_` groups, a sign, `^` and
// `=`, `e`, `g`, `x`, nested fields) and a conversion (`!r`, `!s`) is an error at import: each
// shows a value by its Python type (`d` raises for a float, `{True:>5}` is `    1`), which
// Whetstone's numbers do not carry.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type * as A from '../../core/ast';
import type { AstBuilder } from './ast-builder';

/** [[fill]align][0][width][.precision]type, as Python's format mini-language writes it. */
const FIXED_SPEC = /^(?:(.)?([<>]))?(0)?([1-9]\d*)?\.(\d+)([f%])$/su;

const CARRIED = 'Carried: .2f and .1% with a width (8.2f, <8.2f, *>8.2f, 08.2f), a width of a text or a number (10, <10, >5, *>8, 10s), 0s before a number (02) and d of a whole number (5d, <5d, 05d); write other formats with round, str and padStart.';

/** [[fill]align][0][width]d of a whole number. */
const WHOLE_SPEC = /^(?:(.)?([<>]))?(0)?([1-9]\d*)?d$/su;

/** [[fill]align]width of a text or a number, or [[fill]align]width s of a text. */
const WIDTH_SPEC = /^(?:(.)?([<>]))?([1-9]\d*)(s?)$/su;

/** 0width of a number (`{n:02}`, a clock's minutes). */
const ZERO_WIDTH_SPEC = /^0([1-9]\d*)$/;

/** `value` shown by the specification `spec` (after its colon), or an error node naming it. */
export function formatValue(b: AstBuilder, value: A.Expression, spec: string, at: SyntaxNode): A.Expression {
  const padded = WIDTH_SPEC.exec(spec);
  if (padded) {
    // A text or a number is shown as str shows it, padded; the display check refuses other values
    // (Python formats a bool as a number, True as 1, and raises for None, a list or a dict) and a
    // number under `s` (Python raises). Without an alignment Python puts a number right and a text
    // left: the display check, which knows the type, turns padEnd into padStart for a number.
    const [, fill, align, width, text] = padded;
    const shown = b.call('str', [value], at);
    b.formatted.set(shown.id, text ? 'text' : 'text or number');
    const pad = b.call(align === '>' ? 'padStart' : 'padEnd', [shown, b.literal(Number(width), at), ...(fill === undefined ? [] : [b.literal(fill, at)])], at);
    if (!align && !text) b.alignedByType.set(shown.id, pad);
    return pad;
  }
  const zeroWidth = ZERO_WIDTH_SPEC.exec(spec);
  if (zeroWidth) {
    // A number as str shows it, 0s after its sign (the display check refuses a text, which Python pads on the right, and a float str would show otherwise).
    const shown = b.call('str', [value], at);
    b.formatted.set(shown.id, 'number as str');
    return b.call('zeroFill', [shown, b.literal(Number(zeroWidth[1]), at)], at);
  }
  const whole = WHOLE_SPEC.exec(spec);
  if (whole) {
    // A whole number as str shows it, right-aligned (the display check refuses a text and a bool, and a value that may be a float, for which Python raises).
    const [, fill, align, zeros, width] = whole;
    const shown = b.call('str', [value], at);
    b.formatted.set(shown.id, 'whole number');
    if (width === undefined) return shown;
    if (zeros && !align) return b.call('zeroFill', [shown, b.literal(Number(width), at)], at);
    const padding = fill ?? (zeros ? '0' : undefined);
    return b.call(align === '<' ? 'padEnd' : 'padStart', [shown, b.literal(Number(width), at), ...(padding === undefined ? [] : [b.literal(padding, at)])], at);
  }
  const match = FIXED_SPEC.exec(spec);
  const digits = match ? Number(match[5]) : NaN;
  if (!match || digits > 100) return b.errorNode(at, `the format specification "${spec}"`, CARRIED);
  const [, fill, align, zeros, width, , type] = match;
  // Python's % multiplies the double by 100 first, then writes it as f does.
  const scaled = type === '%' ? b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '*', left: value, right: b.literal(100, at) }) : value;
  const fixed = b.call('formatFixed', [scaled, b.literal(digits, at)], at);
  b.formatted.set(fixed.id, 'number');
  let text: A.Expression = fixed;
  if (type === '%') text = b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '+', left: text, right: b.literal('%', at) });
  if (width === undefined) return text;
  // 0 without an alignment puts the 0s after the sign, as zfill does; with one, 0 is the fill.
  if (zeros && !align) return b.call('zeroFill', [text, b.literal(Number(width), at)], at);
  const padding = fill ?? (zeros ? '0' : undefined);
  return b.call(align === '<' ? 'padEnd' : 'padStart', [text, b.literal(Number(width), at), ...(padding === undefined ? [] : [b.literal(padding, at)])], at);
}

/** A part of a str.format template: a text, or the field of an argument with its specification. */
type TemplatePart = string | { index: number; spec: string };

/**
 * `"…{}…{:.2f}…".format(a, b)`: the template's texts and each argument where its field is, or an
 * error node. Fields are `{}`, `{n}` or either with a specification; each argument is used once,
 * in order (so none is computed twice, dropped or out of Python's order).
 */
export function formatTemplate(b: AstBuilder, template: string, args: A.Expression[], at: SyntaxNode): A.Expression {
  const parts: TemplatePart[] = [];
  let text = '';
  let next = 0;
  // Python refuses {} and {0} in one template.
  let numbered: boolean | undefined;
  for (let i = 0; i < template.length; i++) {
    const char = template[i];
    if ((char === '{' || char === '}') && template[i + 1] === char) {
      text += char;
      i++;
    } else if (char === '{') {
      const close = template.indexOf('}', i);
      const field = close < 0 ? undefined : /^(\d*)(?::([^{}]*))?$/.exec(template.slice(i + 1, close));
      if (!field || (field[1] !== '' && Number(field[1]) !== next) || (numbered ?? field[1] !== '') !== (field[1] !== '')) return b.errorNode(at, 'a str.format field other than {} or {0}, {1}, … in order, with a specification or none', 'Name each argument once, in order.');
      if (text !== '') parts.push(text);
      text = '';
      numbered = field[1] !== '';
      parts.push({ index: next++, spec: field[2] ?? '' });
      i = close;
    } else if (char === '}') {
      return b.errorNode(at, 'a str.format template with a single }', 'Python raises ValueError here.');
    } else text += char;
  }
  if (next !== args.length) return b.errorNode(at, `str.format with ${args.length} arguments for ${next} fields`, 'Give one argument for each field.');
  if (text !== '') parts.push(text);
  const pieces = parts.map((part) => (typeof part === 'string' ? b.literal(part, at) : part.spec === '' ? b.call('str', [args[part.index]], at) : formatValue(b, args[part.index], part.spec, at)));
  if (pieces.length === 0) return b.literal('', at);
  return pieces.reduce((left, right) => b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '+', left, right }));
}

/** What formatFixed gives (Python's format(x, ".Nf")), for the run at import; `digits` a whole number from 0 to 100. */
export function formatFixedText(x: number, digits: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const size = Math.abs(x);
  if (size >= 1e21) return sign + BigInt(size).toString() + (digits > 0 ? '.' + '0'.repeat(digits) : '');
  const text = size.toFixed(digits);
  // toFixed takes a half up; a half is a size whose size * 2^(digits + 1) is odd.
  if ((size * 2 ** (digits + 1)) % 2 === 1 && /[13579]$/.test(text)) return sign + text.slice(0, -1) + String(Number(text.slice(-1)) - 1);
  return sign + text;
}

/** One conversion of a % format: [-][0][width][.precision] then s, f or %. */
const PERCENT_FIELD = /%(-)?(0)?([1-9]\d*)?(?:\.(\d+))?([a-zA-Z%])/y;

/**
 * `"…%s…%.2f…" % (a, b)`: the template's texts and each value where its conversion is, or an
 * error node. `%s` is str (a bool shows as True, as str shows it), `%.Nf` formatFixed, each with a
 * width (right-aligned, left with -, 0s after the sign with 0 and f); `%d`, `%r`, `%x`, `%e`, `*`
 * widths and named fields are errors. A `single` value, not a tuple written out, must be known a text
 * or a number (the display check sees to it): a tuple there would be the values.
 */
export function percentTemplate(b: AstBuilder, template: string, values: A.Expression[], at: SyntaxNode, single: boolean): A.Expression {
  const pieces: A.Expression[] = [];
  let text = '';
  let next = 0;
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '%') {
      text += template[i];
      continue;
    }
    PERCENT_FIELD.lastIndex = i;
    const field = PERCENT_FIELD.exec(template);
    if (field?.[5] === '%' && field[0] === '%%') {
      text += '%';
      i++;
      continue;
    }
    const [, left, zeros, width, precision, type] = field ?? [];
    const fixed = type === 'f' && precision !== undefined;
    if (field && next >= values.length) return b.errorNode(at, `a % format with ${values.length} values for more conversions`, 'Give one value for each conversion.');
    if (!field || !(fixed || (type === 's' && precision === undefined && !zeros))) {
      return b.errorNode(at, `the % format conversion "${field?.[0] ?? template.slice(i, i + 2)}"`, 'Carried: %s, %.2f, with a width (%5s, %-8s, %8.2f, %08.2f) and %%; write other formats with round, str and padStart.');
    }
    if (text !== '') pieces.push(b.literal(text, at));
    text = '';
    const value = values[next++];
    let shown: A.Expression;
    if (fixed) {
      shown = b.call('formatFixed', [value, b.literal(Number(precision), at)], at);
      b.formatted.set(shown.id, 'number');
    } else {
      shown = b.call('str', [value], at);
      if (single) b.formatted.set(shown.id, 'one value');
    }
    if (width !== undefined) {
      const size = b.literal(Number(width), at);
      shown = zeros && !left ? b.call('zeroFill', [shown, size], at) : b.call(left ? 'padEnd' : 'padStart', [shown, size], at);
    }
    pieces.push(shown);
    i += field[0].length - 1;
  }
  if (next !== values.length) return b.errorNode(at, `a % format with ${values.length} values for ${next} conversions`, 'Give one value for each conversion.');
  if (text !== '') pieces.push(b.literal(text, at));
  if (pieces.length === 0) return b.literal('', at);
  return pieces.reduce((first, second) => b.make<A.BinaryExpression>('BinaryExpression', at, { operator: '+', left: first, right: second }));
}
