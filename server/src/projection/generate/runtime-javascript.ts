// The few helpers generated JavaScript and TypeScript need where the language has no built-in of
// the same meaning (docs/LANGUAGE.md "What programs mean"): how print/str show a value, rounding
// halves away from zero, range as a list, len of an unknown value, num, assert, includes of an unknown
// container, repeat, what Node's console.log shows, the error a throw throws, an index outside a
// list or text as an error (JavaScript reads undefined there and writes past the end), pop and shift of an
// empty list as an error, map and find over a list their callback resizes. Only the helpers a
// program uses are written, each under a name the program does not use.

export type JsHelper = 'show' | 'roundHalfAway' | 'rangeList' | 'lengthOf' | 'toNumber' | 'assertThat' | 'includesIn' | 'repeatList' | 'compareValues' | 'itemAt' | 'indexIn' | 'toInteger' | 'pythonText' | 'nodeInspect' | 'nodeText' | 'WhetstoneError' | 'replaceText' | 'countText' | 'stepSlice' | 'trimChars' | 'zeroFill' | 'formatFixed' | 'radixText' | 'parseRadix' | 'pyInt' | 'roundEven' | 'countItems' | 'pythonTruth' | 'pythonEquals' | 'jsKeyOrder' | 'gcd' | 'isqrt' | 'factorial' | ListJsHelper;

/** The helpers of pop, shift and the list walks (map, find) whose Array methods differ. */
type ListJsHelper = 'popLast' | 'shiftFirst' | 'mapList' | 'findIn' | 'findIndexIn';

type Names = (base: string) => string;

/** The source of one helper, in JavaScript or (typed) TypeScript. */
export function jsHelperSource(helper: JsHelper, typescript: boolean, name: Names): string {
  const t = (annotation: string): string => (typescript ? annotation : '');
  switch (helper) {
    case 'show':
      return [
        `/** How Whetstone's print and str show a value: strings as they are at top level, quoted inside lists and objects. */`,
        `function ${name('show')}(value${t(': unknown')}, nested = false)${t(': string')} {`,
        `  if (value === null || value === undefined) return 'null';`,
        `  if (typeof value === 'string') return nested ? JSON.stringify(value) : value;`,
        `  if (Array.isArray(value)) return \`[\${value.map((item) => ${name('show')}(item, true)).join(', ')}]\`;`,
        `  if (typeof value === 'function') return '<fn>';`,
        `  if (value instanceof Map) return \`{\${[...value].map(([key, item]) => \`\${${name('show')}(key)}: \${${name('show')}(item, true)}\`).join(', ')}}\`;`,
        `  if (typeof value === 'object') return \`{\${Object.entries(value).map(([key, item]) => \`\${key}: \${${name('show')}(item, true)}\`).join(', ')}}\`;`,
        `  return String(value);`,
        `}`,
      ].join('\n');
    case 'roundHalfAway':
      return [
        `/** Rounds to \`digits\` decimal places, halves away from zero (Math.round rounds them up). */`,
        `function ${name('roundHalfAway')}(x${t(': number')}, digits = 0)${t(': number')} {`,
        `  // From 2^52 on a double is whole, and + 0.5 would round it to the next even one.`,
        `  if (digits === 0 && !(Math.abs(x) < 2 ** 52)) return x;`,
        `  if (digits === 0) {`,
        `    // The fraction taken off exactly: + 0.5 would round 0.49999999999999994 up to 1.`,
        `    const whole = Math.floor(Math.abs(x));`,
        `    const away = Math.abs(x) - whole >= 0.5 ? whole + 1 : whole;`,
        `    return away === 0 ? 0 : Math.sign(x) * away;`,
        `  }`,
        `  const factor = 10 ** digits;`,
        `  const rounded = (Math.sign(x) * Math.floor(Math.abs(x) * factor + 0.5)) / factor;`,
        `  return rounded === 0 ? 0 : rounded; // never -0, which console.log would show as "-0"`,
        `}`,
      ].join('\n');
    case 'rangeList':
      return [
        `/** start, start + step, … up to end, not included (or 0 … start - 1 with one argument), as a list; Python's range. */`,
        `function ${name('rangeList')}(start${t(': number')}, end${t('?: number')}, step = 1)${t(': number[]')} {`,
        `  if (end === undefined) [start, end] = [0, start];`,
        `  if (step === 0) throw new RangeError('range() step must not be zero');`,
        `  const out${t(': number[]')} = [];`,
        `  for (let i = start; step > 0 ? i < end : i > end; i += step) out.push(i);`,
        `  return out;`,
        `}`,
      ].join('\n');
    case 'lengthOf':
      return [
        `/** The length of a list or string, or the number of entries of an object. */`,
        `function ${name('lengthOf')}(value${t(': any')})${t(': number')} {`,
        `  return typeof value === 'string' || Array.isArray(value) ? value.length : Object.keys(value).length;`,
        `}`,
      ].join('\n');
    case 'toNumber':
      return [
        `/** Whetstone's num: a decimal number or Infinity (a sign, blanks around), else NaN; not Number's other forms ("", 0x10, 0b1). */`,
        `function ${name('toNumber')}(text${t(': string')})${t(': number')} {`,
        `  return /^\\s*([+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?|[+-]?Infinity)\\s*$/.test(text) ? Number(text) : NaN;`,
        `}`,
      ].join('\n');
    case 'includesIn':
      return [
        `/** Whetstone's includes: a text in a text, an element of a list, or a key of an object. */`,
        `function ${name('includesIn')}(container${t(': any')}, value${t(': any')})${t(': boolean')} {`,
        `  return typeof container === 'string' || Array.isArray(container) ? container.includes(value) : Object.hasOwn(container, value);`,
        `}`,
      ].join('\n');
    case 'popLast':
    case 'shiftFirst': {
      const [method, what] = helper === 'popLast' ? ['pop', 'last'] : ['shift', 'first'];
      return [
        `/** Whetstone's ${method}: removes the ${what} element and returns it; an empty list is an error (Array's ${method} gives undefined). */`,
        `function ${name(helper)}${t('<T>')}(items${t(': T[]')})${t(': T')} {`,
        `  if (items.length === 0) throw new RangeError('${method}() of an empty list');`,
        `  return items.${method}()${t(' as T')};`,
        `}`,
      ].join('\n');
    }
    case 'mapList':
      return [
        `/** Whetstone's map where the callback may resize lists: over the starting length, stopping where the list has become shorter (Array's map would leave holes). */`,
        `function ${name('mapList')}${t('<T, U>')}(items${t(': readonly T[]')}, f${t(': (item: T, index: number) => U')})${t(': U[]')} {`,
        `  const out${t(': U[]')} = [];`,
        `  for (let index = 0, end = items.length; index < end && index < items.length; index++) out.push(f(items[index], index));`,
        `  return out;`,
        `}`,
      ].join('\n');
    case 'findIn':
      return [
        `/** Whetstone's find where the callback may resize lists: the first element that passes, over the starting length, stopping where the list has become shorter; else null. */`,
        `function ${name('findIn')}${t('<T>')}(items${t(': readonly T[]')}, test${t(': (item: T, index: number) => unknown')})${t(': T | null')} {`,
        `  for (let index = 0, end = items.length; index < end && index < items.length; index++) {`,
        `    const item = items[index];`,
        `    if (test(item, index)) return item;`,
        `  }`,
        `  return null;`,
        `}`,
      ].join('\n');
    case 'findIndexIn':
      return [
        `/** Whetstone's findIndex where the callback may resize lists: the index of the first element that passes, over the starting length, stopping where the list has become shorter; else -1. */`,
        `function ${name('findIndexIn')}${t('<T>')}(items${t(': readonly T[]')}, test${t(': (item: T, index: number) => unknown')})${t(': number')} {`,
        `  for (let index = 0, end = items.length; index < end && index < items.length; index++) {`,
        `    if (test(items[index], index)) return index;`,
        `  }`,
        `  return -1;`,
        `}`,
      ].join('\n');
    case 'repeatList':
      return [
        `/** Whetstone's repeat: \`count\` elements, each \`value\`; none below zero; a count that is not whole is an error. */`,
        `function ${name('repeatList')}${t('<T>')}(value${t(': T')}, count${t(': number')})${t(': T[]')} {`,
        `  if (!Number.isInteger(count)) throw new RangeError('repeat() count must be a whole number');`,
        `  return new Array${t('<T>')}(Math.max(0, count)).fill(value);`,
        `}`,
      ].join('\n');
    case 'compareValues':
      return [
        `/** The order Whetstone's sort gives without a comparison: numbers by value, strings by UTF-16 code units. */`,
        `function ${name('compareValues')}(a${t(': any')}, b${t(': any')})${t(': number')} {`,
        `  if (typeof a === 'number' && typeof b === 'number') return a - b;`,
        `  return a < b ? -1 : a > b ? 1 : 0;`,
        `}`,
      ].join('\n');
    case 'itemAt':
      return [
        `/** Whetstone's items[index]: a list's element, or a text's UTF-16 code unit, at an index from 0 to its length - 1 (any other is an error); an object's value for a key. */`,
        ...(typescript ? [`function ${name('itemAt')}<T>(items: readonly T[], index: number | string): T;`, `function ${name('itemAt')}(items: string, index: number): string;`] : []),
        `function ${name('itemAt')}(items${t(': any')}, index${t(': any')})${t(': any')} {`,
        `  // A Whetstone list holds no undefined (its writes are checked): undefined is a wrong index, or a missing key.`,
        `  const item = items[index];`,
        `  return item !== undefined ? item : items[${name('indexIn')}(items, index)];`,
        `}`,
      ].join('\n');
    case 'indexIn':
      return [
        `/** A whole index from 0 to the length - 1 of a list or text; any other index is an error in Whetstone (JavaScript reads undefined there). An object's key as it is. */`,
        `function ${name('indexIn')}(items${t(': any')}, index${t(': any')})${t(': any')} {`,
        `  if ((index >= 0 && index < items.length && Number.isInteger(index)) || (typeof items !== 'string' && !Array.isArray(items))) return index;`,
        `  throw new RangeError(\`index \${index} is outside a list or text of length \${items.length}\`);`,
        `}`,
      ].join('\n');
    case 'toInteger':
      return [
        `/** Whetstone's int: a number toward zero; a text of decimal digits (a sign, blanks around) as its number, else NaN. */`,
        `function ${name('toInteger')}(value${t(': number | string')})${t(': number')} {`,
        `  if (typeof value === 'number') return Math.trunc(value);`,
        `  return /^\\s*[+-]?[0-9]+\\s*$/.test(value) ? Number(value) : NaN;`,
        `}`,
      ].join('\n');
    case 'pythonText':
      return [
        `/** Whetstone's pystr: what Python's print and str show (True, None, ['a', 1], {'k': 2}); numbers as String shows them. */`,
        `function ${name('pythonText')}(value${t(': unknown')}, nested = false)${t(': string')} {`,
        `  if (value === null || value === undefined) return 'None';`,
        `  if (typeof value === 'boolean') return value ? 'True' : 'False';`,
        `  if (typeof value === 'string') {`,
        `    if (!nested) return value;`,
        `    // Python's repr: single quotes unless only double quotes are free; escapes for what is not printable.`,
        `    const quote = value.includes("'") && !value.includes('"') ? '"' : "'";`,
        `    let out = quote;`,
        `    for (const char of value) {`,
        `      const code = char.codePointAt(0)${t('!')};`,
        `      const hex = (width${t(': number')})${t(': string')} => code.toString(16).padStart(width, '0');`,
        `      if (char === quote || char === '\\\\') out += '\\\\' + char;`,
        `      else if (char === '\\t') out += '\\\\t';`,
        `      else if (char === '\\n') out += '\\\\n';`,
        `      else if (char === '\\r') out += '\\\\r';`,
        `      else if (code < 0x20 || code === 0x7f || (code > 0x7f && /[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Zs}]/u.test(char))) out += code < 0x100 ? '\\\\x' + hex(2) : code < 0x10000 ? '\\\\u' + hex(4) : '\\\\U' + hex(8);`,
        `      else out += char;`,
        `    }`,
        `    return out + quote;`,
        `  }`,
        `  if (Array.isArray(value)) return \`[\${value.map((item) => ${name('pythonText')}(item, true)).join(', ')}]\`;`,
        `  if (typeof value === 'function') return '<fn>';`,
        `  if (value instanceof Map) return \`{\${[...value].map(([key, item]) => \`\${${name('pythonText')}(key, true)}: \${${name('pythonText')}(item, true)}\`).join(', ')}}\`;`,
        `  if (typeof value === 'object') return \`{\${Object.entries(value${t(' as object')}).map(([key, item]) => \`\${${name('pythonText')}(key, true)}: \${${name('pythonText')}(item, true)}\`).join(', ')}}\`;`,
        `  return String(value);`,
        `}`,
      ].join('\n');
    case 'nodeInspect':
      // Not a function: the import nodeText needs, written with the program's imports.
      return `import { inspect as ${name('nodeInspect')} } from 'node:util';`;
    case 'nodeText':
      // Whetstone's lists and records are JavaScript's arrays and plain objects, so Node's own
      // inspect shows them as the source program's console.log did; a map keyed by texts, held in
      // a Map, is shown as the plain object it was in the source (array-index keys first, as there).
      return [
        `/** Whetstone's jsstr: what Node's console.log shows for a value (util.inspect), a string as it is; a map keyed by texts as an object. */`,
        `function ${name('nodeText')}(value${t(': unknown')})${t(': string')} {`,
        `  // A copy with each such Map an object; what was seen is reused, so a value that holds itself still does.`,
        `  const seen = new Map${t('<unknown, unknown>')}();`,
        `  const plain = (item${t(': unknown')})${t(': unknown')} => {`,
        `    if (seen.has(item)) return seen.get(item);`,
        `    if (Array.isArray(item)) {`,
        `      const copy${t(': unknown[]')} = [];`,
        `      seen.set(item, copy);`,
        `      for (const entry of item) copy.push(plain(entry));`,
        `      return copy;`,
        `    }`,
        `    const texts = item instanceof Map && [...item.keys()].every((key) => typeof key === 'string');`,
        `    if (!texts && (item === null || typeof item !== 'object' || Object.getPrototypeOf(item) !== Object.prototype)) return item;`,
        `    const object = {};`,
        `    seen.set(item, object);`,
        `    const entries = item instanceof Map ? [...item] : Object.entries(item${t(' as object')});`,
        `    // defineProperty: a key __proto__ is an own entry, as a computed key makes it.`,
        `    for (const [key, entry] of entries) Object.defineProperty(object, key, { value: plain(entry), enumerable: true, writable: true, configurable: true });`,
        `    return object;`,
        `  };`,
        `  return typeof value === 'string' ? value : ${name('nodeInspect')}(plain(value));`,
        `}`,
      ].join('\n');
    case 'replaceText':
      return [
        `/** Whetstone's replace: each \`old\` as it is (no $ patterns); an empty one before each character, not between the halves of one above U+FFFF, and at the end. */`,
        `function ${name('replaceText')}(text${t(': string')}, old${t(': string')}, replacement${t(': string')})${t(': string')} {`,
        `  if (old !== '') return text.split(old).join(replacement);`,
        `  return [...text].map((character) => replacement + character).join('') + replacement;`,
        `}`,
      ].join('\n');
    case 'countText':
      return [
        `/** Whetstone's countOf: the occurrences of \`part\`, not overlapping; for an empty one the characters (one above U+FFFF once) plus one. */`,
        `function ${name('countText')}(text${t(': string')}, part${t(': string')})${t(': number')} {`,
        `  return part === '' ? [...text].length + 1 : text.split(part).length - 1;`,
        `}`,
      ].join('\n');
    case 'countItems':
      return [
        `/** Whetstone's countItems: the elements the same as \`value\`, as includes finds them (NaN counted). */`,
        `function ${name('countItems')}${t('<T>')}(items${t(': T[]')}, value${t(': T')})${t(': number')} {`,
        `  return items.filter((item) => [value].includes(item)).length;`,
        `}`,
      ].join('\n');
    case 'trimChars':
      return [
        `/** Whetstone's trimChars, trimStartChars ("start") and trimEndChars ("end"): Python's strip(chars), by characters (code points). */`,
        `function ${name('trimChars')}(text${t(': string')}, chars${t(': string')}, side = '')${t(': string')} {`,
        `  const taken = new Set(chars);`,
        `  const characters = [...text];`,
        `  let [first, last] = [0, characters.length];`,
        `  if (side !== 'end') while (first < last && taken.has(characters[first])) first++;`,
        `  if (side !== 'start') while (last > first && taken.has(characters[last - 1])) last--;`,
        `  return characters.slice(first, last).join('');`,
        `}`,
      ].join('\n');
    case 'pythonEquals':
      return [
        `/** Whetstone's pyEquals: Python's == (true is 1, NaN equals nothing; lists by their elements, maps and records by keys and values in any order). */`,
        `function ${name('pythonEquals')}(a${t(': unknown')}, b${t(': unknown')})${t(': boolean')} {`,
        `  if (typeof a === 'boolean' && typeof b === 'number') return Number(a) === b;`,
        `  if (typeof b === 'boolean' && typeof a === 'number') return a === Number(b);`,
        `  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;`,
        `  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => ${name('pythonEquals')}(item, b[i]));`,
        `  const entries = (m${t(': object')})${t(': [unknown, unknown][]')} => (m instanceof Map ? [...m.entries()] : Object.entries(m));`,
        `  const [left, right] = [entries(a), new Map(entries(b))];`,
        `  return left.length === right.size && left.every(([key, value]) => right.has(key) && ${name('pythonEquals')}(value, right.get(key)));`,
        `}`,
      ].join('\n');
    case 'jsKeyOrder':
      return [
        `/** Whetstone's jsKeys (jsValues with values): the keys as JavaScript walks an object's, texts that are array indexes ("2", "10") first in numeric order, then the others in insertion order. */`,
        `function ${name('jsKeyOrder')}(map${t(': Map<unknown, unknown> | object')}, values = false)${t(': any[]')} {`,
        `  const keys${t(': unknown[]')} = map instanceof Map ? [...map.keys()] : Object.keys(map);`,
        `  const index = (key${t(': unknown')})${t(': boolean')} => typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;`,
        `  const ordered = [...keys.filter(index).sort((a, b) => Number(a) - Number(b)), ...keys.filter((key) => !index(key))];`,
        `  return values ? ordered.map((key) => (map instanceof Map ? map.get(key) : (map${t(' as Record<string, unknown>')})[key${t(' as string')}])) : ordered;`,
        `}`,
      ].join('\n');
    case 'pythonTruth':
      return [
        `/** Whetstone's pyTruthy: Python's truth (null, false, 0, -0 and "" false, NaN true; a list, map or record false when empty). */`,
        `function ${name('pythonTruth')}(value${t(': unknown')})${t(': boolean')} {`,
        `  if (value === null || value === undefined || typeof value === 'boolean') return value === true;`,
        `  if (typeof value === 'number') return value !== 0;`,
        `  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;`,
        `  if (value instanceof Map) return value.size > 0;`,
        `  return typeof value !== 'object' || Object.keys(value${t(' as object')}).length > 0;`,
        `}`,
      ].join('\n');
    case 'radixText':
      return [
        `/** Whetstone's radixText: a whole number in base \`radix\`, the sign first, then \`prefix\` (Python's 0b, 0o, 0x). */`,
        `function ${name('radixText')}(n${t(': number')}, radix${t(': number')}, prefix = '')${t(': string')} {`,
        `  if (!Number.isSafeInteger(n) || !Number.isInteger(radix) || radix < 2 || radix > 36) throw new RangeError('radixText of a number that is not whole within 2^53, or a radix outside 2 to 36');`,
        `  return (n < 0 ? '-' : '') + prefix + Math.abs(n).toString(radix);`,
        `}`,
      ].join('\n');
    case 'gcd':
      return [
        `/** Whetstone's gcd: of two whole numbers within 2^53, never negative (Python's math.gcd). */`,
        `function ${name('gcd')}(a${t(': number')}, b${t(': number')})${t(': number')} {`,
        `  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) throw new RangeError('gcd of a number that is not whole within 2^53');`,
        `  [a, b] = [Math.abs(a), Math.abs(b)];`,
        `  while (b !== 0) [a, b] = [b, a % b];`,
        `  return a;`,
        `}`,
      ].join('\n');
    case 'isqrt':
      return [
        `/** Whetstone's isqrt: the largest whole number whose square is at most n (Python's math.isqrt). */`,
        `function ${name('isqrt')}(n${t(': number')})${t(': number')} {`,
        `  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('isqrt of a number that is not whole from 0 to 2^53');`,
        `  // Math.sqrt rounds: a root just below a whole number can come out as that number.`,
        `  let root = Math.floor(Math.sqrt(n));`,
        `  while (root * root > n) root -= 1;`,
        `  while ((root + 1) * (root + 1) <= n) root += 1;`,
        `  return root;`,
        `}`,
      ].join('\n');
    case 'factorial':
      return [
        `/** Whetstone's factorial: n! of a whole n from 0 to 18, exact (from 19 on a double would round it). */`,
        `function ${name('factorial')}(n${t(': number')})${t(': number')} {`,
        `  if (!Number.isInteger(n) || n < 0 || n > 18) throw new RangeError('factorial of a number that is not whole from 0 to 18');`,
        `  let product = 1;`,
        `  for (let k = 2; k <= n; k++) product *= k;`,
        `  return product;`,
        `}`,
      ].join('\n');
    case 'roundEven':
      return [
        `/** Whetstone's roundEven: to the nearest whole number, a half to the even one (Python's round(x)); never -0. */`,
        `function ${name('roundEven')}(x${t(': number')})${t(': number')} {`,
        `  if (!Number.isFinite(x)) throw new RangeError('roundEven of NaN or an infinity');`,
        `  // From 2^52 on a double is whole; below it, the fraction is taken off exactly.`,
        `  if (!(Math.abs(x) < 2 ** 52)) return x;`,
        `  const whole = Math.floor(x);`,
        `  const fraction = x - whole;`,
        `  const rounded = fraction > 0.5 || (fraction === 0.5 && whole % 2 !== 0) ? whole + 1 : whole;`,
        `  return rounded === 0 ? 0 : rounded;`,
        `}`,
      ].join('\n');
    case 'pyInt':
      return [
        `/** Whetstone's pyInt: Python's int(text, base) of an ASCII text, an error where Python raises and for a number from 2^53. */`,
        `function ${name('pyInt')}(text${t(': string')}, base = 10)${t(': number')} {`,
        `  if (typeof text !== 'string' || !Number.isInteger(base) || base < 2 || base > 36 || /[^\\x00-\\x7f]/.test(text)) throw new RangeError('pyInt of other than an ASCII text, or in a base outside 2 to 36');`,
        `  let body = text.replace(/^[ \\t\\n\\r\\v\\f]+|[ \\t\\n\\r\\v\\f]+$/g, '');`,
        `  const negative = body.startsWith('-');`,
        `  if (negative || body.startsWith('+')) body = body.slice(1);`,
        `  const prefix = ({ 2: '0b', 8: '0o', 16: '0x' }${t(' as Record<number, string>')})[base];`,
        `  if (prefix !== undefined && body.slice(0, 2).toLowerCase() === prefix) body = body.slice(2).replace(/^_(?=.)/, '');`,
        `  if (!/^[0-9a-z]+(_[0-9a-z]+)*$/i.test(body)) throw new RangeError('pyInt: invalid literal for int() with base ' + base + ': ' + JSON.stringify(text));`,
        `  let value = 0;`,
        `  for (const char of body.replace(/_/g, '')) {`,
        `    const digit = parseInt(char, 36);`,
        `    if (digit >= base) throw new RangeError('pyInt: invalid literal for int() with base ' + base + ': ' + JSON.stringify(text));`,
        `    value = value * base + digit;`,
        `    if (value >= 2 ** 53) throw new RangeError('pyInt from 2^53');`,
        `  }`,
        `  return negative && value !== 0 ? -value : value;`,
        `}`,
      ].join('\n');
    case 'parseRadix':
      return [
        `/** Whetstone's parseInteger of a radix: parseInt's, an error for a radix outside 2 to 36 and, in a base other than a power of 2, for a number from 2^53. */`,
        `function ${name('parseRadix')}(text${t(': string')}, radix${t(': number')})${t(': number')} {`,
        `  if (!Number.isInteger(radix) || radix < 2 || radix > 36) throw new RangeError('parseInteger radix outside 2 to 36');`,
        `  const value = parseInt(text, radix);`,
        `  if (Math.abs(value) >= 2 ** 53 && (radix & (radix - 1)) !== 0) throw new RangeError('parseInteger from 2^53 in a base other than the powers of 2');`,
        `  return value;`,
        `}`,
      ].join('\n');
    case 'zeroFill':
      return [
        `/** Whetstone's zeroFill: Python's zfill, 0s after a leading sign up to \`width\` characters (code points). */`,
        `function ${name('zeroFill')}(text${t(': string')}, width${t(': number')})${t(': string')} {`,
        `  if (!Number.isInteger(width)) throw new RangeError('zeroFill width must be a whole number');`,
        `  const missing = width - [...text].length;`,
        `  if (missing <= 0) return text;`,
        `  const sign = text[0] === '+' || text[0] === '-' ? text[0] : '';`,
        `  return sign + '0'.repeat(missing) + text.slice(sign.length);`,
        `}`,
      ].join('\n');
    case 'formatFixed':
      return [
        `/** Whetstone's formatFixed: Python's format(x, ".Nf"), the exact value's half rounded to the even digit; nan, inf, -0.00. */`,
        `function ${name('formatFixed')}(x${t(': number')}, digits${t(': number')})${t(': string')} {`,
        `  if (!Number.isInteger(digits) || digits < 0 || digits > 100) throw new RangeError('formatFixed digits must be a whole number from 0 to 100');`,
        `  if (Number.isNaN(x)) return 'nan';`,
        `  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';`,
        `  const sign = x < 0 || Object.is(x, -0) ? '-' : '';`,
        `  const size = Math.abs(x);`,
        `  // From 1e21 on toFixed writes an exponent; such a double is whole.`,
        `  if (size >= 1e21) return sign + BigInt(size) + (digits > 0 ? '.' + '0'.repeat(digits) : '');`,
        `  let text = size.toFixed(digits);`,
        `  // A half at these digits is a size whose size * 2^(digits + 1) is odd: toFixed took it up, to an odd digit or an even one.`,
        `  if ((size * 2 ** (digits + 1)) % 2 === 1 && /[13579]$/.test(text)) text = text.slice(0, -1) + (Number(text.slice(-1)) - 1);`,
        `  return sign + text;`,
        `}`,
      ].join('\n');
    case 'stepSlice':
      return [
        `/** Whetstone's stepSlice: Python's items[start:end:step] (null for a bound left out); a text by its UTF-16 units. */`,
        ...(typescript
          ? [
              `function ${name('stepSlice')}(items: string, start: number | null, end: number | null, step: number): string;`,
              `function ${name('stepSlice')}<T>(items: T[], start: number | null, end: number | null, step: number): T[];`,
            ]
          : []),
        `function ${name('stepSlice')}(items${t(': unknown[] | string')}, start${t(': number | null')}, end${t(': number | null')}, step${t(': number')})${t(': unknown[] | string')} {`,
        `  if (step === 0) throw new RangeError('slice step cannot be zero');`,
        `  if (![start ?? 0, end ?? 0, step].every(Number.isInteger)) throw new RangeError('slice bounds and step must be whole numbers');`,
        `  const size = items.length;`,
        `  const bound = (value${t(': number | null')}, open${t(': number')})${t(': number')} => {`,
        `    if (value === null) return open;`,
        `    if (value < 0) return Math.max(value + size, step < 0 ? -1 : 0);`,
        `    return Math.min(value, step < 0 ? size - 1 : size);`,
        `  };`,
        `  const first = bound(start, step < 0 ? size - 1 : 0);`,
        `  const last = bound(end, step < 0 ? -1 : size);`,
        `  const out${t(': unknown[]')} = [];`,
        `  for (let at = first; step > 0 ? at < last : at > last; at += step) out.push(items[at]);`,
        `  return typeof items === 'string' ? out.join('') : out;`,
        `}`,
      ].join('\n');
    case 'assertThat':
      return [
        `/** Whetstone's assert: stops the program with an error when the condition is false. */`,
        `function ${name('assertThat')}(condition${t(': boolean')}, message = 'assertion failed')${t(': void')} {`,
        `  if (!condition) throw new Error(message);`,
        `}`,
      ].join('\n');
    case 'WhetstoneError':
      return [
        `/** What a Whetstone throw throws: a catch takes only these and throws every other error on. */`,
        `class ${name('WhetstoneError')} extends Error {}`,
      ].join('\n');
  }
}
