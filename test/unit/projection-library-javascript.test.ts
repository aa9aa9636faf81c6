// JavaScript's String, Array, Number and Math members that published programs call, imported as
// Whetstone built-ins (repeatText, replaceFirst, toFixed, sign, isInteger, findIndex, flat), an
// index (at of a whole literal or a name), findLast (find of the reversed list) or a walk (Array.from of a length, flatMap), checked, generated
// into JavaScript, TypeScript (tsc --strict) and Python and run: each prints what the source
// prints, at the edges where the languages differ (toFixed's halves and -0, a fractional or
// NaN count, an empty old text, a callback of no parameter, a text above U+FFFF), or the import is
// an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: JavaScript arrays, texts and numbers', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-javascript');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'typescript' = 'javascript'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it("a text's repeat and replace of literals, and a number's toFixed, keep their meaning in every target", () => {
    scratch.keepsItsMeaning(
      'function banner(title, width) {\n  const bar = "=".repeat(width);\n  return bar + "\\n" + title.replace(" ", "_") + "\\n" + bar;\n}\n' +
        'console.log(banner("hello big world", 6));\n' +
        'const n = 2.7;\nconsole.log("ab".repeat(3), "x".repeat(n) + "|", "😀".repeat(2), "".repeat(4).length, "q".repeat(0 / 0) + "|");\n' +
        'console.log("a-b-c".replace("-", "+"), "abc".replace("", "_"), "abc".replace("z", "y"), "😀a😀".replace("😀", "#"), "aaa".replace("aa", "b"));\n' +
        'const prices = [2.5, 1.005, -1.5, -0.0001, 0.125, 123.456, 1e21, -0, 2.345, 1 / 3, 1e-7, 5e-324, 0.5, -2.5, 1234.5678];\n' +
        'for (const p of prices) console.log(p.toFixed(), p.toFixed(0), p.toFixed(2), p.toFixed(1.9), p.toFixed(20));\n' +
        'console.log((0 / 0).toFixed(2), (1 / 0).toFixed(1), (-1 / 0).toFixed(0), (0.000001).toFixed(7));\n',
      'javascript',
      /const bar = repeatText\("=", width\);[^]*replaceFirst\(title, " ", "_"\)[^]*repeatText\("ab", 3\)[^]*replaceFirst\("a-b-c", "-", "\+"\)[^]*toFixed\(p\), toFixed\(p, 0\), toFixed\(p, 2\)/,
    );
  });

  it("Math.sign, Number.isInteger, findIndex, at, flat and flatMap keep their meaning in every target", () => {
    scratch.keepsItsMeaning(
      'function firstNegative(xs: number[]): number {\n  return xs.findIndex((x) => x < 0);\n}\n' +
        'const values = [3, -2.5, 0, -0, 0 / 0, 1 / 0, -1 / 0, 7.25, 1e300];\n' +
        'console.log(values.map((v) => Math.sign(v)), values.map((v) => Number.isInteger(v)));\n' +
        'console.log(firstNegative([3, 1, -2, 5]), firstNegative([]), firstNegative([1, 2]), [5, 6, 7].findIndex((v, i) => v + i > 7));\n' +
        'const names = ["ann", "bob", "cy"];\nconst word = "h😀llo";\n' +
        'console.log(names.at(-1), names.at(0), names.at(-3), word.at(0), word.at(-1), word.at(1), [4, 5, 6].at(-2));\n' +
        'const nested: number[][] = [[1, 2], [], [3]];\n' +
        'console.log(nested.flat(), nested.flat(1), [[["a"]], ["b"]].flat(), [1, 2, 3].flatMap((x) => [x, x * 10]), names.flatMap((s) => [s.length]));\n',
      'typescript',
      /return findIndex\(xs, fn\(x\) => x < 0\);[^]*sign\(v\)[^]*isInteger\(v\)[^]*names\[len\(names\) - 1\], names\[0\], names\[len\(names\) - 3\][^]*flat\(nested\)[^]*flat\(map\(\[1, 2, 3\]/,
    );
  });

  it('lastIndexOf of a list or a text, and fill of a list that exists, keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'function lastSlash(path) {\n  return path.lastIndexOf("/");\n}\n' +
        'const row = [1, 2, 0, 2, 0 / 0, "2", true];\nconst inner = [1];\nconst holder = [inner, [1], inner];\nconst none = [];\n' +
        'console.log(row.lastIndexOf(2), row.lastIndexOf(0 / 0), row.lastIndexOf("2"), row.lastIndexOf(1), row.lastIndexOf(7), holder.lastIndexOf(inner), holder.lastIndexOf([1]), none.lastIndexOf(1));\n' +
        'console.log(lastSlash("a/b/c"), lastSlash("abc"), "😀a😀a".lastIndexOf("a"), "aaa".lastIndexOf("aa"), "abc".lastIndexOf(""), "".lastIndexOf(""), "x😀".lastIndexOf("😀"));\n' +
        'const board = [1, 2, 3];\nconst alias = board;\nboard.fill(0);\nconsole.log(board, alias);\nconst marks = ["a", "b"];\nmarks.fill("-");\nmarks.push("c");\nconsole.log(marks.join(""), [].length);\n',
      'javascript',
      /return lastIndexOf\(path, "\/"\);[^]*lastIndexOf\(row, 2\)[^]*fill\(board, 0\);[^]*fill\(marks, "-"\);/,
    );
  });

  it('parseInt of a text with the radix 10 keeps its meaning in every target', () => {
    scratch.keepsItsMeaning(
      'function readAll(texts) {\n  return texts.map((t) => parseInt(t, 10));\n}\n' +
        'console.log(readAll(["42", "  -17px", "+8", "-0", "0x10", "12.9", "", "abc", "\\u00a0\\ufeff7", "\\u00857", "9007199254740993", "1".repeat(400), "-" + "9".repeat(320), "٣"]));\n' +
        'const line = "10 20 x30";\nconsole.log(line.split(" ").map((part) => parseInt(part, 10) * 2));\n',
      'javascript',
      /map\(texts, fn\(t\) => parseInteger\(t\)\)/,
    );
  });

  it('Array.from of a length or a list, and callbacks of no parameter, keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      'function grid(rows, cols) {\n  return Array.from({ length: rows }, () => Array.from({ length: cols }, (_, c) => c));\n}\n' +
        'const squares = Array.from({ length: 5 }, (_, i) => i * i);\nconst zeros = Array.from({ length: 3 }, () => 0);\n' +
        'const boxes = Array.from({ length: 2 }, () => []);\nboxes[0].push(1);\n' +
        'const length = 2.5;\nconst halves = Array.from({ length }, (k) => "h");\nconst none = Array.from({ length: -3 }, (_, i) => i);\n' +
        'const source = [3, 1, 2];\nconst copy = Array.from(source);\ncopy.push(9);\n' +
        'console.log(grid(2, 3), squares, zeros, boxes, halves, none, source, copy);\n' +
        'console.log([1, 2, 3].map(() => "k"), [4, 5].filter(() => true), [1, 2].some(() => false), [].every(() => false));\n' +
        'let calls = 0;\n[7, 8, 9].forEach(() => { calls += 1; });\nconsole.log(calls);\n',
      'javascript',
      /return map\(range\(int\(rows\)\), fn\(__\) => map\(range\(int\(cols\)\), fn\(c\) => c\)\);[^]*range\(int\(length\)\)[^]*map\(\[1, 2, 3\], fn\(_\) => "k"\)[^]*forEach\(\[7, 8, 9\], fn\(_\) \{/,
    );
  });

  it("a callback's parameters have the walked list's element type: a test of one for truth is carried", () => {
    scratch.keepsItsMeaning(
      'function primes(n: number): number[] {\n  const isPrime: boolean[] = new Array(n + 1).fill(true);\n  isPrime[0] = false;\n  isPrime[1] = false;\n' +
        '  for (let i = 2; i * i <= n; i++) {\n    if (isPrime[i]) {\n      for (let j = i * i; j <= n; j += i) isPrime[j] = false;\n    }\n  }\n' +
        '  const out: number[] = [];\n  isPrime.forEach((p, i) => { if (p) out.push(i); });\n  return out;\n}\n' +
        'const counts: number[] = [0, 2, 0 / 0, -1];\nconsole.log(primes(30), counts.filter((c) => !!c), counts.findIndex((c, i) => i > 0 && !c));\n' +
        'const words: string[] = ["", "a", ""];\nconsole.log(words.map((w) => (w ? w : "-")));\n' +
        'const tally = [3, 0, 1.5];\nfor (const line of tally.map((c, i) => `${String(i).padStart(2)} | ${c} ${"#".repeat(c)}`)) console.log(line);\n',
      'typescript',
      /forEach\(isPrime, fn\(p, i\) \{\n\s+if p \{[^]*filter\(counts, fn\(c\) => [^]*abs\(c\) > 0/,
    );
    // Assigned in the callback, the parameter may hold another type: tested by JavaScript's truth of any value.
    scratch.keepsItsMeaning('const xs = [1, 2];\nxs.forEach((x) => {\n  x = "a";\n  if (x) console.log(x);\n});\n', 'javascript', /if jsTruthy\(x\) \{/);
  });

  it('xs.at(i) of a name counts a negative index from the end, and findLast compared with undefined tests from the last element, in every target', () => {
    scratch.keepsItsMeaning(
      'const xs = [3, 8, 1, 9, 4];\nfor (let i = -5; i < 5; i++) console.log(i, xs.at(i));\n' +
        'if (xs.findLast((x) => x > 3) !== undefined) console.log("found");\n' +
        'console.log(xs.findLast((x) => x > 30) === undefined, [].findLast((x) => x > 0) === undefined, xs.findLast((x) => x < 9) !== undefined);\n' +
        'const words = ["apple", "kiwi", "fig"];\nlet k = -1;\nconsole.log(words.at(k), "abc".at(k), "a😀".at(k).length);\nk = 0;\nconsole.log(words.at(k));\n',
      'javascript',
      /print\(i, jsstr\(xs\[i < 0 \? len\(xs\) \+ i : i\]\)\);[^]*if find\(reversed\(xs\), fn\(x\) => x > 3\) != null/,
    );
    const errors = importErrors('const xs = [1, 2];\nconst f = xs.findLast((x) => x > 1);\nconsole.log(xs.findLast((x, i) => i > 0) === undefined);\nconsole.log(xs.findLast((x) => xs.pop() > x) === undefined);\n');
    assert.ok(errors.some((e) => e.startsWith('2: ') && e.includes('findLast() other than compared with undefined')), errors.join('\n'));
    assert.ok(errors.some((e) => e.startsWith('3: ') && e.includes('findLast() of other than an arrow function of the element that calls nothing')), errors.join('\n'));
    assert.ok(errors.some((e) => e.startsWith('4: ') && e.includes('findLast() of other than an arrow function of the element that calls nothing')), errors.join('\n'));
  });

  it('the forms these members do not carry are errors at import, naming the construct, its line and why', () => {
    const errors = importErrors(
      'const xs = [1, [2, [3]]];\nconst i = 1;\nconst s = "a-b";\nfunction list() { return [1, 2]; }\n' +
        'console.log(xs.at(i + 1));\nconsole.log(list().at(-1));\nconsole.log(xs.flat(2));\n' +
        'console.log(Array.from({ length: 3 }));\nconsole.log(Array.from({ length: 2 }, (x, i) => x));\nconsole.log(Array.from("héllo"));\n' +
        'console.log(s.replace("-", "$&"));\nconsole.log(s.replace(/-/g, "+"));\nconst filled = [1, 2].fill(0);\nconsole.log(Math.log(10), Math.hypot(3, 4));\n',
    );
    const expected: [number, RegExp][] = [
      [5, /at\(…\) of other than a whole literal/],
      [6, /at\(…\) of other than a whole literal/],
      [7, /flat\(…\) of a depth other than 1/],
      [8, /Array\.from\(…\) other than of a list, or of \{ length: n \} with a function/],
      [9, /Array\.from\(\{ length: n \}, f\) with a function that reads its first parameter/],
      [10, /a spread \(\.\.\.\) of a value not known to be a list/],
      [11, /replace\(…\) of other than a text literal by a text literal without \$/],
      [12, /replace\(…\) of other than a text literal by a text literal without \$/],
      [13, /fill\(…\) used as a value/],
      [14, /Math\.log\(…\) \(JavaScript computes it with V8's own routine, Python's math with the C library/],
      [14, /Math\.hypot\(…\)/],
    ];
    for (const [line, message] of expected) assert.ok(errors.some((error) => error.startsWith(`${line}: `) && message.test(error)), `line ${line}: ${message}\n${errors.join('\n')}`);
  });
});
