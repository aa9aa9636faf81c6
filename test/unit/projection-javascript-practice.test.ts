// JavaScript and TypeScript as programs are written in practice: destructuring in for…of, the
// entries of a Map or an object as a list, type aliases, ?? on a call, logical assignments and
// labelled loops. Each program is run as written and in every target, and the outputs compared.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of JavaScript and TypeScript as written in practice', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('javascript-practice');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'typescript' = 'javascript'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('for (const { a, b } of items) reads each item\'s fields at the start of its turn', () => {
    scratch.keepsItsMeaning(
      'function totals(orders) {\n  const sums = new Map();\n  for (const { sku, qty } of orders) {\n    sums.set(sku, (sums.get(sku) ?? 0) + qty);\n  }\n  return [...sums.entries()].sort((a, b) => b[1] - a[1]);\n}\n' +
        'function longest(rows) {\n  let best = "";\n  for (let { name, size } of rows) {\n    if (size < 0) size = -size;\n    if (size > best.length) best = name.padEnd(size, ".");\n  }\n  return best;\n}\n' +
        'const orders = [\n  { sku: "pen", qty: 3 },\n  { sku: "ink", qty: -1 },\n  { sku: "pen", qty: 2.5 },\n  { sku: "pad", qty: 5 },\n];\n' +
        'console.log(totals(orders), totals([]));\nconsole.log(longest([{ name: "a", size: -3 }, { name: "😀", size: 2 }, { name: "bc", size: 4 }]), longest([]));\n',
      'javascript',
      /for item\d+ in orders \{\n\s*const sku = item\d+\.sku;\n\s*const qty = item\d+\.qty;/,
    );
  });

  it('a type alias of a type that is not an object type reads as that type wherever it is used (tsc --strict)', () => {
    scratch.keepsItsMeaning(
      'type Summary = Record<string, number>;\ntype Grid = number[][];\ntype Label = string;\n\ninterface Sample {\n  label: Label;\n  values: number[];\n}\n\n' +
        'function mean(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, 0) / xs.length;\n}\n\n' +
        'function summarize(samples: Sample[]): Summary {\n  const out: Summary = {};\n  for (const { label, values } of samples) {\n    out[label] = Math.round(mean(values) * 100) / 100;\n  }\n  return out;\n}\n\n' +
        'function transpose(grid: Grid): Grid {\n  const out: Grid = [];\n  const width = grid.length > 0 ? grid[0].length : 0;\n  for (let c = 0; c < width; c++) {\n    const column: number[] = [];\n    for (const row of grid) column.push(row[c]);\n    out.push(column);\n  }\n  return out;\n}\n\n' +
        'console.log(summarize([{ label: "a", values: [1, 2, 3, 4] }, { label: "b", values: [10, 20, 25] }, { label: "neg", values: [-1.005, -2] }]));\n' +
        'console.log(transpose([[1, -0], [3, 4], [5, NaN]]), transpose([]));\n',
      'typescript',
      /fn summarize\(samples: list<Sample>\): map<string, number> \{\n\s*const out: map<string, number> = \{\};/,
    );
  });

  it('?? on a call evaluates the call once, and its right side only where the left is null or undefined', () => {
    scratch.keepsItsMeaning(
      'let calls = 0;\nfunction modeOf(xs: number[]): number | null {\n  calls++;\n  const freq = new Map<number, number>();\n  let best: number | null = null;\n  let bestCount = 0;\n  for (const x of xs) {\n    const c = (freq.get(x) ?? 0) + 1;\n    freq.set(x, c);\n    if (c > bestCount) {\n      best = x;\n      bestCount = c;\n    }\n  }\n  return best;\n}\n' +
        'function fallback(): number {\n  calls += 100;\n  return -1;\n}\n' +
        'console.log(modeOf([1, 2, 2, 3, 3, 3]) ?? "none", modeOf([]) ?? "none");\nconsole.log(modeOf([0, -0]) ?? fallback(), calls);\nconsole.log(modeOf([]) ?? fallback(), calls);\n',
      'typescript',
      /\(fn\(value\d+\) => value\d+ == null \? "none" : value\d+\)\(modeOf\(\[1, 2, 2, 3, 3, 3\]\)\)/,
    );
  });

  it('??=, ||= and &&= as statements, and (groups[key] ??= []).push(item), assign only where JavaScript does', () => {
    scratch.keepsItsMeaning(
      'function groupBy(items, keyOf) {\n  const groups = {};\n  for (const item of items) {\n    const key = keyOf(item);\n    (groups[key] ??= []).push(item);\n  }\n  return groups;\n}\n' +
        'const byFirst = groupBy(["ab", "c", "ad", "ce", "b"], (w) => w[0]);\nconsole.log(byFirst, groupBy([], (w) => w));\n',
      'javascript',
      /if groups\[key\] == null \{\n\s*groups\[key\] = \[\];\n\s*\}\n\s*push\(groups\[key\], item\);/,
    );
    scratch.keepsItsMeaning(
      'function settle(n: number, label: string | null, ok: boolean): string {\n  n ||= 7;\n  label ??= "none";\n  ok &&= n > 5;\n  return label + ":" + n + ":" + ok;\n}\n' +
        'console.log(settle(0, null, true), settle(-0, "x", false), settle(NaN, "", true), settle(2.5, "y", true));\n',
      'typescript',
      /if n == 0 \|\| n != n \{\n\s*n = 7;|if !\(?abs\(n\) > 0\)? \{\n\s*n = 7;/,
    );
  });

  it('a labelled break or continue out of an inner loop is carried with a flag; the for loop\'s update still runs on continue', () => {
    scratch.keepsItsMeaning(
      'function firstMissing(nums) {\n  const seen = new Set(nums);\n  outer: for (let i = 1; ; i++) {\n    for (const n of nums) {\n      if (n === i) continue outer;\n    }\n    if (!seen.has(i)) return i;\n  }\n}\n' +
        'function findPair(grid, target) {\n  let found = "none";\n  rows: for (let r = 0; r < grid.length; r++) {\n    let c = 0;\n    while (c < grid[r].length) {\n      for (let k = 0; k < 2; k++) {\n        if (grid[r][c] + k === target) {\n          found = `${r},${c},${k}`;\n          break rows;\n        }\n        if (grid[r][c] < 0) continue rows;\n      }\n      c += 1;\n    }\n    found = "row " + r;\n  }\n  return found;\n}\n' +
        'let total = 0;\nlet i = 0;\nscan: do {\n  i++;\n  for (let j = 0; j < 5; j++) {\n    if (j > i) continue scan;\n    if (i * j > 8) break scan;\n    total += i * 10 + j;\n  }\n} while (i < 6);\n' +
        'console.log(firstMissing([3, 4, -1, 1]), firstMissing([]), firstMissing([1, 2, 3]));\nconsole.log(findPair([[1, 2], [-5, 7], [8, 9]], 9), findPair([[1]], 42), findPair([], 1));\nconsole.log(total, i);\n',
      'javascript',
      /exit\d+ = 2;\n\s*break;/,
    );
    // Two labelled loops, one nested in the other, left from a third; a labelled exit inside a switch.
    scratch.keepsItsMeaning(
      "const out = [];\na: for (let i = 0; i < 4; i++) {\n  b: for (let j = 0; j < 4; j++) {\n    for (let k = 0; k < 4; k++) {\n      if (k === 2) continue b;\n      if (i + j + k === 5) continue a;\n      if (j === 3) break b;\n      if (i === 3 && k === 1) break a;\n      out.push(`${i}${j}${k}`);\n    }\n    out.push(\"j\" + j);\n  }\n  out.push(\"i\" + i);\n}\nconsole.log(out.join(\" \"));\nlet n = 0;\nw: while (n < 10) {\n  n++;\n  switch (n % 3) {\n    case 0:\n      continue w;\n    case 1:\n      if (n > 7) break w;\n      break;\n    default:\n      n += 0.5;\n  }\n  console.log(\"n\", n);\n}\n",
      'javascript',
      /if exit\d+ != 0 \{\n\s*break;\n\s*\}/,
    );
  });

  it('[...m], [...m.entries()], Array.from(m) and Object.entries(o) as values are the [key, value] lists in their order', () => {
    scratch.keepsItsMeaning(
      'const stock = new Map();\nstock.set("tea", 3);\nstock.set("jam", -0);\nstock.set("oat", 2.5);\n' +
        'const ranked = [...stock.entries()].sort((a, b) => b[1] - a[1]);\nconsole.log(ranked, [...stock], Array.from(stock), Array.from(stock.entries()).length);\n' +
        'const price = { tea: 3, jam: 4.5, "two words": null };\nconst pairs = Object.entries(price);\nconsole.log(pairs, Object.keys(price).length, Object.values(price));\n' +
        'function build(n) {\n  return { first: n, second: [n, -n] };\n}\nconsole.log(Object.entries(build(2)), Object.entries({}));\n',
      'javascript',
      /map\(keys\(stock\), fn\(key\d+\) => \[key\d+, stock\[key\d+\]\]\)/,
    );
  });

  it('an array pattern as a parameter ([k, v]) => …, ([, a], [, b]) => b - a binds each element at the start of the body', () => {
    scratch.keepsItsMeaning(
      'const scores = new Map();\nscores.set("ann", 7);\nscores.set("bob", -2);\nscores.set("cy", 7.5);\nscores.set("dee", -0);\n' +
        'const ranked = [...scores.entries()].sort(([, a], [, b]) => b - a);\nconsole.log(ranked);\n' +
        '[...scores].forEach(([name, score], i) => console.log("entry", i, name, score));\n' +
        'const total = Object.entries({ tea: 3, jam: 4.5 }).reduce((sum, [, p]) => sum + p, 0);\n' +
        'function swap([a, b]) {\n  return [b, a];\n}\n' +
        'console.log(total, [[1, 2], [3, -4], [5, 6, 7]].map(([a, b]) => a * b), swap([1, "x"]), [].map(([a]) => a));\n',
      'javascript',
      /fn\(pair\d+, pair\d+\) \{\n\s*assert\(pair\d+ is list && len\(pair\d+\) >= 2, "expected a list of at least 2 elements to destructure"\);\n\s*const a = pair\d+\[1\];/,
    );
  });

  it('a label on a statement that is not a loop, and a logical assignment whose target is computed, are errors at import', () => {
    const errors = importErrors('let n = 0;\nblock: {\n  n = 1;\n  break block;\n}\nconst xs = [null];\nfunction at() {\n  n++;\n  return 0;\n}\nxs[at()] ??= 5;\nconsole.log(n, xs);\n');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '11'],
      errors.join('\n'),
    );
    assert.match(errors[0], /label on a statement that is not a loop/);
    assert.match(errors[1], /\?\?= operator on a target read through a call/);
  });
  it('untyped recursive functions, direct and mutual, give TypeScript a return type it can check under --strict', () => {
    scratch.keepsItsMeaning(
      [
        'const factorial = (n) => (n <= 1 ? 1 : n * factorial(n - 1));',
        'function fib(n) {',
        '  return n < 2 ? n : fib(n - 1) + fib(n - 2);',
        '}',
        'function isEven(n) {',
        '  return n === 0 ? true : isOdd(n - 1);',
        '}',
        'function isOdd(n) {',
        '  return n === 0 ? false : isEven(n - 1);',
        '}',
        'function flatten(xs) {',
        '  const out = [];',
        '  for (const x of xs) {',
        '    if (Array.isArray(x)) {',
        '      for (const y of flatten(x)) out.push(y);',
        '    } else out.push(x);',
        '  }',
        '  return out;',
        '}',
        'console.log(factorial(10), fib(15), isEven(10), isOdd(7), flatten([1, [2, [3, 4]], 5]));',
      ].join('\n'),
      'javascript',
      /fn factorial\(n\)/,
    );
  });
  it('an array destructuring with a rest binds the rest as a new list of the elements after the names; from a list of unknown length it stays an error', () => {
    scratch.keepsItsMeaning(
      ['const [best, ...others] = [90, 72, 85, 60];', 'const [only, ...none] = ["x"];', 'others.push(1);', 'console.log(best, others, only, none, others.length);'].join('\n'),
      'javascript',
      /const others = slice\(unpacked\d+, 1\);/,
    );
    const errors = importErrors('function headTail(xs) {\n  const [head, ...tail] = xs;\n  return head + tail.length;\n}\nconsole.log(headTail([3, 1, 2]));\n');
    assert.deepEqual(errors.map((error) => error.split(':')[0]), ['2'], errors.join('\n'));
    assert.match(errors[0], /array destructuring of 1 name from a value not known to be a list of at least 1 element/);
  });
  it('a destructuring of a list a guard before it returns for when short is carried (quicksort); a call or a text between keeps the error', () => {
    scratch.keepsItsMeaning(
      [
        'const quickSort = (arr) => {',
        '  if (arr.length <= 1) return arr;',
        '  const [pivot, ...rest] = arr;',
        '  const left = rest.filter((x) => x < pivot);',
        '  const right = rest.filter((x) => x >= pivot);',
        '  return [...quickSort(left), pivot, ...quickSort(right)];',
        '};',
        'function firstTwo(xs) {',
        '  if (xs.length < 2) {',
        '    return [];',
        '  }',
        '  const total = 0;',
        '  const [a, b, ...more] = xs;',
        '  return [b, a, more.length + total];',
        '}',
        'function headOr(xs, fallback) {',
        '  if (xs.length === 0) return fallback;',
        '  const [head] = xs;',
        '  return head;',
        '}',
        'console.log(quickSort([5, -2, 9, 0, 5, 3.5, -7, -0.5]), quickSort([]), quickSort([-0]));',
        'console.log(firstTwo([1]), firstTwo([1, -2]), firstTwo([[1], [], [2, 3]]), headOr([], "none"), headOr(["é", "😀"], "none"));',
      ].join('\n'),
      'javascript',
      /const pivot = unpacked\d+\[0\];/,
    );
    const errors = importErrors(
      [
        'function popped(xs) {',
        '  if (xs.length <= 1) return xs;',
        '  xs.pop();',
        '  const [a, ...rest] = xs;',
        '  return rest;',
        '}',
        'function shortGuard(xs) {',
        '  if (xs.length < 1) return xs;',
        '  const [a, b] = xs;',
        '  return [b, a];',
        '}',
        'function letters(s) {',
        '  if (s.length <= 1) return [s];',
        '  const [first, ...others] = s;',
        '  return [first, others.length];',
        '}',
        'console.log(popped([1, 2, 3]), shortGuard([1, 2]), letters("a😀b"));',
      ].join('\n'),
    );
    assert.deepEqual(errors.map((error) => error.split(':')[0]), ['4', '9', '14'], errors.join('\n'));
  });
  it('xs.unshift(a, …) as a statement puts them at the front in place; as a value (the new length) it is an error', () => {
    scratch.keepsItsMeaning(
      'function lastThree(events) {\n  const recent = [];\n  for (const e of events) {\n    recent.unshift(e);\n    if (recent.length > 3) recent.pop();\n  }\n  return recent;\n}\n' +
        'const queue = [3, 4];\nqueue.unshift(1, -0.5);\nqueue.unshift(-0);\nconsole.log(lastThree(["a", "b", "c", "d", "e"]), lastThree([]), queue, queue.length);\n',
      'javascript',
      /splice\(recent, 0, 0, \[e\]\);[\s\S]*splice\(queue, 0, 0, \[1, -0\.5\]\);/,
    );
    assert.deepEqual(importErrors('const n = [5];\nconsole.log(n.unshift(4));\n'), ['2: Not carried into Whetstone: unshift(…) used as a value has no Whetstone form']);
  });
  it('a TypeScript enum is a const object of its values, the enum as a type its values\' type; a reverse lookup or other use is an error', () => {
    scratch.keepsItsMeaning(
      'enum Color {\n  White,\n  Gray,\n  Black,\n}\nenum Direction {\n  Up = "UP",\n  Down = "DOWN",\n}\nexport enum Level {\n  Low = -1,\n  Mid = 5,\n  High,\n}\n\n' +
        'function paint(c: Color): string {\n  if (c === Color.White) return "white";\n  return c === Color.Gray ? "gray" : "black";\n}\n\n' +
        'function flip(d: Direction): Direction {\n  return d === Direction.Up ? Direction.Down : Direction.Up;\n}\n\n' +
        'const colors: Color[] = [Color.Black, Color.White, Color.Gray];\nconst levels: Record<string, Level> = { a: Level.High, b: Level.Low };\n' +
        'console.log("colors", colors.map(paint), colors, Level.High + Level.Low);\nconsole.log("flip", flip(Direction.Up), flip(flip(Direction.Up)), levels);\n',
      'typescript',
      /const Color = \{ White: 0, Gray: 1, Black: 2 \};[\s\S]*const Level = \{ Low: -1, Mid: 5, High: 6 \};[\s\S]*fn paint\(c: number\): string/,
    );
    assert.deepEqual(importErrors('enum Color { Red, Green }\nconsole.log(Color[1]);\n', 'typescript'), [
      "1: Not carried into Whetstone: the enum 'Color' used as 'Color[1]' on line 2 (JavaScript's enum object also maps each number back to its name, which the members alone do not) has no Whetstone form",
      "2: Not carried into Whetstone: 'Color' is not declared in this file and is outside the projection's library tables; Python would have no 'Color'",
    ]);
    assert.match(importErrors('enum Flag { A = 1 << 0, B = 1 << 1 }\nconsole.log(Flag.A);\n', 'typescript')[0], /the member 'A' of the enum 'Flag' \(a value other than a number or text literal/);
  });
  it('a local const arrow that calls itself is declared before its value, so the .wst checks and runs', () => {
    scratch.keepsItsMeaning(
      'function depthOf(tree: Record<string, string[]>, root: string): number {\n  const depth = (node: string): number => {\n    let best = 0;\n    for (const child of tree[node] ?? []) best = Math.max(best, depth(child));\n    return best + 1;\n  };\n  const twice = (n: number): number => n * 2;\n  return twice(depth(root));\n}\n' +
        'console.log(depthOf({ a: ["b", "c"], b: ["d"], c: [], d: ["e"], e: [] }, "a"), depthOf({}, "z"));\n',
      'typescript',
      /let depth: any = null;\n\s*depth = fn\(node: string\): number \{[\s\S]*const twice = fn\(n: number\): number/,
    );
  });
  it('[...new Set(xs)] as the receiver a return or declaration starts from is made before the statement', () => {
    scratch.keepsItsMeaning(
      'function uniqueSorted(values) {\n  return [...new Set(values)].sort((a, b) => a - b);\n}\n' +
        'function distinctCount(words) {\n  const n = [...new Set(words)].length;\n  return n;\n}\n' +
        'function shout(words) {\n  const loud = [...new Set(words)].map((w) => w.toUpperCase()).join(" ");\n  return loud;\n}\n' +
        'console.log(uniqueSorted([3, 1, 3, -2, 10, 1, -0, 0, 2.5]), uniqueSorted([]));\nconsole.log(distinctCount(["a", "b", "a"]), distinctCount([]), shout(["x", "y", "x"]));\n',
      'javascript',
      /for item\d+ in values \{\n\s*distinct\d+\[item\d+\] = true;\n\s*\}\n\s*return sorted\(keys\(distinct\d+\), fn\(a, b\) => a - b\);/,
    );
  });
  it('Math and Number constants are literals; a name that only looks like one (constructor.name, Number.constructor) is reported, not read off Object', () => {
    const imported = importSource('console.log(Math.PI, Number.MAX_SAFE_INTEGER);\nconsole.log(constructor.name, Number.constructor);\n', 'javascript');
    assert.match(printDocument(imported.ast), /^print\(3\.141592653589793, 9007199254740991\);\n/);
    assert.doesNotMatch(printDocument(imported.ast), /"Object"/);
    assert.deepEqual(
      imported.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`),
      ["2: Not carried into Whetstone: 'constructor' is not declared in this file and is outside the projection's library tables; Python would have no 'constructor'", "2: Not carried into Whetstone: 'Number' is not declared in this file and is outside the projection's library tables; Python would have no 'Number'"],
    );
  });
});
