// The helpers generated Python needs to keep Whetstone's meaning (docs/LANGUAGE.md "What programs
// mean") where Python's own operators and built-ins differ: numbers shown as JavaScript shows them
// (2.0 is "2"), true/false/null, division by zero as Infinity or NaN, the remainder with the sign
// of the dividend, rounding halves away from zero, num() giving NaN instead of raising, sqrt and
// powers (`**` and pow) as JavaScript's floating-point ones, NaN or Infinity where Python raises,
// bit operators on 32-bit signed integers, an assert that `python -O` does not remove, what
// Python's print (pystr) and Node's console.log (jsstr) show (jsstr counting a text's columns by
// Node's Unicode tables, node-column-widths.ts, not the Python's), the exception a throw raises (an
// except takes only it), texts measured, cut and ordered in UTF-16 code units as JavaScript does
// (Python counts and compares code points; a cut inside a character above U+FFFF gives its half, a
// lone surrogate, and in a program that can make one, texts joined put two halves back together as
// JavaScript's do, a half is found inside a whole character, and Node's U+FFFD is printed for
// it), an index outside a list or text as an error (Python
// counts a negative one from the end), -0 as the float -0.0 where Python would make the int 0,
// which has no sign, and a whole number beyond 2^53 as a float, rounded as a double rounds it,
// where Python's int would stay exact. Only the helpers a program uses are written, each under a name the program
// does not use.
import { NODE_WIDTH_COMPOSITIONS, NODE_WIDTH_RUNS, NODE_WIDTHS_FROM } from './node-column-widths';
import { LATE_CASE_CLASS, lateCaseTable } from '../text-case';
import { LATE_KIND_CLASS, lateKindClasses } from '../text-kinds';

/** JavaScript's whitespace, which trim takes off, as the characters of a Python string literal. */
const JS_WHITESPACE = ['\\t', '\\n', '\\x0b', '\\x0c', '\\r', ' ', '\\xa0', '\\u1680', ...Array.from({ length: 11 }, (_, i) => `\\u${(0x2000 + i).toString(16)}`), '\\u2028', '\\u2029', '\\u202f', '\\u205f', '\\u3000', '\\ufeff'].join('');

const hex = (code: number): string => `0x${code.toString(16)}`;

/** A text as a Python string literal, each character beyond ASCII escaped. */
const pythonText = (text: string): string => JSON.stringify(text).replace(/[^ -~]/gu, (character) => `\\U${character.codePointAt(0)!.toString(16).padStart(8, '0')}`);

/** A long string as Python's adjacent literals, one a line, in parentheses indented by `indent`. */
function pythonLines(pieces: readonly string[], indent: number): string {
  return `(\n${pieces.map((piece) => `${' '.repeat(indent)}${JSON.stringify(piece)}\n`).join('')}${' '.repeat(indent - 4)})`;
}

/** `text` in pieces of at most 96 characters, each ending with one of `ends` (or at the end). */
function cut(text: string, ends: string): string[] {
  return text.match(new RegExp(`.{1,95}[${ends}]|.{1,96}$`, 'g')) ?? [];
}

export type PyHelper = 'show' | 'py_int' | 'round_half_away' | 'divide' | 'remainder' | 'to_number' | 'square_root' | 'power' | 'contains' | 'int32' | 'assert_that' | 'split_text' | 'repeat_list' | 'index_of' | 'slice_of' | 'splice_list' | 'length_of' | 'item_at' | 'index_in' | 'to_int' | 'python_text' | 'node_text' | 'text_width' | 'utf16_order' | 'negate' | 'multiply' | 'number_range' | 'floor_of' | 'ceil_of' | 'minimum' | 'maximum' | 'double' | 'concat' | 'paired' | 'halves_written' | 'WhetstoneError' | 'upper_text' | 'lower_text' | 'trim_text' | 'substring_of' | 'pad_text' | 'char_code_at' | 'char_at' | 'from_char_code' | 'text_kind' | 'step_slice' | 'zero_fill' | 'count_items' | ListPyHelper | 'repeat_text' | 'fixed_digits' | 'sign_of' | 'last_index_of' | 'fill_list' | 'parse_integer' | 'map_key' | 'radix_text' | 'format_fixed' | 'js_truthy' | 'js_keys' | 'gcd_of' | 'isqrt_of' | 'factorial_of';

/**
 * `halves`: whether the program can hold half of a character above U+FFFF (a lone surrogate): it
 * cuts texts by UTF-16 units, writes a half in a literal or takes values from another module. Only
 * such a program pays for finding a half inside a whole character and showing one as JavaScript
 * does.
 */
export interface PyHelperOptions {
  readonly halves: boolean;
}

const NO_HALVES: PyHelperOptions = { halves: false };

/** The helpers of sum and of the list walks. */
type ListPyHelper = 'concat_list' | 'sum_of' | 'walk_list' | 'map_list' | 'filter_list' | 'reduce_list' | 'some_of' | 'every_of' | 'find_in' | 'for_each' | 'find_index' | 'flat_list';

/** The standard modules each helper needs. */
const PY_HELPER_IMPORTS: { readonly [H in PyHelper]: readonly string[] } = {
  show: ['json', 'math'],
  round_half_away: ['math'],
  divide: ['math'],
  remainder: ['math'],
  to_number: ['math', 're'],
  square_root: ['math'],
  gcd_of: ['math'],
  isqrt_of: ['math'],
  factorial_of: ['math'],
  power: ['math'],
  contains: [],
  map_key: ['math'],
  split_text: [],
  repeat_list: [],
  index_of: [],
  slice_of: [],
  splice_list: ['math'],
  length_of: [],
  item_at: [],
  index_in: [],
  python_text: [],
  node_text: ['math', 're'],
  text_width: ['bisect', 're', 'unicodedata'],
  utf16_order: ['re'],
  negate: [],
  multiply: [],
  number_range: ['itertools', 'math'],
  floor_of: ['math'],
  ceil_of: ['math'],
  minimum: ['math'],
  maximum: ['math'],
  double: [],
  concat: [],
  paired: ['re'],
  halves_written: ['codecs', 'sys'],
  to_int: ['math', 're'],
  int32: ['math'],
  assert_that: [],
  WhetstoneError: [],
  upper_text: [],
  lower_text: ['re'],
  trim_text: [],
  substring_of: [],
  pad_text: [],
  char_code_at: ['math'],
  char_at: [],
  from_char_code: ['math'],
  text_kind: ['re', 'unicodedata'],
  step_slice: [],
  zero_fill: [],
  count_items: [],
  concat_list: [],
  sum_of: [],
  walk_list: [],
  map_list: [],
  filter_list: [],
  reduce_list: [],
  some_of: [],
  every_of: [],
  find_in: [],
  for_each: [],
  find_index: [],
  flat_list: [],
  repeat_text: ['math'],
  fixed_digits: ['decimal', 'math'],
  format_fixed: [],
  sign_of: [],
  last_index_of: [],
  fill_list: [],
  parse_integer: ['math', 're'],
  py_int: [],
  radix_text: [],
  js_truthy: [],
  js_keys: ['re'],
};

/** The helpers each helper calls (written with it). */
const PY_HELPER_USES: { readonly [H in PyHelper]?: readonly PyHelper[] } = {
  python_text: ['show'],
  count_items: ['contains'],
  node_text: ['show', 'text_width'],
  split_text: ['length_of'],
  index_of: ['length_of'],
  slice_of: ['length_of'],
  index_in: ['length_of'],
  item_at: ['index_in', 'length_of'],
  number_range: ['double'],
  substring_of: ['length_of', 'slice_of'],
  char_at: ['length_of', 'slice_of'],
  pad_text: ['length_of'],
  sum_of: ['double'],
  map_list: ['walk_list'],
  filter_list: ['walk_list'],
  reduce_list: ['walk_list'],
  some_of: ['walk_list'],
  every_of: ['walk_list'],
  find_in: ['walk_list'],
  for_each: ['walk_list'],
  find_index: ['walk_list'],
  fixed_digits: ['show'],
  last_index_of: ['index_of', 'length_of'],
  parse_integer: ['show'],
};

/** What the helpers call and import besides in a program that can hold halves. */
const PY_HALF_USES: { readonly [H in PyHelper]?: readonly PyHelper[] } = {
  contains: ['utf16_order'],
  index_of: ['utf16_order'],
  split_text: ['utf16_order', 'paired'],
  last_index_of: ['utf16_order'],
};
const PY_HALF_IMPORTS: { readonly [H in PyHelper]?: readonly string[] } = { show: ['re'] };

/** The standard modules a helper needs. */
export function pyHelperImports(helper: PyHelper, options: PyHelperOptions = NO_HALVES): readonly string[] {
  return [...PY_HELPER_IMPORTS[helper], ...((options.halves && PY_HALF_IMPORTS[helper]) || [])];
}

/** The helpers a helper calls (written with it). */
export function pyHelperUses(helper: PyHelper, options: PyHelperOptions = NO_HALVES): readonly PyHelper[] {
  return [...(PY_HELPER_USES[helper] ?? []), ...((options.halves && PY_HALF_USES[helper]) || [])];
}

export function pyHelperSource(helper: PyHelper, name: (base: string) => string, options: PyHelperOptions = NO_HALVES): string {
  // In a program that can hold halves: whether a text `value` starts with a second half of a
  // character above U+FFFF or ends with a first half, so that it may be found inside such a character.
  const halfAtAnEnd = (value: string): string | false => options.halves && `"\\udc00" <= ${value}[:1] < "\\ue000" or "\\ud800" <= ${value}[-1:] < "\\udc00"`;
  const halfFound = 'a half is found inside a whole character, as in JavaScript: compared unit by unit';
  switch (helper) {
    case 'show':
      return `def ${name('show')}(value, nested=False):
    """How Whetstone's print and str show a value (numbers as JavaScript writes them)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):${
      options.halves
        ? `
        if not nested:
            return value
        # JSON.stringify writes half of a character above U+FFFF (a lone surrogate) as its escape.
        return re.sub("[\\ud800-\\udfff]", lambda half: "\\\\u%04x" % ord(half[0]), json.dumps(value, ensure_ascii=False))`
        : `
        return json.dumps(value, ensure_ascii=False) if nested else value`
    }
    if isinstance(value, (int, float)):
        if isinstance(value, int) and abs(value) < 10**21:
            return str(value)
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if value == 0:
            return "0"
        mantissa, _, exponent = repr(abs(value)).partition("e")
        whole, _, fraction = mantissa.partition(".")
        digits = (whole + fraction).lstrip("0")
        point = len(whole) + int(exponent or 0) - (len(whole + fraction) - len(digits))
        digits = digits.rstrip("0")
        sign = "-" if value < 0 else ""
        if len(digits) <= point <= 21:
            return sign + digits + "0" * (point - len(digits))
        if 0 < point <= 21:
            return sign + digits[:point] + "." + digits[point:]
        if -6 < point <= 0:
            return sign + "0." + "0" * -point + digits
        power = point - 1
        rest = "." + digits[1:] if len(digits) > 1 else ""
        return sign + digits[0] + rest + "e" + ("+" if power >= 0 else "-") + str(abs(power))
    if isinstance(value, list):
        return "[" + ", ".join(${name('show')}(item, True) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{${name('show')}(key)}: {${name('show')}(item, True)}" for key, item in value.items()) + "}"
    if callable(value):
        return "<fn>"
    return str(value)`;
    case 'round_half_away':
      return `def ${name('round_half_away')}(x, digits=0):
    """Rounds to digits decimal places, halves away from zero (Python's round rounds them to even)."""
    if digits == 0 and -2**52 < x < 2**52:
        # A whole number stays an int, so it can index a list as it does in Whetstone. The fraction
        # is taken off exactly: + 0.5 would round 0.49999999999999994 up to 1.
        whole = math.floor(abs(x))
        return int(math.copysign(whole + 1 if abs(x) - whole >= 0.5 else whole, x))
    if digits == 0:
        # Whole already (a double from 2^52 on has no fraction), NaN or an infinity; an int up to 2^53.
        return int(x) if -2**53 <= x <= 2**53 else x
    factor = 10**digits
    # + 0.0 makes -0.0 (of a small negative x) 0: Whetstone's round never gives -0.
    return math.copysign(math.floor(abs(x) * factor + 0.5), x) / factor + 0.0`;
    case 'divide':
      return `def ${name('divide')}(a, b):
    """a / b as floating-point numbers divide: by zero it is an infinity or NaN, not an error."""
    if b == 0:
        if a == 0 or a != a:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1, b)
    return a / b`;
    case 'remainder':
      return `def ${name('remainder')}(a, b):
    """The remainder of a / b with the sign of a (Python's % takes the sign of b)."""
    if b == 0 or a != a or b != b or math.isinf(a):
        return math.nan
    if isinstance(a, int) and isinstance(b, int):
        rest = abs(a) % abs(b)
        # -0.0 for a negative dividend with no rest: Whetstone's -0, which a Python int cannot hold.
        return (-rest if rest else -0.0) if a < 0 else rest
    return math.fmod(a, b)`;
    case 'int32':
      return `def ${name('int32')}(x):
    """x as a bit operator sees it: truncated to a whole number and wrapped to 32 bits with a sign."""
    if isinstance(x, float):
        if not math.isfinite(x):
            return 0
        x = int(x)
    x &= 0xFFFFFFFF
    return x - 0x100000000 if x >= 0x80000000 else x`;
    case 'assert_that':
      return `def ${name('assert_that')}(condition, message="assertion failed"):
    """Whetstone's assert: stops the program with an error when the condition is false (python -O keeps it)."""
    if not condition:
        raise AssertionError(message)`;
    case 'WhetstoneError':
      return `class ${name('WhetstoneError')}(Exception):
    """What a Whetstone throw raises: an except takes only these."""`;
    case 'to_number':
      return `def ${name('to_number')}(text):
    """Whetstone's num: a decimal number or Infinity (a sign, blanks around), else NaN; not Python's other forms (1_000, inf, nan)."""
    text = text.strip()
    if not re.fullmatch(r"[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?|[+-]?Infinity", text):
        return math.nan
    value = float(text)
    return int(value) if value.is_integer() and abs(value) <= 2**53 and (value or not text.startswith("-")) else value`;
    case 'map_key':
      return `def ${name('map_key')}(key):
    """A key of a map as JavaScript's Map compares keys: -0.0 is 0.0, and every NaN is math.nan (a dict finds a NaN only as the same object)."""
    if type(key) is float:
        if key != key:
            return math.nan
        if key == 0:
            return 0.0
    return key`;
    case 'contains':
      return `def ${name('contains')}(container, value):
    """Whetstone's includes: a text in a text; a key of a dict; in a list, the same value (lists and dicts by identity, numbers by value, NaN found, True is not 1)."""
    if isinstance(container, (str, dict)):${
      halfAtAnEnd('value')
        ? `
        if isinstance(container, str) and (${halfAtAnEnd('value')}):
            return ${name('utf16_order')}(value) in ${name('utf16_order')}(container)  # ${halfFound}`
        : ''
    }
        return value in container
    for item in container:
        if item is value:
            return True
        if isinstance(item, (list, dict)) or isinstance(item, bool) != isinstance(value, bool):
            continue
        if isinstance(item, (int, float)) and isinstance(value, (int, float)):
            if item == value or (item != item and value != value):
                return True
        elif type(item) is type(value) and item == value:
            return True
    return False`;
    case 'split_text':
      return `def ${name('split_text')}(text, separator):
    """Whetstone's split: an empty separator gives the UTF-16 code units (the characters of a text below U+10000, each half of one above), where str.split raises."""
    if separator != "":${
      halfAtAnEnd('separator')
        ? `
        if ${halfAtAnEnd('separator')}:
            # ${halfFound}; each part whole again where it holds both halves.
            return [${name('paired')}(part) for part in ${name('utf16_order')}(text).split(${name('utf16_order')}(separator))]`
        : ''
    }
        return text.split(separator)
    if text.isascii() or ${name('length_of')}(text) == len(text):
        return list(text)
    # Either unit of a character above U+FFFF is its half, a lone surrogate, as in JavaScript.
    units = text.encode("utf-16-le", "surrogatepass")
    return [units[start:start + 2].decode("utf-16-le", "surrogatepass") for start in range(0, len(units), 2)]`;
    case 'repeat_list':
      return `def ${name('repeat_list')}(value, count):
    """Whetstone's repeat: count elements, each value; none below zero; a count that is not whole is an error."""
    if isinstance(count, float):
        if not count.is_integer():
            raise ValueError("repeat() count must be a whole number")
        count = int(count)
    return [value] * max(0, count)`;
    case 'index_of':
      return `def ${name('index_of')}(container, value):
    """JavaScript's indexOf: a text in a text (at its UTF-16 offset); in a list, the first element that is the same (=== : lists and dicts by identity, True is not 1, NaN never found); -1 when none is."""
    if isinstance(container, str):${
      halfAtAnEnd('value')
        ? `
        if ${halfAtAnEnd('value')}:
            return ${name('utf16_order')}(container).find(${name('utf16_order')}(value))  # ${halfFound}`
        : ''
    }
        found = container.find(value)
        return ${name('length_of')}(container[:found]) if found > 0 else found
    for index, item in enumerate(container):
        if item is value and not (isinstance(item, float) and item != item):
            return index
        if isinstance(item, (list, dict)) or isinstance(item, bool) != isinstance(value, bool):
            continue
        if isinstance(item, (int, float)) and isinstance(value, (int, float)):
            if item == value:
                return index
        elif type(item) is type(value) and item == value:
            return index
    return -1`;
    case 'slice_of':
      return `def ${name('slice_of')}(items, start, end=None):
    """JavaScript's slice: negative bounds count from the end, bounds past the ends stop there, a fractional one is truncated, NaN is 0; a text's bounds in UTF-16 units."""
    size = ${name('length_of')}(items)

    def bound(value):
        if value != value:
            return 0
        value = int(max(-size, min(size, value)))
        return value + size if value < 0 else value
    first, last = bound(start), size if end is None else bound(end)
    if isinstance(items, str) and not items.isascii():
        # In UTF-16 units: a bound inside a character above U+FFFF leaves its half, a lone surrogate, as in JavaScript.
        return items.encode("utf-16-le", "surrogatepass")[2 * first:2 * last].decode("utf-16-le", "surrogatepass")
    return items[first:last]`;
    case 'count_items':
      return `def ${name('count_items')}(items, value):
    """Whetstone's countItems: the elements the same as value, as includes finds them (lists and dicts by identity, NaN counted, True is not 1)."""
    return sum(1 for item in items if ${name('contains')}([item], value))`;
    case 'zero_fill':
      return `def ${name('zero_fill')}(text, width):
    """Whetstone's zeroFill: str.zfill of a whole width (a float one is an error, as Python's TypeError)."""
    if isinstance(width, bool) or width != width or width in (float("inf"), float("-inf")) or width != int(width):
        raise ValueError("zeroFill width must be a whole number")
    return text.zfill(int(width))`;
    case 'step_slice':
      return `def ${name('step_slice')}(items, start, end, step):
    """Whetstone's stepSlice: items[start:end:step] (None for a bound left out); a text's in UTF-16 units, as Whetstone indexes it."""
    for value in (start, end, step):
        if value is not None and (value != value or value in (float("inf"), float("-inf")) or value != int(value)):
            raise ValueError("slice bounds and step must be whole numbers")
    if step == 0:
        raise ValueError("slice step cannot be zero")
    cut = slice(None if start is None else int(start), None if end is None else int(end), int(step))
    if isinstance(items, str) and not items.isascii():
        units = items.encode("utf-16-le", "surrogatepass")
        return b"".join([units[at:at + 2] for at in range(0, len(units), 2)][cut]).decode("utf-16-le", "surrogatepass")
    return items[cut]`;
    case 'length_of':
      return `def ${name('length_of')}(value):
    """Whetstone's len: a text's length in UTF-16 code units, as JavaScript counts it (Python's len counts code points)."""
    if isinstance(value, str) and not value.isascii():
        return len(value.encode("utf-16-le", "surrogatepass")) // 2
    return len(value)`;
    case 'index_in':
      return `def ${name('index_in')}(items, index):
    """A whole index from 0 to the length - 1 of a list or text, as an int; any other index is an error in Whetstone (Python counts a negative one from the end). A dict's key as it is."""
    if type(items) is list and type(index) is int and index >= 0 or isinstance(items, dict):
        return index  # past the end of a list: IndexError where it is used
    size = ${name('length_of')}(items)
    if isinstance(index, bool) or not isinstance(index, (int, float)) or not 0 <= index < size or index != int(index):
        raise IndexError("index %s is outside a list or text of length %d" % (index, size))
    return int(index)`;
    case 'item_at':
      return `def ${name('item_at')}(items, index):
    """Whetstone's items[index]: a list's element, or a text's UTF-16 code unit, at an index from 0 to the length - 1 (any other is an error); a dict's value for a key, or None."""
    if type(items) is list and type(index) is int and index >= 0:
        return items[index]  # past the end: IndexError
    if isinstance(items, dict):
        return items.get(index)
    index = ${name('index_in')}(items, index)
    if isinstance(items, str) and not items.isascii():
        # Either unit of a character above U+FFFF is its half, a lone surrogate, as in JavaScript.
        return items.encode("utf-16-le", "surrogatepass")[2 * index:2 * index + 2].decode("utf-16-le", "surrogatepass")
    return items[index]`;
    case 'upper_text':
    case 'lower_text': {
      const which = helper === 'upper_text' ? 'upper' : 'lower';
      const table = lateCaseTable(which).map(([code, mapped]) => `${hex(code)}: ${[...mapped].length === 1 ? hex(mapped.codePointAt(0)!) : pythonText(mapped)}`);
      return `def ${name(helper)}(text):
    """Whetstone's ${which}: str.${which}, and the ${which === 'upper' ? 'capitals' : 'small letters'} Unicode gave after 14.0 (Python 3.11's tables) as Node gives them."""
    if text.isascii():
        return text.${which}()${which === 'upper' ? '' : `
    if "\\u03a3" in text and re.search("${LATE_CASE_CLASS}", text):
        raise ValueError("lower() of a text holding a \\u03a3 and a character Python's Unicode tables may not know: whether the sigma is final may differ")`}
    return text.${which}().translate({
${Array.from({ length: Math.ceil(table.length / 6) }, (_, row) => `        ${table.slice(row * 6, row * 6 + 6).join(', ')},
`).join('')}    })`;
    }
    case 'text_kind': {
      const classes = Object.entries(lateKindClasses()).map(([flag, found]) => `        "${flag}": "${found}",\n`).join('');
      return `def ${name('text_kind')}(text, kind):
    """Whetstone's isAlpha, isDecimal, isDigit, isAlnum, isSpace, isLower and isUpper: str's tests, and the characters Unicode gave or changed after 14.0 (Python 3.11's tables) as Node takes them."""
    late = re.compile("${LATE_KIND_CLASS}")
    if not late.search(text):
        return getattr(text, kind)()
    node = {
${classes}    }

    def has(character, flag):
        if late.match(character):
            return re.match(node[flag], character) is not None
        if flag == "title":
            return unicodedata.category(character) == "Lt"
        return getattr(character, "is" + flag)()

    if kind in ("islower", "isupper"):
        cased, other = ("lower", "upper") if kind == "islower" else ("upper", "lower")
        return not any(has(c, other) or has(c, "title") for c in text) and any(has(c, cased) for c in text)
    return text != "" and all(has(c, kind[2:]) for c in text)`;
    }
    case 'trim_text':
      return `def ${name('trim_text')}(text, side=""):
    """Whetstone's trim, trimStart ("start") and trimEnd ("end"): JavaScript's whitespace, where str.strip takes U+001C–U+001F and U+0085 too and keeps U+FEFF."""
    blanks = "${JS_WHITESPACE}"
    if side == "start":
        return text.lstrip(blanks)
    if side == "end":
        return text.rstrip(blanks)
    return text.strip(blanks)`;
    case 'substring_of':
      return `def ${name('substring_of')}(text, start, end=None):
    """JavaScript's substring: bounds below zero or NaN are 0, past the end the length, fractions truncated, the smaller first; in UTF-16 units."""
    size = ${name('length_of')}(text)

    def bound(value):
        return 0 if value != value else int(max(0, min(size, value)))
    low, high = bound(start), size if end is None else bound(end)
    return ${name('slice_of')}(text, min(low, high), max(low, high))`;
    case 'pad_text':
      return `def ${name('pad_text')}(text, length, fill=" ", side="start"):
    """JavaScript's padStart and padEnd ("end"): fill repeated up to length UTF-16 units, the last repetition cut (an error inside a character above U+FFFF); the text as it is when long enough or fill is empty."""
    size = ${name('length_of')}(text)
    if not length > size or fill == "":
        return text
    missing = int(length) - size
    filler = (fill * (missing // ${name('length_of')}(fill) + 1)).encode("utf-16-le", "surrogatepass")[: 2 * missing].decode("utf-16-le", "surrogatepass")
    if "\\ud800" <= filler[-1:] < "\\udc00":
        raise ValueError("padding to %d UTF-16 units would cut a character above U+FFFF in the fill in half" % int(length))
    return filler + text if side == "start" else text + filler`;
    case 'char_code_at':
      return `def ${name('char_code_at')}(text, index=0):
    """JavaScript's charCodeAt: the UTF-16 code unit at index (truncated, NaN as 0), NaN outside the text."""
    index = 0 if index != index else index
    units = text.encode("utf-16-le", "surrogatepass")
    if not -1 < index < len(units) // 2:  # truncated toward zero, -0.5 is 0
        return math.nan
    index = int(index)
    return units[2 * index] | units[2 * index + 1] << 8`;
    case 'char_at':
      return `def ${name('char_at')}(text, index=0):
    """JavaScript's charAt: the UTF-16 code unit at index (truncated, NaN as 0) as a text, "" outside the text."""
    index = 0 if index != index else index
    if not -1 < index < ${name('length_of')}(text):  # truncated toward zero, -0.5 is 0
        return ""
    index = int(index)
    return ${name('slice_of')}(text, index, index + 1)`;
    case 'from_char_code':
      return `def ${name('from_char_code')}(code):
    """JavaScript's String.fromCharCode of one code: truncated, modulo 65536 (NaN and the infinities 0); a surrogate alone is an error, since a Python text holds code points and two halves would not make one character."""
    unit = math.trunc(code) % 65536 if math.isfinite(code) else 0
    if 0xD800 <= unit < 0xE000:
        raise ValueError("fromCharCode(%d) is half of a character above U+FFFF, which a Python text cannot hold alone" % unit)
    return chr(unit)`;
    case 'minimum':
      return `def ${name('minimum')}(*values):
    """Whetstone's min, JavaScript's Math.min: NaN when any value is NaN, and -0.0 below 0 (Python's min skips NaN after the first value and takes the first of 0 and -0.0)."""
    result = min(values)
    for value in values:
        if value != value:
            return value
        if value == 0 == result and math.copysign(1, value) < 0:
            result = value
    return result`;
    case 'maximum':
      return `def ${name('maximum')}(*values):
    """Whetstone's max, JavaScript's Math.max: NaN when any value is NaN, and 0 above -0.0 (Python's max skips NaN after the first value and takes the first of 0 and -0.0)."""
    result = max(values)
    for value in values:
        if value != value:
            return value
        if value == 0 == result and math.copysign(1, value) > 0:
            result = value
    return result`;
    case 'utf16_order':
      return `def ${name('utf16_order')}(value):
    """A text as Whetstone orders it, by UTF-16 code units: each character above U+FFFF as its two surrogates (Python's str compares code points, another order between U+E000–U+FFFF and characters above U+FFFF); any other value as it is."""
    if not isinstance(value, str) or value.isascii() or max(value) < "\\U00010000":
        return value
    return re.sub("[\\U00010000-\\U0010FFFF]", lambda found: chr(0xD7C0 + (ord(found[0]) >> 10)) + chr(0xDC00 + (ord(found[0]) & 0x3FF)), value)`;
    case 'negate':
      return `def ${name('negate')}(x):
    """-x, where the negation of the int 0 is -0.0: Whetstone's -0, which a Python int cannot hold."""
    return -x if x else -float(x)`;
    case 'number_range':
      return `def ${name('number_range')}(start, end=None, step=1):
    """Whetstone's range: start, start + step, ... while below end (above it for a negative step), as JavaScript counts. Python's own range where the bounds are whole (its first value -0.0 when start is -0.0, Whetstone's -0, which an int cannot hold); counted here where one has a fraction, is NaN or is infinite."""
    if end is None:
        start, end = 0, start
    if step == 0:
        raise ValueError("range() arg 3 must not be zero")
    first = start
    negative_zero = first == 0 and math.copysign(1, first) < 0
    # Beyond 2^53 a float stays one: counted as JavaScript counts, where an int would count exactly.
    start, end, step = (int(x) if isinstance(x, float) and x.is_integer() and abs(x) <= 2**53 else x for x in (start, end, step))
    if type(start) is int and type(end) is int and type(step) is int:
        values = range(start, end, step)
        if values and negative_zero:
            return itertools.chain((-0.0,), values[1:])
        return values

    def counted(value):
        while value < end if step > 0 else value > end:
            yield value
            value = ${name('double')}(value + step)

    return counted(first if negative_zero else start)`;
    case 'multiply':
      return `def ${name('multiply')}(a, b):
    """a * b, where the int 0 times a negative int is -0.0: Whetstone's -0, which a Python int cannot hold; an int product beyond 2^53 as its float (see double)."""
    product = a * b
    if type(product) is int:
        if not product and (a < 0 or b < 0):
            return -0.0
        if not -9007199254740992 <= product <= 9007199254740992:
            return float(product)
    return product`;
    case 'concat':
      return `def ${name('concat')}(left, right):
    """left + right, where a text ending with the first half of a character above U+FFFF and one starting with its second half join into that character, as JavaScript's texts do (a Python str would hold two halves, not equal to the character)."""
    if type(left) is str and "\\ud800" <= left[-1:] < "\\udc00" and "\\udc00" <= right[:1] < "\\ue000":
        return left[:-1] + chr(0x10000 + ((ord(left[-1]) - 0xD800) << 10) + ord(right[0]) - 0xDC00) + right[1:]
    return left + right`;
    case 'paired':
      return `def ${name('paired')}(text):
    """The text with each first half of a character above U+FFFF that a second half follows joined with it into the character, as JavaScript's texts hold them (a Python str keeps two halves, not equal to the character)."""
    if text.isascii() or not re.search("[\\ud800-\\udbff][\\udc00-\\udfff]", text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")`;
    case 'halves_written':
      // An encoding error handler gives the UTF-8 encoder bytes (a text it takes only in ASCII).
      return `# Node writes half of a character above U+FFFF (a lone surrogate) as U+FFFD, where Python's UTF-8 raises.
codecs.register_error("${name('halves_written')}", lambda error: (b"\\xef\\xbf\\xbd" * (error.end - error.start), error.end))
sys.stdout.reconfigure(errors="${name('halves_written')}")`;
    case 'double':
      return `def ${name('double')}(x):
    """An int beyond 2^53 as its float: the double nearest to it, which is what JavaScript's + - * of two doubles holding whole numbers give (Python's int stays exact). Any other value as it is."""
    if type(x) is not int or -9007199254740992 <= x <= 9007199254740992:
        return x
    return float(x)`;
    case 'floor_of':
      return `def ${name('floor_of')}(x):
    """Whetstone's floor: NaN, the infinities and -0.0 as they are (math.floor raises on the first two and makes the int 0 of -0.0); else an int, or beyond 2^53 the float."""
    return math.floor(x) if -2**53 < x < 2**53 and (x or math.copysign(1, x) > 0) else x`;
    case 'ceil_of':
      return `def ${name('ceil_of')}(x):
    """Whetstone's ceil: NaN and the infinities as they are; -0.0 for a number from -1 to 0 below zero, or -0.0 (math.ceil makes the int 0, which has no sign); else an int, or beyond 2^53 the float."""
    if not -2**53 < x < 2**53:
        return x  # beyond 2^53 a double is whole already (math.ceil would make it an exact int)
    whole = math.ceil(x)
    return whole if whole or math.copysign(1, x) > 0 else -0.0`;
    case 'python_text':
      return `def ${name('python_text')}(value, nested=False):
    """Whetstone's pystr: what Python's print and str show (True, None, ['a', 1], {'k': 2}); numbers as show writes them."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, str):
        return repr(value) if nested else value
    if isinstance(value, list):
        return "[" + ", ".join(${name('python_text')}(item, True) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(${name('python_text')}(key, True) + ": " + ${name('python_text')}(item, True) for key, item in value.items()) + "}"
    return ${name('show')}(value)`;
    case 'node_text':
      return `def ${name('node_text')}(value):
    """Whetstone's jsstr: what Node's console.log shows (util.inspect's layout: [ 1, 'a' ], { a: 1 }, long lists in columns); a string at top level as it is."""
    if isinstance(value, str):
        return value
    meta = {0x08: "\\\\b", 0x09: "\\\\t", 0x0A: "\\\\n", 0x0C: "\\\\f", 0x0D: "\\\\r", 0x5C: "\\\\\\\\"}
    deepest = [0]  # util.inspect's currentDepth: the depth of the last list or object entered
    holding = []  # the lists and objects being shown, outermost first
    circular = {}  # id of a list or object that holds itself → its number, as util.inspect's ctx.circular

    def units(text):
        # JavaScript's length: UTF-16 code units.
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def quoted(text):
        # Single quotes; double quotes, then backticks, when the text has a single quote and not those.
        quote = "'"
        if "'" in text:
            if '"' not in text:
                quote = '"'
            elif "\`" not in text and "\${" not in text:
                quote = "\`"
        out = []
        for char in text:
            code = ord(char)
            if (char == "'" and quote == "'") or code < 32 or code == 0x5C or 127 <= code < 160:
                out.append(meta.get(code, "\\\\x%02X" % code) if code != 0x27 else "\\\\'")
            elif 0xD800 <= code <= 0xDFFF:
                out.append("\\\\u%x" % code)
            else:
                out.append(char)
        return quote + "".join(out) + quote

    def string(text, indent):
        trailer = ""
        if units(text) > 10000:
            remaining = units(text) - 10000
            text = text.encode("utf-16-le", "surrogatepass")[:20000].decode("utf-16-le", "surrogatepass")
            trailer = "... %d more character%s" % (remaining, "s" if remaining > 1 else "")
        if units(text) > 16 and units(text) > 80 - indent - 4:
            lines = re.split(r"(?<=\\n)", text)
            if len(lines) > 1 and lines[-1] == "":
                lines.pop()
            return (" +\\n" + " " * (indent + 2)).join(quoted(line) for line in lines) + trailer
        return quoted(text) + trailer

    def key_text(key):
        if key == "__proto__":
            return "['__proto__']"
        return key if re.fullmatch(r"[a-zA-Z_][a-zA-Z_0-9]*", key) else quoted(key)

    def is_index(key):
        return re.fullmatch(r"0|[1-9][0-9]*", key) is not None and int(key) < 2**32 - 1

    def is_number(item):
        return isinstance(item, (int, float)) and not isinstance(item, bool)

    def grouped(output, items, indent):
        # util.inspect's groupArrayElements: more than six items in as many columns as look square.
        count = len(output) - 1 if len(output) > 100 else len(output)
        widths = [${name('text_width')}(entry) for entry in output[:count]]
        total = sum(widths) + 2 * count
        longest = max(widths)
        actual_max = longest + 2
        if not (actual_max * 3 + indent < 80 and (total / actual_max > 5 or longest <= 6)):
            return output
        average_bias = math.sqrt(actual_max - total / len(output))
        biased_max = max(actual_max - 3 - average_bias, 1)
        columns = min(math.floor(math.sqrt(2.5 * biased_max * count) / biased_max + 0.5), (80 - indent) // actual_max, 12, 15)
        if columns <= 1:
            return output
        line_widths = [max(widths[i:count:columns], default=0) + 2 for i in range(columns)]
        numbers = all(is_number(items[i]) for i in range(len(output)))
        lines = []
        for start in range(0, count, columns):
            line = ""
            for j in range(start, min(start + columns, count)):
                last = j == min(start + columns, count) - 1
                cell = output[j] if last else output[j] + ", "
                padding = " " * (line_widths[j - start] - 2 - widths[j])
                line += padding + cell if numbers else cell if last else cell + padding
            lines.append(line)
        if len(output) > 100:
            lines.append(output[count])
        return lines

    def joined(output, braces, items, level, indent, base):
        entries = len(output)
        if items is not None and entries > 6:
            output = grouped(output, items, indent)
        head = base + " " + braces[0] if base else braces[0]
        if deepest[0] - level < 3 and entries == len(output):
            start = len(output) + indent + len(braces[0]) + len(base) + 10
            total = len(output) + start
            fits = total + len(output) <= 80
            for entry in output:
                total += units(entry)
                fits = fits and total <= 80
            single = ", ".join(output)
            if fits and "\\n" not in single:
                return head + " " + single + " " + braces[1]
        indentation = "\\n" + " " * indent
        return head + indentation + "  " + ("," + indentation + "  ").join(output) + indentation + braces[1]

    def enter(item, level):
        holding.append(item)
        deepest[0] = level + 1

    def reference(item):
        # A list or object met again inside itself is [Circular *n]; n counts such values in the order first met.
        return "[Circular *%d]" % circular.setdefault(id(item), len(circular) + 1)

    def base_of(item):
        # The value such a reference points to is marked <ref *n> where it is shown.
        return "<ref *%d>" % circular[id(item)] if id(item) in circular else ""

    def text(item, level, indent):
        if item is None:
            return "null"
        if isinstance(item, bool):
            return "true" if item else "false"
        if is_number(item):
            return "-0" if item == 0 and math.copysign(1, item) < 0 else ${name('show')}(item)
        if isinstance(item, str):
            return string(item, indent)
        if isinstance(item, (list, dict)) and any(item is outer for outer in holding):
            return reference(item)
        if isinstance(item, list):
            if not item:
                return "[]"
            if level > 2:
                return "[Array]"
            enter(item, level)
            output = [text(entry, level + 1, indent + 2) for entry in item[:100]]
            holding.pop()
            if len(item) > 100:
                output.append("... %d more item%s" % (len(item) - 100, "s" if len(item) > 101 else ""))
            return joined(output, ("[", "]"), item, level + 1, indent, base_of(item))
        if isinstance(item, dict):
            if not item:
                return "{}"
            if level > 2:
                return "[Object]"
            enter(item, level)
            # JavaScript lists an object's integer keys first, in increasing order.
            keys = [(key if isinstance(key, str) else ${name('show')}(key), entry) for key, entry in item.items()]
            index = [pair for pair in keys if is_index(pair[0])]
            rest = [pair for pair in keys if not is_index(pair[0])]
            output = [key_text(key) + ": " + text(entry, level + 1, indent + 2) for key, entry in sorted(index, key=lambda pair: int(pair[0])) + rest]
            holding.pop()
            return joined(output, ("{", "}"), None, level + 1, indent, base_of(item))
        raise TypeError("jsstr cannot show " + type(item).__name__ + " as Node does")

    return text(value, 0, 0)`;
    case 'text_width':
      return `def ${name('text_width')}(text):
    """Columns on a terminal, as Node's getStringWidth counts them (util.inspect lays long lists out in columns by them): of each character after NFC, 2 for a wide East Asian one or an emoji, 0 for a mark or a control, else 1. By the tables of ${NODE_WIDTHS_FROM}, not unicodedata's, whose Unicode may be older; unicodedata only composes (NFC), and the compositions that change a width are listed for a Python that lacks one."""
    if text.isascii():
        return sum(1 for char in text if " " <= char < "\\x7f")
    tables = getattr(${name('text_width')}, "tables", None)
    if tables is None:
        # Made on first use, kept on the function. Runs of one width: each as its start less the last start, in base 36, then a mark for its width.
        runs, start = [], 0
        for delta, mark in re.findall(r"(\\w+)([.,:])", ${pythonLines(cut(NODE_WIDTH_RUNS, '.,:'), 12)}):
            start += int(delta, 36)
            runs.append((start, ".,:".index(mark)))
        pairs = {}
        for first, second, made in re.findall(r"(\\w+)[+](\\w+)=(\\w+)", ${pythonLines(cut(NODE_WIDTH_COMPOSITIONS, ' '), 12)}):
            pairs[chr(int(first, 16)) + chr(int(second, 16))] = chr(int(made, 16))
        tables = ${name('text_width')}.tables = runs, pairs
    runs, pairs = tables
    chars = []
    for char in unicodedata.normalize("NFC", text):
        if chars and chars[-1] + char in pairs:
            chars[-1] = pairs[chars[-1] + char]
        else:
            chars.append(char)
    return sum(runs[bisect.bisect_right(runs, (ord(char), 3)) - 1][1] for char in chars)`;
    case 'concat_list':
      return `def ${name('concat_list')}(first, second):
    """Whetstone's concat (JavaScript's): the elements of first, then those of second, or second itself when it is not a list."""
    return [*first, *second] if isinstance(second, list) else [*first, second]`;
    case 'sum_of':
      return `def ${name('sum_of')}(items):
    """Whetstone's sum: the numbers added in order from 0, each sum a double as JavaScript's + gives it (Python's sum keeps ints beyond 2^53 exact and, from 3.12, adds floats with a compensation)."""
    total = 0
    for item in items:
        total = ${name('double')}(total + item)
    return total`;
    case 'walk_list':
      return `def ${name('walk_list')}(items):
    """The indices and elements a Whetstone list walk visits, as JavaScript's Array methods do: up to the length the list had at the start, stopping where it has become shorter."""
    for index in range(len(items)):
        if index >= len(items):
            return
        yield index, items[index]`;
    case 'map_list':
      return `def ${name('map_list')}(items, f, indexed=False):
    """Whetstone's map: f of each element (and its index) in order."""
    return [f(item, index) if indexed else f(item) for index, item in ${name('walk_list')}(items)]`;
    case 'filter_list':
      return `def ${name('filter_list')}(items, test, indexed=False):
    """Whetstone's filter: the elements test (of the element, and its index) passes, in order."""
    return [item for index, item in ${name('walk_list')}(items) if (test(item, index) if indexed else test(item))]`;
    case 'reduce_list':
      return `def ${name('reduce_list')}(items, f, indexed=False, *initial):
    """Whetstone's reduce: each element makes the next total f(total, item); without an initial value the first element starts, and an empty list is an error."""
    steps = ${name('walk_list')}(items)
    if initial:
        total = initial[0]
    else:
        first = next(steps, None)
        if first is None:
            raise TypeError("reduce() of an empty list with no initial value")
        total = first[1]
    for index, item in steps:
        total = f(total, item, index) if indexed else f(total, item)
    return total`;
    case 'some_of':
    case 'every_of':
    case 'find_in':
    case 'for_each':
      return `def ${name(helper)}(items, f, indexed=False):
    """Whetstone's ${{ some_of: 'some: whether f passes an element, stopping at the first that passes', every_of: 'every: whether f passes every element, stopping at the first that fails', find_in: 'find: the first element f passes, or None', for_each: 'forEach: f of each element (and its index) in order' }[helper]}."""
    for index, item in ${name('walk_list')}(items):
        ${{ some_of: 'if f(item, index) if indexed else f(item):\n            return True', every_of: 'if not (f(item, index) if indexed else f(item)):\n            return False', find_in: 'if f(item, index) if indexed else f(item):\n            return item', for_each: 'f(item, index) if indexed else f(item)' }[helper]}
    ${{ some_of: 'return False', every_of: 'return True', find_in: 'return None', for_each: 'return None' }[helper]}`;
    case 'last_index_of':
      return `def ${name('last_index_of')}(container, value):
    """JavaScript's lastIndexOf: a text in a text (at its UTF-16 offset; an empty one at the length); in a list, the last element that is the same, as index_of compares; -1 when none is."""
    if isinstance(container, str):${
      halfAtAnEnd('value')
        ? `
        if ${halfAtAnEnd('value')}:
            return ${name('utf16_order')}(container).rfind(${name('utf16_order')}(value))  # ${halfFound}`
        : ''
    }
        found = container.rfind(value)
        return ${name('length_of')}(container[:found]) if found > 0 else found
    found = ${name('index_of')}(container[::-1], value)
    return found if found < 0 else len(container) - 1 - found`;
    case 'py_int':
      return `def ${name('py_int')}(text, base=10):
    """Python's int(text, base) of an ASCII text; an error for other texts (which Python reads by Unicode rules) and for a number from 2^53."""
    if not isinstance(text, str) or not text.isascii() or isinstance(base, bool) or base != int(base) or not 2 <= base <= 36:
        raise ValueError("pyInt of other than an ASCII text, or in a base outside 2 to 36")
    value = int(text, int(base))
    if abs(value) >= 2**53:
        raise ValueError("pyInt from 2^53")
    return value`;
    case 'parse_integer':
      return `def ${name('parse_integer')}(text, radix=10):
    """JavaScript's parseInt(text, radix): the digits of the base at the start, after JavaScript's blanks, a sign (and 0x in base 16), as the nearest double (an int when whole and within 2^53, -0.0 for a minus zero); NaN without a digit first."""
    if not isinstance(text, str):
        text = ${name('show')}(text)
    if radix != 10:
        if radix != int(radix) or not 2 <= radix <= 36:
            raise ValueError("parseInteger radix outside 2 to 36")
        radix = int(radix)
        found = re.match(r"([+-]?)(0[xX])?([0-9a-zA-Z]*)", text.lstrip("${JS_WHITESPACE}"))
        digits = found.group(3) if radix == 16 else (found.group(2) or "") + found.group(3)
        count = next((at for at, char in enumerate(digits) if int(char, 36) >= radix), len(digits))
        if count == 0:
            return math.nan
        value = int(digits[:count], radix)
        if value >= 2**53 and radix & (radix - 1):
            raise ValueError("parseInteger from 2^53 in a base other than the powers of 2")
        value = -value if found.group(1) == "-" else value
        if value == 0:
            return -0.0 if found.group(1) == "-" else 0
        return value if abs(value) <= 2**53 else float(value)
    found = re.match(r"[+-]?[0-9]+", text.lstrip("${JS_WHITESPACE}"))
    if not found:
        return math.nan
    # float reads the digits to the nearest double (an infinity past the largest), as JavaScript does, with no limit on their number.
    value = float(found.group())
    if value == 0:
        return value if math.copysign(1, value) < 0 else 0
    return int(value) if abs(value) <= 2**53 else value`;
    case 'fill_list':
      return `def ${name('fill_list')}(items, value):
    """Whetstone's fill: every element set to value, in place."""
    items[:] = [value] * len(items)`;
    case 'find_index':
      return `def ${name('find_index')}(items, test, indexed=False):
    """Whetstone's findIndex: the index of the first element test passes, or -1."""
    for index, item in ${name('walk_list')}(items):
        if test(item, index) if indexed else test(item):
            return index
    return -1`;
    case 'flat_list':
      return `def ${name('flat_list')}(items):
    """Whetstone's flat (JavaScript's flat()): the elements, those that are lists replaced by their elements, one level deep."""
    out = []
    for item in items:
        if isinstance(item, list):
            out.extend(item)
        else:
            out.append(item)
    return out`;
    case 'repeat_text':
      return `def ${name('repeat_text')}(text, count):
    """JavaScript's repeat: the text count times, the count truncated (NaN is 0); a negative or infinite count is an error."""
    if count != count:
        count = 0
    if count < 0 or math.isinf(count):
        raise ValueError("repeatText() count must be from 0 up and finite, not %s" % count)
    return text * int(count)`;
    case 'fixed_digits':
      return `def ${name('fixed_digits')}(x, digits=0):
    """JavaScript's toFixed: digits (0 to 100, truncated) after the point from the exact binary value, a half away from zero (Python's format rounds it to even); -0 as 0, and NaN, the infinities and sizes from 1e21 as shown."""
    digits = 0 if digits != digits else digits
    if math.isinf(digits) or not 0 <= int(digits) <= 100:
        raise ValueError("toFixed() digits must be from 0 to 100, not %s" % digits)
    if x != x or math.isinf(x) or abs(x) >= 1e21:
        return ${name('show')}(x)
    with decimal.localcontext() as context:
        context.prec = 200
        fixed = decimal.Decimal(x if x != 0 else 0).quantize(decimal.Decimal(1).scaleb(-int(digits)), rounding=decimal.ROUND_HALF_UP)
    return format(fixed, "f")`;
    case 'format_fixed':
      return `def ${name('format_fixed')}(x, digits):
    """Whetstone's formatFixed: format(x, ".Nf") of a whole number of digits from 0 to 100 (other digits are an error, as in every target)."""
    if isinstance(digits, bool) or digits != digits or digits in (float("inf"), float("-inf")) or digits != int(digits) or not 0 <= digits <= 100:
        raise ValueError("formatFixed digits must be a whole number from 0 to 100")
    return format(float(x), ".%df" % int(digits))`;
    case 'radix_text':
      return `def ${name('radix_text')}(n, radix, prefix=""):
    """Whetstone's radixText: a whole number in base radix, the sign first, then prefix (bin, oct and hex's 0b, 0o, 0x)."""
    if n != n or n in (float("inf"), float("-inf")) or n != int(n) or abs(n) > 9007199254740991 or radix != int(radix) or not 2 <= radix <= 36:
        raise ValueError("radixText of a number that is not whole within 2^53, or a radix outside 2 to 36")
    whole, radix, digits = abs(int(n)), int(radix), ""
    while True:
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[whole % radix] + digits
        whole //= radix
        if whole == 0:
            return ("-" if n < 0 else "") + prefix + digits`;
    case 'js_keys':
      return `def ${name('js_keys')}(mapping, values=False):
    """Whetstone's jsKeys (jsValues with values): the keys as JavaScript walks an object's, texts that are array indexes ("2", "10") first in numeric order, then the others in insertion order."""
    def is_index(key):
        return type(key) is str and re.fullmatch(r"0|[1-9][0-9]*", key) is not None and int(key) < 2**32 - 1
    keys = sorted((key for key in mapping if is_index(key)), key=int) + [key for key in mapping if not is_index(key)]
    return [mapping[key] for key in keys] if values else keys`;
    case 'js_truthy':
      return `def ${name('js_truthy')}(value):
    """Whetstone's jsTruthy: JavaScript's truth (None, False, 0, -0, NaN and "" are false; every list and dict is true)."""
    if value is None or isinstance(value, bool):
        return value is True
    if isinstance(value, (int, float)):
        return value == value and value != 0
    return not isinstance(value, str) or value != ""`;
    case 'gcd_of':
      return `def ${name('gcd_of')}(a, b):
    """Whetstone's gcd: of two whole numbers within 2^53, never negative."""
    if not (abs(a) <= 9007199254740991 and abs(b) <= 9007199254740991 and a == int(a) and b == int(b)):
        raise ValueError("gcd of a number that is not whole within 2^53")
    return math.gcd(int(a), int(b))`;
    case 'isqrt_of':
      return `def ${name('isqrt_of')}(n):
    """Whetstone's isqrt: the largest whole number whose square is at most n."""
    if not (0 <= n <= 9007199254740991 and n == int(n)):
        raise ValueError("isqrt of a number that is not whole from 0 to 2^53")
    return math.isqrt(int(n))`;
    case 'factorial_of':
      return `def ${name('factorial_of')}(n):
    """Whetstone's factorial: n! of a whole n from 0 to 18 (from 19 on a double would round it)."""
    if not (0 <= n <= 18 and n == int(n)):
        raise ValueError("factorial of a number that is not whole from 0 to 18")
    return math.factorial(int(n))`;
    case 'sign_of':
      return `def ${name('sign_of')}(x):
    """Math.sign: 1 or -1, and 0, -0 and NaN as they are."""
    return x if x == 0 or x != x else (1 if x > 0 else -1)`;
    case 'splice_list':
      return `def ${name('splice_list')}(items, start, count, inserted=()):
    """JavaScript's splice: removes count elements from start and puts inserted there, in place; returns the removed ones. A negative start counts from the end, both stop at the ends, fractions are truncated, NaN is 0."""
    def whole(value):
        if value != value:
            return 0
        return value if math.isinf(value) else int(value)
    size = len(items)
    begin = whole(start)
    begin = max(size + begin, 0) if begin < 0 else min(begin, size)
    end = begin + min(max(whole(count), 0), size - begin)
    removed = items[begin:end]
    items[begin:end] = list(inserted)
    return removed`;
    case 'to_int':
      return `def ${name('to_int')}(value):
    """Whetstone's int: a number toward zero (NaN and the infinities stay); a text of decimal digits (a sign, blanks around) as its int, else NaN."""
    if isinstance(value, str):
        text = value.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            return math.nan
        # The double nearest, as JavaScript reads the digits (an infinity beyond its range).
        value = float(text)
    if not -2**53 <= value <= 2**53:
        # NaN and the infinities stay; beyond 2^53 a double is whole already (an int would be exact).
        return value
    whole = int(value)
    # -0.0 for "-0" and a number from -1 to 0 below zero: Whetstone's -0, which a Python int cannot hold.
    return -0.0 if whole == 0 and math.copysign(1, value) < 0 else whole`;
    case 'square_root':
      return `def ${name('square_root')}(x):
    """The square root as JavaScript's Math.sqrt: NaN below zero; a whole root as an int, so it can index a list."""
    if x != x or x < 0:
        return math.nan
    if x == 0:
        return x  # the root of -0.0 is -0.0
    root = math.sqrt(x)
    return int(root) if root.is_integer() and root < 2**53 else root`;
    case 'power':
      return `def ${name('power')}(x, y):
    """x to the power y as JavaScript's Math.pow: Infinity or NaN where Python raises; a whole result as an int."""
    if abs(x) == 1 and not math.isfinite(y):
        return math.nan
    odd = float(y).is_integer() and y % 2 == 1
    try:
        result = math.pow(x, y)
    except OverflowError:
        result = -math.inf if x < 0 and odd else math.inf
    except ValueError:
        # 0 to a negative power is an infinity; a negative number to a fractional power is NaN.
        result = (-math.inf if math.copysign(1, x) < 0 and odd else math.inf) if x == 0 else math.nan
    return int(result) if result.is_integer() and abs(result) < 2**53 and (result or math.copysign(1, result) > 0) else result`;
  }
}
