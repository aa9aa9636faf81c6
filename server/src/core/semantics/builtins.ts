// The built-in functions of docs/LANGUAGE.md "Built-ins", with the signatures the checker uses and
// the short docs hover shows. A few built-ins are generic over their argument (len, push, keys,
// values); `refine` gives them their precise checks and result type for the actual arguments.
import {
  ANY,
  BOOL,
  NUMBER,
  STRING,
  VOID,
  listOf,
  makeOptional,
  mapOf,
  stripOptional,
  typeToString,
  type FunctionType,
  type ParameterType,
  type Type,
} from './types';

/** What a built-in's refine step reports about one call. */
export interface RefinedCall {
  returnType?: Type;
  /** Problems with particular arguments (index into the call's arguments). */
  argumentProblems?: { index: number; message: string }[];
}

export interface BuiltinFunction {
  readonly name: string;
  /** Arity and parameter types as checked generically; generic parameters are any here. */
  readonly type: FunctionType;
  /** How hover shows it; may name type parameters (T, K, V) the checker does not have. */
  readonly signature: string;
  readonly doc: string;
  /** Checks and result type that depend on the argument types; `fits(source, target)` is assignability. */
  readonly refine?: (args: readonly Type[], fits: (source: Type, target: Type) => boolean) => RefinedCall;
}

function param(name: string, type: Type, hasDefault = false, defaultText?: string): ParameterType {
  return defaultText === undefined ? { name, type, hasDefault } : { name, type, hasDefault, defaultText };
}

function fn(params: ParameterType[], returnType: Type, rest?: { name: string; type: Type }): FunctionType {
  return rest ? { kind: 'function', params, rest, returnType, async: false } : { kind: 'function', params, returnType, async: false };
}

const numberToNumber = (name: string, doc: string): BuiltinFunction => ({
  name,
  type: fn([param('x', NUMBER)], NUMBER),
  signature: `fn ${name}(x: number): number`,
  doc,
});

const problem = (index: number, message: string): RefinedCall => ({ argumentProblems: [{ index, message }] });

/** sort and sorted: without a comparison, only numbers and strings have an order. */
function orderable(name: string, list: Type | undefined, compare: Type | undefined): RefinedCall {
  const type = list ? stripOptional(list) : ANY;
  if (type.kind !== 'list' && type.kind !== 'any') return problem(0, `${name}() takes a list, not ${typeToString(type)}`);
  if (compare || type.kind !== 'list') return {};
  const element = stripOptional(type.element);
  if (['any', 'number', 'string'].includes(element.kind)) return {};
  return problem(0, `${name}() without a comparison orders numbers and strings, not ${typeToString(type.element)}; pass fn(a, b) => …`);
}

/** A built-in of one text and more texts, giving `result`. */
const onText = (name: string, others: string[], result: Type, doc: string): BuiltinFunction => ({
  name,
  type: fn([param('text', STRING), ...others.map((other) => param(other, STRING))], result),
  signature: `fn ${name}(${['text', ...others].map((other) => `${other}: string`).join(', ')}): ${typeToString(result)}`,
  doc,
});

/** Texts: case, blanks at the ends, prefixes, replacing, counting, cutting, padding and code units (docs/LANGUAGE.md "Built-ins"). */
const TEXT_BUILTINS: readonly BuiltinFunction[] = [
  onText('upper', [], STRING, 'The text in capitals by Unicode\'s default case mapping, without a locale (`upper("straße")` is "STRASSE").'),
  onText('lower', [], STRING, 'The text in small letters by Unicode\'s default case mapping, without a locale (a final Σ becomes ς).'),
  onText('trim', [], STRING, "The text without the blanks at its start and end: JavaScript's whitespace (spaces of Unicode's Zs, tab, line breaks, U+FEFF), not U+001C–U+001F or U+0085."),
  onText('trimStart', [], STRING, 'The text without the blanks at its start (those `trim` takes off).'),
  onText('trimEnd', [], STRING, 'The text without the blanks at its end (those `trim` takes off).'),
  onText('startsWith', ['prefix'], BOOL, 'Whether the text begins with `prefix` (every text begins with "").'),
  onText('endsWith', ['suffix'], BOOL, 'Whether the text ends with `suffix` (every text ends with "").'),
  onText('replace', ['old', 'new'], STRING, 'The text with each occurrence of `old`, from the start and not overlapping, replaced by `new` as it is (no `$` patterns). An empty `old` puts `new` before each character and at the end; a character above U+FFFF is one character there.'),
  onText('countOf', ['part'], NUMBER, 'How many times `part` occurs in the text, from the start and not overlapping; for an empty `part`, the number of characters plus one (a character above U+FFFF counts once).'),
  {
    name: 'substring',
    type: fn([param('text', STRING), param('start', NUMBER), param('end', NUMBER, true)], STRING),
    signature: 'fn substring(text: string, start: number, end?: number): string',
    doc: "JavaScript's substring: the UTF-16 units from the smaller of `start` and `end` up to the larger (to the end without `end`). Bounds below zero or NaN are 0, past the end are the length; fractions are truncated.",
  },
  ...(['padStart', 'padEnd'] as const).map(
    (name): BuiltinFunction => ({
      name,
      type: fn([param('text', STRING), param('length', NUMBER), param('fill', STRING, true, '" "')], STRING),
      signature: `fn ${name}(text: string, length: number, fill: string = " "): string`,
      doc: `JavaScript's ${name}: the text with \`fill\` repeated ${name === 'padStart' ? 'before' : 'after'} it up to \`length\` UTF-16 units, the last repetition cut; the text as it is when it is that long already or \`fill\` is empty. A fractional length is truncated.`,
    }),
  ),
  {
    name: 'charCodeAt',
    type: fn([param('text', STRING), param('index', NUMBER, true, '0')], NUMBER),
    signature: 'fn charCodeAt(text: string, index: number = 0): number',
    doc: "JavaScript's charCodeAt: the UTF-16 code unit at `index` (0 to 65535; half of a character above U+FFFF is a surrogate), NaN when the index is outside the text. A fractional index is truncated, NaN is 0.",
  },
  {
    name: 'charAt',
    type: fn([param('text', STRING), param('index', NUMBER, true, '0')], STRING),
    signature: 'fn charAt(text: string, index: number = 0): string',
    doc: "JavaScript's charAt: the UTF-16 code unit at `index` as a text (half of a character above U+FFFF is a surrogate), \"\" when the index is outside the text. A fractional index is truncated, NaN is 0.",
  },
  {
    name: 'fromCharCode',
    type: fn([param('code', NUMBER)], STRING),
    signature: 'fn fromCharCode(code: number): string',
    doc: "JavaScript's String.fromCharCode of one code: the text of that one UTF-16 code unit, the code truncated and taken modulo 65536 (NaN and the infinities are 0).",
  },
  // Python's strip with characters and zfill: texts by characters (code points), as Python counts them.
  ...(['trimChars', 'trimStartChars', 'trimEndChars'] as const).map((name) =>
    onText(name, ['chars'], STRING, `The text without the characters of \`chars\` (any of them, in any order) at ${name === 'trimChars' ? 'both ends' : name === 'trimStartChars' ? 'its start' : 'its end'}, as Python's \`str.${name === 'trimChars' ? 'strip' : name === 'trimStartChars' ? 'lstrip' : 'rstrip'}(chars)\`; a character above U+FFFF is one character.`),
  ),
  {
    name: 'zeroFill',
    type: fn([param('text', STRING), param('width', NUMBER)], STRING),
    signature: 'fn zeroFill(text: string, width: number): string',
    doc: "Python's `str.zfill`: the text with `0`s put before it, after a leading `+` or `-`, up to `width` characters (a character above U+FFFF is one); the text as it is when it is that long already. A width that is not a whole number stops the program with an error.",
  },
  {
    name: 'formatFixed',
    type: fn([param('x', NUMBER), param('digits', NUMBER)], STRING),
    signature: 'fn formatFixed(x: number, digits: number): string',
    doc: "Python's `format(x, \".2f\")` and C's `%.2f`: `x` with exactly `digits` (a whole number, 0 to 100) digits after the point, from the exact binary value of `x`, a half rounded to the even digit (`formatFixed(2.5, 0)` is \"2\", `formatFixed(0.125, 2)` is \"0.12\"; `toFixed` rounds them away from zero). -0 keeps its sign (\"-0.00\"), every digit of a large number is written (no exponent), NaN is \"nan\" and the infinities \"inf\" and \"-inf\"; other digits stop the program with an error.",
  },
  // Python's s.split() and list(s): a text's words and characters, as Python counts them.
  onText('splitWords', [], listOf(STRING), "The parts of the text between runs of Python's whitespace (`str.split()` without a separator: space, tab, line breaks, U+001C–U+001F, U+0085, Unicode's Zs; not U+FEFF), none empty: whitespace at the ends gives no part, and a text of whitespace only gives `[]`."),
  onText('charsOf', [], listOf(STRING), 'The characters of the text in order, as a list of texts of one character each (`list(s)` in Python, `[...s]` in JavaScript): a character above U+FFFF is one element.'),
  // Python's str tests: false for the empty text; characters by Unicode's categories and properties.
  onText('isAlpha', [], BOOL, "Whether the text is not empty and every character is a letter (Unicode category L: Lu, Ll, Lt, Lm, Lo), as Python's `str.isalpha`."),
  onText('isDecimal', [], BOOL, "Whether the text is not empty and every character is a decimal digit (Unicode category Nd: `0`–`9`, `٣`, `३`…), as Python's `str.isdecimal`."),
  onText('isDigit', [], BOOL, "Whether the text is not empty and every character is a digit: a decimal digit or another of Numeric_Type Digit (`²`, `①`), as Python's `str.isdigit`."),
  onText('isAlnum', [], BOOL, "Whether the text is not empty and every character is a letter or a number (Unicode categories L and N: `½` and `Ⅻ` too), as Python's `str.isalnum`."),
  onText('isSpace', [], BOOL, "Whether the text is not empty and every character is Python's whitespace (`str.isspace`: space, tab, line breaks, U+001C–U+001F, U+0085, Unicode's Zs; not U+FEFF)."),
  onText('isLower', [], BOOL, "Whether the text holds a small letter (Unicode's Lowercase) and no capital or title-case letter, as Python's `str.islower` (`isLower(\"a1\")` is true, `isLower(\"1\")` false)."),
  onText('isUpper', [], BOOL, "Whether the text holds a capital (Unicode's Uppercase) and no small or title-case letter, as Python's `str.isupper` (`isUpper(\"A1\")` is true, `isUpper(\"1\")` false)."),
];

const BUILTIN_LIST: readonly BuiltinFunction[] = [
  {
    name: 'print',
    type: fn([], VOID, { name: 'values', type: ANY }),
    signature: 'fn print(...values: any): void',
    doc: 'Writes its arguments separated by one space, then a newline. Strings print as they are; strings inside lists and objects are double-quoted.',
  },
  {
    name: 'len',
    type: fn([param('value', ANY)], NUMBER),
    signature: 'fn len(value: list<T> | string | map<K, V>): number',
    doc: 'The number of elements of a list, UTF-16 code units of a string, or entries of a map.',
    refine: ([value]) => {
      const type = value ? stripOptional(value) : ANY;
      if (['any', 'list', 'string', 'map', 'object'].includes(type.kind)) return {};
      return problem(0, `len() takes a list, a string or a map, not ${typeToString(type)}`);
    },
  },
  {
    name: 'push',
    type: fn([param('list', listOf(ANY)), param('value', ANY)], VOID),
    signature: 'fn push(list: list<T>, value: T): void',
    doc: 'Appends `value` to the end of `list` (lists are mutable).',
    refine: ([list, value], fits) => {
      const listType = list ? stripOptional(list) : ANY;
      if (listType.kind === 'list' && value && !fits(value, listType.element)) {
        return problem(1, `Cannot push ${typeToString(value)} onto ${typeToString(listType)}`);
      }
      return {};
    },
  },
  {
    name: 'includes',
    type: fn([param('container', ANY), param('value', ANY)], BOOL),
    signature: 'fn includes(container: list<T> | string | map<K, V>, value: T | string | K): bool',
    doc: 'Whether the text `container` contains the text `value`, the list `container` has an element equal to `value` (lists and records by identity, NaN is found), or the map `container` has the key `value`.',
    refine: ([container, value]) => {
      const type = container ? stripOptional(container) : ANY;
      if (type.kind === 'string' && value && !['string', 'any'].includes(stripOptional(value).kind)) return problem(1, `includes() looks for a string in a string, not ${typeToString(value)}`);
      if (['any', 'list', 'string', 'map', 'object'].includes(type.kind)) return {};
      return problem(0, `includes() takes a list, a string, a map or an object, not ${typeToString(type)}`);
    },
  },
  {
    name: 'split',
    type: fn([param('text', STRING), param('separator', STRING)], listOf(STRING)),
    signature: 'fn split(text: string, separator: string): list<string>',
    doc: 'The parts of `text` between occurrences of `separator`, in order (`split("a,b", ",")` is ["a", "b"]); an empty separator gives the characters of `text`.',
  },
  {
    name: 'join',
    type: fn([param('items', listOf(ANY)), param('separator', STRING)], STRING),
    signature: 'fn join(items: list<string | number>, separator: string): string',
    doc: 'The items, each as `str` shows it, with `separator` between them (`join(["a", "b"], "-")` is "a-b").',
    refine: ([items]) => {
      const type = items ? stripOptional(items) : ANY;
      if (type.kind === 'any') return {};
      if (type.kind !== 'list') return problem(0, `join() takes a list, not ${typeToString(type)}`);
      const element = stripOptional(type.element);
      if (['any', 'string', 'number'].includes(element.kind)) return {};
      return problem(0, `join() joins strings and numbers, not ${typeToString(type.element)}`);
    },
  },
  {
    name: 'reversed',
    type: fn([param('items', ANY)], listOf(ANY)),
    signature: 'fn reversed(items: list<T> | string): list<T>',
    doc: 'A new list with the items in reverse order; of a string, its characters in reverse order (`join(reversed("abc"), "")` is "cba"). The argument is not changed.',
    refine: ([items]) => {
      const type = items ? stripOptional(items) : ANY;
      if (type.kind === 'list') return { returnType: listOf(type.element) };
      if (type.kind === 'string') return { returnType: listOf(STRING) };
      if (type.kind === 'any') return {};
      return problem(0, `reversed() takes a list or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'reverse',
    type: fn([param('list', listOf(ANY))], VOID),
    signature: 'fn reverse(list: list<T>): void',
    doc: 'Reverses `list` in place.',
  },
  {
    name: 'sort',
    type: fn([param('list', listOf(ANY)), param('compare', ANY, true)], VOID),
    signature: 'fn sort(list: list<T>, compare?: fn(a: T, b: T): number): void',
    doc: 'Sorts `list` in place, stably: by `compare` (negative when `a` goes first, positive when `b` does), or without it numbers from the smallest and strings by their UTF-16 code units.',
    refine: ([list, compare]) => orderable('sort', list, compare),
  },
  {
    name: 'sorted',
    type: fn([param('list', listOf(ANY)), param('compare', ANY, true)], listOf(ANY)),
    signature: 'fn sorted(list: list<T>, compare?: fn(a: T, b: T): number): list<T>',
    doc: 'A new list of the elements of `list` in the order `sort` would give them; `list` is not changed.',
    refine: ([list, compare]) => {
      const checked = orderable('sorted', list, compare);
      const type = list ? stripOptional(list) : ANY;
      return type.kind === 'list' ? { ...checked, returnType: listOf(type.element) } : checked;
    },
  },
  {
    name: 'indexOf',
    type: fn([param('container', ANY), param('value', ANY)], NUMBER),
    signature: 'fn indexOf(container: list<T> | string, value: T | string): number',
    doc: 'Where `value` first occurs: the index of the first element that is the same as `value` (lists and records by identity; NaN is never found), or of the first occurrence of the text `value` in the text `container` (in UTF-16 units); -1 when it does not occur.',
    refine: ([container, value]) => {
      const type = container ? stripOptional(container) : ANY;
      if (type.kind === 'string' && value && !['string', 'any'].includes(stripOptional(value).kind)) return problem(1, `indexOf() looks for a string in a string, not ${typeToString(value)}`);
      if (['any', 'list', 'string'].includes(type.kind)) return {};
      return problem(0, `indexOf() takes a list or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'slice',
    type: fn([param('items', ANY), param('start', NUMBER), param('end', NUMBER, true)], ANY),
    signature: 'fn slice(items: list<T> | string, start: number, end?: number): list<T> | string',
    doc: 'A new list (or text) of the elements from `start` up to `end`, not included (to the end without it). A negative bound counts from the end; bounds past either end stop there; a fractional bound is truncated.',
    refine: ([items]) => {
      const type = items ? stripOptional(items) : ANY;
      if (type.kind === 'list' || type.kind === 'string') return { returnType: type };
      if (type.kind === 'any') return {};
      return problem(0, `slice() takes a list or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'countItems',
    type: fn([param('list', listOf(ANY)), param('value', ANY)], NUMBER),
    signature: 'fn countItems(list: list<T>, value: T): number',
    doc: 'How many elements of `list` are the same as `value`, as `includes` finds them (lists and records by identity, NaN counted, `true` is not 1).',
  },
  {
    name: 'stepSlice',
    type: fn([param('items', ANY), param('start', makeOptional(NUMBER)), param('end', makeOptional(NUMBER)), param('step', NUMBER)], ANY),
    signature: 'fn stepSlice(items: list<T> | string, start: number?, end: number?, step: number): list<T> | string',
    doc: "Python's `items[start:end:step]`: a new list (or text) of every `step`-th element from `start` towards `end`, not included, backwards for a negative `step` (`stepSlice(xs, null, null, -1)` is `xs` reversed). A bound left out (`null`) is the end the step starts or stops at; a negative bound counts from the end; bounds past the ends stop there. A text's elements are UTF-16 units. A `step` of 0 or a bound or step that is not a whole number stops the program with an error.",
    refine: ([items]) => {
      const type = items ? stripOptional(items) : ANY;
      if (type.kind === 'list' || type.kind === 'string') return { returnType: type };
      if (type.kind === 'any') return {};
      return problem(0, `stepSlice() takes a list or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'splice',
    type: fn([param('list', ANY), param('start', NUMBER), param('count', NUMBER), param('items', ANY, true, '[]')], listOf(ANY)),
    signature: 'fn splice(list: list<T>, start: number, count: number, items: list<T> = []): list<T>',
    doc: 'Removes `count` elements of `list` from `start` and puts `items` in their place, in place; returns the removed elements. A negative `start` counts from the end; `start` and `count` stop at the ends; fractions are truncated and NaN is 0.',
    refine: ([list, , , items], fits) => {
      const listType = list ? stripOptional(list) : ANY;
      if (listType.kind !== 'list' && listType.kind !== 'any') return problem(0, `splice() takes a list, not ${typeToString(listType)}`);
      const itemsType = items ? stripOptional(items) : ANY;
      if (itemsType.kind !== 'list' && itemsType.kind !== 'any') return problem(3, `splice() takes its items as a list, not ${typeToString(itemsType)}`);
      if (listType.kind === 'list' && itemsType.kind === 'list' && !fits(itemsType.element, listType.element)) return problem(3, `Cannot splice ${typeToString(itemsType)} into ${typeToString(listType)}`);
      return { returnType: listType.kind === 'list' ? listType : listOf(ANY) };
    },
  },
  {
    name: 'repeat',
    type: fn([param('value', ANY), param('count', NUMBER)], listOf(ANY)),
    signature: 'fn repeat(value: T, count: number): list<T>',
    doc: 'A new list of `count` elements, each `value` (the same value, not copies: `repeat([], 3)` holds one list three times). A count below zero gives an empty list; a count that is not a whole number stops the program with an error.',
    refine: ([value]) => ({ returnType: listOf(value ?? ANY) }),
  },
  {
    name: 'keys',
    type: fn([param('map', mapOf(ANY, ANY))], listOf(ANY)),
    signature: 'fn keys(map: map<K, V>): list<K>',
    doc: 'The keys of a map, in insertion order.',
    refine: ([map]) => {
      const type = map ? stripOptional(map) : ANY;
      if (type.kind === 'map') return { returnType: listOf(type.key) };
      if (type.kind === 'object') return { returnType: listOf(STRING) };
      return {};
    },
  },
  {
    name: 'jsKeys',
    type: fn([param('map', mapOf(ANY, ANY))], listOf(ANY)),
    signature: 'fn jsKeys(map: map<K, V>): list<K>',
    doc: 'The keys of a map in the order JavaScript walks an object\'s: the texts that are array indexes (`"0"`, `"2"`, `"10"`: a whole number below 2^32 - 1 written without a sign or leading zero) first, in numeric order, then the other keys in insertion order. What an imported JavaScript or TypeScript program\'s `Object.keys`, `for…in` and `Object.entries` walk.',
    refine: ([map]) => {
      const type = map ? stripOptional(map) : ANY;
      if (type.kind === 'map') return { returnType: listOf(type.key) };
      if (type.kind === 'object') return { returnType: listOf(STRING) };
      return {};
    },
  },
  {
    name: 'jsValues',
    type: fn([param('map', mapOf(ANY, ANY))], listOf(ANY)),
    signature: 'fn jsValues(map: map<K, V>): list<V>',
    doc: 'The values of a map in the order `jsKeys` gives its keys: what an imported JavaScript or TypeScript program\'s `Object.values` walks.',
    refine: ([map]) => {
      const type = map ? stripOptional(map) : ANY;
      return type.kind === 'map' ? { returnType: listOf(type.value) } : {};
    },
  },
  {
    name: 'values',
    type: fn([param('map', mapOf(ANY, ANY))], listOf(ANY)),
    signature: 'fn values(map: map<K, V>): list<V>',
    doc: 'The values of a map, in insertion order.',
    refine: ([map]) => {
      const type = map ? stripOptional(map) : ANY;
      return type.kind === 'map' ? { returnType: listOf(type.value) } : {};
    },
  },
  {
    name: 'removeKey',
    type: fn([param('map', mapOf(ANY, ANY)), param('key', ANY)], VOID),
    signature: 'fn removeKey(map: map<K, V>, key: K): void',
    doc: 'Removes the entry of `key` from the map, in place; nothing when it holds no such key (JavaScript\'s `delete`, Python\'s `pop(key, None)`).',
    refine: ([map, key], fits) => {
      const type = map ? stripOptional(map) : ANY;
      if (type.kind === 'map' && key && !fits(key, type.key)) return problem(1, `The key is ${typeToString(key)}, not ${typeToString(type.key)}`);
      return {};
    },
  },
  {
    name: 'range',
    type: fn([param('start', NUMBER), param('end', NUMBER, true), param('step', NUMBER, true, '1')], listOf(NUMBER)),
    signature: 'fn range(n: number): list<number>  |  fn range(start: number, end: number): list<number>  |  fn range(start: number, end: number, step: number): list<number>',
    doc: '`range(n)` is 0, 1, … n-1; `range(a, b)` is a, a+1, … b-1; `range(a, b, step)` goes by `step` (down while above `b` when it is negative; a step of 0 stops the program with an error). Used as `for i in range(n) { … }`.',
  },
  {
    name: 'min',
    type: fn([param('first', NUMBER)], NUMBER, { name: 'rest', type: NUMBER }),
    signature: 'fn min(first: number, ...rest: number): number',
    doc: 'The smallest of its arguments (at least one).',
  },
  {
    name: 'max',
    type: fn([param('first', NUMBER)], NUMBER, { name: 'rest', type: NUMBER }),
    signature: 'fn max(first: number, ...rest: number): number',
    doc: 'The largest of its arguments (at least one).',
  },
  // The smallest and largest element of a list, as JavaScript's Math.min(...xs) and Math.max(...xs).
  {
    name: 'minOf',
    type: fn([param('list', listOf(NUMBER))], NUMBER),
    signature: 'fn minOf(list: list<number>): number',
    doc: 'The smallest element of `list`, as `min` compares: NaN when any element is NaN, -0 below 0, and Infinity for an empty list.',
  },
  {
    name: 'maxOf',
    type: fn([param('list', listOf(NUMBER))], NUMBER),
    signature: 'fn maxOf(list: list<number>): number',
    doc: 'The largest element of `list`, as `max` compares: NaN when any element is NaN, 0 above -0, and -Infinity for an empty list.',
  },
  numberToNumber('abs', 'The absolute value of `x`.'),
  numberToNumber('floor', 'The largest integer not greater than `x`.'),
  numberToNumber('ceil', 'The smallest integer not less than `x`.'),
  numberToNumber('sqrt', 'The square root of `x`; NaN when `x` is negative.'),
  {
    name: 'pow',
    type: fn([param('x', NUMBER), param('y', NUMBER)], NUMBER),
    signature: 'fn pow(x: number, y: number): number',
    doc: '`x` to the power `y`: Infinity when it overflows or `x` is 0 and `y` negative; NaN for a negative `x` and a fractional `y`, and for 1 or -1 to an infinite power.',
  },
  {
    name: 'round',
    type: fn([param('x', NUMBER), param('digits', NUMBER, true, '0')], NUMBER),
    signature: 'fn round(x: number, digits: number = 0): number',
    doc: '`x` rounded to `digits` decimal places, to nearest; halves round away from zero (`round(2.5)` is 3, `round(-2.5)` is -3).',
  },
  {
    name: 'roundEven',
    type: fn([param('x', NUMBER)], NUMBER),
    signature: 'fn roundEven(x: number): number',
    doc: "`x` rounded to the nearest whole number, a half to the even one (`roundEven(2.5)` is 2, `roundEven(3.5)` is 4, `roundEven(-0.5)` is 0; never -0), as Python's round(x) rounds. NaN and the infinities stop the program with an error, where Python raises.",
  },
  {
    name: 'str',
    type: fn([param('value', ANY)], STRING),
    signature: 'fn str(value: any): string',
    doc: 'The text `print` would show for `value` (`str(2.5)` is "2.5"). Use it to join numbers to strings: `"n = " + str(n)`.',
  },
  {
    name: 'pystr',
    type: fn([param('value', ANY)], STRING),
    signature: 'fn pystr(value: any): string',
    doc: "The text Python's print and str give: a string as it is, `True`/`False`, `None`, a number as `str` shows it, and a list or map with its items as Python's repr writes them (`['a', 1]`, `{'k': None}`).",
  },
  {
    name: 'jsstr',
    type: fn([param('value', ANY)], STRING),
    signature: 'fn jsstr(value: any): string',
    doc: "The text Node's console.log gives: a string as it is, numbers as JavaScript writes them (`-0`, `NaN`), `true`, `null`, and lists and maps as util.inspect lays them out (`[ 1, 'a' ]`, `{ a: 1, 'b-c': [Array] }`; one line up to 80 columns, else one entry a line, long lists in columns).",
  },
  {
    name: 'jsTruthy',
    type: fn([param('value', ANY)], BOOL),
    signature: 'fn jsTruthy(value: any): bool',
    doc: "JavaScript's truth of a value: false for `null`, `false`, `0`, `-0`, `NaN` and the empty text, true for every other value, lists and maps included, empty or not. What an imported JavaScript or TypeScript program's `if (x)`, `!x` and `x || d` test where the value's type is not known.",
  },
  {
    name: 'pyEquals',
    type: fn([param('a', ANY), param('b', ANY)], BOOL),
    signature: 'fn pyEquals(a: any, b: any): bool',
    doc: "Python's `==`: numbers by value (`true` equals 1, `NaN` equals nothing), texts by their characters, `null` only `null`, lists element by element, maps and records by their keys and values whatever their order. What an imported Python program's `==` and `!=` are where a side may be a list, a map or a record (Whetstone's own `==` compares those by identity).",
  },
  {
    name: 'pyTruthy',
    type: fn([param('value', ANY)], BOOL),
    signature: 'fn pyTruthy(value: any): bool',
    doc: "Python's truth of a value: false for `null`, `false`, `0`, `-0`, the empty text and an empty list or map (or record), true for every other value, `NaN` included. What an imported Python program's `if x:`, `not x` and `x or d` test where the value's type is not known.",
  },
  {
    name: 'num',
    type: fn([param('text', STRING)], NUMBER),
    signature: 'fn num(text: string): number',
    doc: 'The number `text` spells, or NaN when it is not a number.',
  },
  {
    name: 'int',
    type: fn([param('value', ANY)], NUMBER),
    signature: 'fn int(value: number | string): number',
    doc: 'The whole number toward zero of a number (`int(-2.7)` is -2; NaN and the infinities stay), or the whole number a text spells in decimal digits, with an optional sign and blanks around (NaN for any other text).',
    refine: ([value]) => {
      const type = value ? stripOptional(value) : ANY;
      if (['any', 'number', 'string'].includes(type.kind)) return {};
      return problem(0, `int() takes a number or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'assert',
    type: fn([param('condition', BOOL), param('message', STRING, true, '"assertion failed"')], VOID),
    signature: 'fn assert(condition: bool, message: string = "assertion failed"): void',
    doc: 'Stops the program with an error carrying `message` when `condition` is false.',
  },
  ...TEXT_BUILTINS,
];

// Lists: taking from either end, and the walks that call a function of the program on each element.

/** The type of the list a built-in takes first, or a problem when it is not a list. */
function listArgument(name: string, list: Type | undefined): { element: Type } | RefinedCall {
  const type = list ? stripOptional(list) : ANY;
  if (type.kind === 'list') return { element: type.element };
  if (type.kind === 'any') return { element: ANY };
  return problem(0, `${name}() takes a list, not ${typeToString(type)}`);
}

/**
 * The function a walk calls: a function or lambda of `min` to `max` parameters (the element, then
 * its index; reduce's first is the total). JavaScript passes the list itself after the index, so a
 * further parameter would receive it; the number of parameters says whether the index is passed.
 */
function callbackProblem(name: string, index: number, callback: Type | undefined, min: number, max: number, bool: boolean): RefinedCall | undefined {
  const type = callback ? stripOptional(callback) : ANY;
  const takes = min === max ? `${min}` : `${min} or ${max}`;
  if (type.kind !== 'function' || type.rest) return problem(index, `${name}() takes a function or lambda of ${takes} parameters, not ${typeToString(type)}`);
  if (type.params.length < min || type.params.length > max) return problem(index, `${name}() calls its function with ${max === 2 ? 'the element and its index' : 'the total, the element and its index'}: it takes ${takes} parameters, not ${type.params.length}`);
  const result = stripOptional(type.returnType).kind;
  if (bool && result !== 'bool' && result !== 'any') return problem(index, `${name}() takes a function that returns a bool, not ${typeToString(type.returnType)}`);
  return undefined;
}

const LIST_WALK_BUILTINS: readonly BuiltinFunction[] = [
  {
    name: 'pop',
    type: fn([param('list', listOf(ANY))], ANY),
    signature: 'fn pop(list: list<T>): T',
    doc: 'Removes the last element of `list` and returns it. An empty list stops the program with an error.',
    refine: ([list]) => {
      const checked = listArgument('pop', list);
      return 'element' in checked ? { returnType: checked.element } : checked;
    },
  },
  {
    name: 'shift',
    type: fn([param('list', listOf(ANY))], ANY),
    signature: 'fn shift(list: list<T>): T',
    doc: 'Removes the first element of `list` and returns it; the others move down one place. An empty list stops the program with an error.',
    refine: ([list]) => {
      const checked = listArgument('shift', list);
      return 'element' in checked ? { returnType: checked.element } : checked;
    },
  },
  {
    name: 'map',
    type: fn([param('list', listOf(ANY)), param('f', ANY)], listOf(ANY)),
    signature: 'fn map(list: list<T>, f: fn(item: T, index: number): U): list<U>',
    doc: 'A new list of `f` of each element (and its index, when `f` takes two parameters), called in order once per element. The walk covers the length the list had when it started: elements `f` pushes are not visited, and it stops early where `f` has removed the rest.',
    refine: ([list, f]) => {
      const checked = listArgument('map', list);
      if (!('element' in checked)) return checked;
      const type = f ? stripOptional(f) : ANY;
      return callbackProblem('map', 1, f, 1, 2, false) ?? { returnType: listOf(type.kind === 'function' ? type.returnType : ANY) };
    },
  },
  {
    name: 'filter',
    type: fn([param('list', listOf(ANY)), param('test', ANY)], listOf(ANY)),
    signature: 'fn filter(list: list<T>, test: fn(item: T, index: number): bool): list<T>',
    doc: 'A new list of the elements for which `test` (of the element, and its index when it takes two parameters) is true, in order; `test` is called once per element, over the length the list had when the walk started (as `map`).',
    refine: ([list, test]) => {
      const checked = listArgument('filter', list);
      if (!('element' in checked)) return checked;
      return callbackProblem('filter', 1, test, 1, 2, true) ?? { returnType: listOf(checked.element) };
    },
  },
  {
    name: 'reduce',
    type: fn([param('list', listOf(ANY)), param('f', ANY), param('initial', ANY, true)], ANY),
    signature: 'fn reduce(list: list<T>, f: fn(total: U, item: T, index: number): U, initial?: U): U',
    doc: 'The total `f` builds: starting from `initial`, each element in turn (and its index, when `f` takes three parameters) makes the next total `f(total, item)`. Without `initial` the first element is the start and the walk begins at the second; then an empty list stops the program with an error. The walk covers the length the list had when it started (as `map`).',
    refine: ([list, f, initial]) => {
      const checked = listArgument('reduce', list);
      if (!('element' in checked)) return checked;
      const type = f ? stripOptional(f) : ANY;
      const result = initial ?? checked.element;
      return callbackProblem('reduce', 1, f, 2, 3, false) ?? { returnType: type.kind === 'function' && type.returnType.kind !== 'any' ? type.returnType : result };
    },
  },
  {
    name: 'some',
    type: fn([param('list', listOf(ANY)), param('test', ANY)], BOOL),
    signature: 'fn some(list: list<T>, test: fn(item: T, index: number): bool): bool',
    doc: 'Whether `test` is true for some element: called in order, it stops at the first true (false for an empty list). The walk covers the length the list had when it started (as `map`).',
    refine: ([list, test]) => {
      const checked = listArgument('some', list);
      return 'element' in checked ? (callbackProblem('some', 1, test, 1, 2, true) ?? {}) : checked;
    },
  },
  {
    name: 'every',
    type: fn([param('list', listOf(ANY)), param('test', ANY)], BOOL),
    signature: 'fn every(list: list<T>, test: fn(item: T, index: number): bool): bool',
    doc: 'Whether `test` is true for every element: called in order, it stops at the first false (true for an empty list). The walk covers the length the list had when it started (as `map`).',
    refine: ([list, test]) => {
      const checked = listArgument('every', list);
      return 'element' in checked ? (callbackProblem('every', 1, test, 1, 2, true) ?? {}) : checked;
    },
  },
  {
    name: 'find',
    type: fn([param('list', listOf(ANY)), param('test', ANY)], ANY),
    signature: 'fn find(list: list<T>, test: fn(item: T, index: number): bool): T?',
    doc: 'The first element for which `test` is true (called in order, it stops there), or null when there is none. The walk covers the length the list had when it started (as `map`).',
    refine: ([list, test]) => {
      const checked = listArgument('find', list);
      if (!('element' in checked)) return checked;
      return callbackProblem('find', 1, test, 1, 2, true) ?? { returnType: makeOptional(checked.element) };
    },
  },
  {
    name: 'forEach',
    type: fn([param('list', listOf(ANY)), param('f', ANY)], VOID),
    signature: 'fn forEach(list: list<T>, f: fn(item: T, index: number): any): void',
    doc: 'Calls `f` with each element in order (and its index, when `f` takes two parameters). The walk covers the length the list had when it started (as `map`).',
    refine: ([list, f]) => {
      const checked = listArgument('forEach', list);
      return 'element' in checked ? (callbackProblem('forEach', 1, f, 1, 2, false) ?? {}) : checked;
    },
  },
  {
    name: 'concat',
    type: fn([param('first', listOf(ANY)), param('second', ANY)], listOf(ANY)),
    signature: 'fn concat(first: list<T>, second: list<T> | T): list<T>',
    doc: 'A new list of the elements of `first`, then those of `second`, or `second` itself as one element when it is not a list (as JavaScript\'s concat); neither is changed.',
    refine: ([first, second], fits) => {
      const a = listArgument('concat', first);
      if (!('element' in a)) return a;
      const type = second ? stripOptional(second) : ANY;
      const added = type.kind === 'list' ? type.element : type;
      if (a.element.kind === 'any') return { returnType: type.kind === 'list' ? listOf(added) : listOf(ANY) };
      if (type.kind !== 'any' && !fits(added, a.element)) return problem(1, `Cannot concat ${typeToString(second ?? ANY)} to ${typeToString(first ?? ANY)}`);
      return { returnType: listOf(a.element) };
    },
  },
  {
    name: 'sum',
    type: fn([param('numbers', listOf(NUMBER))], NUMBER),
    signature: 'fn sum(numbers: list<number>): number',
    doc: 'The numbers added in order, from 0: each sum a double, as `+` gives it (`sum([])` is 0).',
  },
];

// What JavaScript's String, Array, Number and Math give that the built-ins above do not: a text
// repeated, the first replacement, a number's fixed digits, its sign and wholeness, the index of
// the first element a test passes, and a list of lists made one.
const JAVASCRIPT_LIBRARY_BUILTINS: readonly BuiltinFunction[] = [
  {
    name: 'repeatText',
    type: fn([param('text', STRING), param('count', NUMBER)], STRING),
    signature: 'fn repeatText(text: string, count: number): string',
    doc: 'The text `count` times over (`repeatText("ab", 3)` is "ababab"; a count of 0 gives ""). A fractional count is truncated, NaN is 0; a negative or infinite count stops the program with an error (`repeat` makes lists).',
  },
  onText('replaceFirst', ['old', 'new'], STRING, 'The text with the first occurrence of `old` replaced by `new` as it is (no `$` patterns); the text as it is when `old` does not occur. An empty `old` puts `new` before the text.'),
  {
    name: 'toFixed',
    type: fn([param('x', NUMBER), param('digits', NUMBER, true, '0')], STRING),
    signature: 'fn toFixed(x: number, digits: number = 0): string',
    doc: "JavaScript's toFixed: `x` with exactly `digits` (0 to 100, truncated) digits after the point, from the exact binary value of `x`, a half rounded away from zero (`toFixed(2.5)` is \"3\", `toFixed(1.005, 2)` is \"1.00\": 1.005 is a little below it). -0 is \"0\"; NaN, the infinities and a size from 1e21 up are as `str` shows them; other digits stop the program with an error.",
  },
  {
    name: 'parseInteger',
    type: fn([param('text', STRING), param('radix', NUMBER, true, '10')], NUMBER),
    signature: 'fn parseInteger(text: string, radix: number = 10): number',
    doc: "JavaScript's parseInt(text, radix): the digits of base `radix` (2 to 36; `a`–`z` in either case after `9`) at the start of the text, after blanks (those `trim` takes off), an optional sign and, in base 16, an optional `0x`, as the nearest number (\"12px\" is 12, \"-0\" is -0, `parseInteger(\"-101\", 2)` is -5); NaN when no digit comes first. A radix that is not a whole number from 2 to 36, and in a base other than 10 and the powers of 2 a number from 2^53 up, stop the program with an error.",
  },
  {
    name: 'pyInt',
    type: fn([param('text', STRING), param('base', NUMBER, true, '10')], NUMBER),
    signature: 'fn pyInt(text: string, base: number = 10): number',
    doc: "Python's int(text, base): the whole number the text writes in base `base` (2 to 36; `a`–`z` in either case after `9`), with blanks (space, tab, line ends, `\\v`, `\\f`) around it, an optional sign, in bases 2, 8 and 16 an optional prefix `0b`, `0o`, `0x`, and single `_` between digits (`pyInt(\"1_000\")` is 1000, `pyInt(\"-ff\", 16)` is -255, `pyInt(\"-0\")` is 0). Any other text stops the program with an error, where Python raises ValueError; so do a character outside ASCII (Python reads other scripts' digits and blanks too), a base that is not a whole number from 2 to 36, and a number from 2^53 up (Python's ints stay exact beyond it).",
  },
  {
    name: 'radixText',
    type: fn([param('n', NUMBER), param('radix', NUMBER), param('prefix', STRING, true, '""')], STRING),
    signature: 'fn radixText(n: number, radix: number, prefix: string = ""): string',
    doc: "The whole number `n` written in base `radix` (2 to 36, digits `0`–`9` then `a`–`z`), with `-` first when it is negative and `prefix` after the sign: JavaScript's `n.toString(radix)`, and Python's `bin(n)`, `oct(n)`, `hex(n)` with `0b`, `0o`, `0x` (`radixText(-5, 2, \"0b\")` is \"-0b101\", -0 is \"0\"). A number that is not whole or beyond 2^53, or a radix outside 2 to 36 or not whole, stops the program with an error.",
  },
  numberToNumber('sign', 'The sign of `x`: 1, -1, 0 or -0 (as `x` is), NaN for NaN.'),
  {
    name: 'gcd',
    type: fn([param('a', NUMBER), param('b', NUMBER)], NUMBER),
    signature: 'fn gcd(a: number, b: number): number',
    doc: 'The greatest common divisor of the whole numbers `a` and `b`, never negative (`gcd(-4, 6)` is 2, `gcd(0, 0)` is 0), as Python\'s `math.gcd`. A number that is not whole or beyond 2^53 stops the program with an error.',
  },
  {
    name: 'isqrt',
    type: fn([param('n', NUMBER)], NUMBER),
    signature: 'fn isqrt(n: number): number',
    doc: 'The largest whole number whose square is at most `n`, exactly, as Python\'s `math.isqrt`. A negative `n`, or one not whole or beyond 2^53, stops the program with an error.',
  },
  {
    name: 'factorial',
    type: fn([param('n', NUMBER)], NUMBER),
    signature: 'fn factorial(n: number): number',
    doc: '`n!` of a whole `n` from 0 to 18, exactly, as Python\'s `math.factorial`. A negative `n`, one not whole, or one whose factorial is beyond 2^53 (from 19 on) stops the program with an error.',
  },
  {
    name: 'isInteger',
    type: fn([param('x', NUMBER)], BOOL),
    signature: 'fn isInteger(x: number): bool',
    doc: 'Whether `x` is a whole number (false for NaN and the infinities; true for -0).',
  },
  {
    name: 'findIndex',
    type: fn([param('list', listOf(ANY)), param('test', ANY)], NUMBER),
    signature: 'fn findIndex(list: list<T>, test: fn(item: T, index: number): bool): number',
    doc: 'The index of the first element for which `test` is true (called in order, it stops there), or -1 when there is none. The walk covers the length the list had when it started (as `map`).',
    refine: ([list, test]) => {
      const checked = listArgument('findIndex', list);
      return 'element' in checked ? (callbackProblem('findIndex', 1, test, 1, 2, true) ?? {}) : checked;
    },
  },
  {
    name: 'lastIndexOf',
    type: fn([param('container', ANY), param('value', ANY)], NUMBER),
    signature: 'fn lastIndexOf(container: list<T> | string, value: T | string): number',
    doc: 'Where `value` last occurs: the index of the last element that is the same as `value` (as `indexOf` compares), or of the last occurrence of the text `value` in the text `container` (in UTF-16 units; an empty `value` is at the length); -1 when it does not occur.',
    refine: ([container, value]) => {
      const type = container ? stripOptional(container) : ANY;
      if (type.kind === 'string' && value && !['string', 'any'].includes(stripOptional(value).kind)) return problem(1, `lastIndexOf() looks for a string in a string, not ${typeToString(value)}`);
      if (['any', 'list', 'string'].includes(type.kind)) return {};
      return problem(0, `lastIndexOf() takes a list or a string, not ${typeToString(type)}`);
    },
  },
  {
    name: 'fill',
    type: fn([param('list', listOf(ANY)), param('value', ANY)], VOID),
    signature: 'fn fill(list: list<T>, value: T): void',
    doc: 'Sets every element of `list` to `value`, in place (the same value, not copies); its length stays.',
    refine: ([list, value], fits) => {
      const checked = listArgument('fill', list);
      if (!('element' in checked)) return checked;
      return value && !fits(value, checked.element) ? problem(1, `Cannot fill ${typeToString(list ?? ANY)} with ${typeToString(value)}`) : {};
    },
  },
  {
    name: 'flat',
    type: fn([param('list', listOf(ANY))], listOf(ANY)),
    signature: 'fn flat(list: list<list<T> | T>): list<T>',
    doc: "A new list of the elements of `list`, those that are lists replaced by their elements, one level deep (`flat([[1, 2], 3, [[4]]])` is [1, 2, 3, [4]]); `list` is not changed.",
    refine: ([list]) => {
      const checked = listArgument('flat', list);
      if (!('element' in checked)) return checked;
      const element = stripOptional(checked.element);
      return { returnType: element.kind === 'list' && checked.element.kind !== 'optional' ? listOf(element.element) : listOf(ANY) };
    },
  },
];

export const BUILTINS: ReadonlyMap<string, BuiltinFunction> = new Map([...BUILTIN_LIST, ...LIST_WALK_BUILTINS, ...JAVASCRIPT_LIBRARY_BUILTINS].map((builtin) => [builtin.name, builtin]));
