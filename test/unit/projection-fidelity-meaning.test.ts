// Whetstone's own meaning in every target: texts measured, cut and ordered in UTF-16 code units,
// an index outside a list or text an error, -0 printed as 0 and shown by jsstr as -0, values that
// hold themselves shown by jsstr as Node shows them. Each program is generated into JavaScript,
// TypeScript (tsc --strict) and Python and run; a target that cannot keep the meaning stops with
// an error naming why, never prints something else.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { prepareProjection, Scratch, type RunResult } from '../helpers/projection';

const TARGETS = ['javascript', 'typescript', 'python'] as const;
type Target = (typeof TARGETS)[number];

/** A function counting to half its argument: a range whose end may have a fraction. */
const HALF = ['fn half(n: number): number {', '  let count = 0;', '  for h in range(n / 2) {', '    count += 1;', '  }', '  return count;', '}'];

describe('projection keeps what Whetstone programs mean', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('meaning');
  });
  after(() => scratch.dispose());

  /** The program checks without an error; its generated code in `target`, and how that ran. */
  const runIn = (source: string, target: Target): { code: string; ran: RunResult } => {
    const doc = WhetstoneDocument.create(source, 1);
    try {
      assert.deepEqual(analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error'), [], source);
      const generated = generate(doc.ast, target);
      assert.deepEqual(generated.diagnostics, [], target);
      return { code: generated.code, ran: scratch.runProgram(generated.code, target) };
    } finally {
      doc.dispose();
    }
  };

  /** In every target the program prints `printed`, then stops with an error whose message matches `error`. */
  const stopsInEveryTarget = (source: string, printed: string, error: RegExp, targets: readonly Target[] = TARGETS): void => {
    for (const target of targets) {
      const { code, ran } = runIn(source, target);
      assert.notEqual(ran.status, 0, `${target} went on:\n${ran.stdout}\n${code}`);
      assert.equal(ran.stdout, printed, target);
      assert.match(ran.stderr, error, target);
    }
  };

  it('len, indexOf, slice, an index and split by "" count a text in UTF-16 code units in every target', () => {
    scratch.printsInEveryTarget(
      [
        'let s = "a😀b";',
        'let t: any = s;',
        'print(len(s), len(t), len("😀"), len("héllo"), indexOf(s, "b"), indexOf(t, "b"), indexOf("😀😀x", "x"));',
        'print(slice(s, 3), slice(s, 1, 3), slice(s, -1), slice(s, -3), slice(t, 0, 1));',
        'print(s[0], s[3], t[3], s[0] + s[3], split("héllo", ""), split(s, "😀"));',
        'let count = 0;',
        'for i in range(len(s)) {',
        '  count += 1;',
        '}',
        'print(count);',
      ].join('\n') + '\n',
      '4 4 2 5 3 3 4\nb 😀 b 😀b a\na b b ab ["h", "é", "l", "l", "o"] ["a", "b"]\n4\n',
    );
  });

  it('cutting a character above U+FFFF in half gives the half in every target, as in JavaScript (projection-text-halves.test.ts: every operation on halves)', () => {
    scratch.printsInEveryTarget('let s = "a😀b";\nprint(s[1], slice(s, 0, 2), split(s, ""), s[1] + s[2] == "😀");\n', '\uFFFD a\uFFFD ["a", "\\ud83d", "\\ude00", "b"] true\n');
  });

  it('reading a list or text outside 0 … len - 1 stops the program with an error in every target', () => {
    const outside = /outside a list or text of length|IndexError: list index out of range/;
    stopsInEveryTarget('let xs = [1, 2, 3];\nlet i = -1;\nprint(xs[0]);\nprint(xs[i]);\n', '1\n', outside);
    stopsInEveryTarget('let xs = [1, 2, 3];\nprint(xs[2]);\nprint(xs[len(xs)]);\n', '3\n', outside);
    stopsInEveryTarget('let xs = [1, 2, 3];\nlet half = 1.5;\nprint(xs[half]);\n', '', outside);
    stopsInEveryTarget('let xs: list<number> = [];\nfn last(ys: list<number>): number {\n  return ys[len(ys) - 1];\n}\nprint(last(xs));\n', '', outside);
    stopsInEveryTarget('let s = "abc";\nprint(s[2]);\nprint(s[3]);\n', 'c\n', outside);
    stopsInEveryTarget('let rows = [[1], [2]];\nprint(rows[1][0]);\nprint(rows[-1][0]);\n', '2\n', outside);
  });

  it('writing a list element outside 0 … len - 1 stops the program with an error in every target', () => {
    const outside = /outside a list or text of length|IndexError: list assignment index out of range/;
    stopsInEveryTarget('let xs = [1, 2, 3];\nlet i = -1;\nxs[i] = 9;\nprint(xs);\n', '', outside);
    stopsInEveryTarget('let xs = [1, 2, 3];\nxs[3] = 9;\nprint(xs);\n', '', outside);
    stopsInEveryTarget('let xs = [1, 2, 3];\nlet j = 1;\nxs[j - 2] += 1;\nprint(xs);\n', '', outside);
    stopsInEveryTarget('let xs = [1, 2, 3];\nlet j = 3;\nxs[0], xs[j] = xs[j - 1], xs[0];\nprint(xs);\n', '', outside);
  });

  it('an index that is a whole number reads and writes the same element in every target, however it was computed', () => {
    scratch.printsInEveryTarget(
      'let xs = [10, 20, 30, 40];\nlet n = 4;\nlet grid = [[1, 2], [3, 4]];\nxs[n / 2] = 31;\ngrid[n / 4][n / 2 - 1] += 5;\nprint(xs[n / 2], xs[sqrt(9)], xs[n - 4], grid, xs[0], xs[len(xs) - 1]);\n',
      '31 40 10 [[1, 2], [3, 9]] 10 40\n',
    );
  });

  it('Python indexes a list as written where the index is a whole number from 0 up, JavaScript in a loop over its indices', () => {
    const source = 'fn total(xs: list<number>): number {\n  let sum = 0;\n  for i in range(len(xs)) {\n    sum += xs[i];\n    xs[i] = 0;\n  }\n  return sum;\n}\nlet ys = [1, 2];\nprint(total(ys), ys[0], ys[len(ys) - 1]);\n';
    scratch.printsInEveryTarget(source, '3 0 0\n');
    const python = runIn(source, 'python').code;
    assert.match(python, /sum = double\(sum \+ xs\[i\]\)\n\s+xs\[i\] = 0\n/);
    assert.match(python, /show\(ys\[0\]\), show\(item_at\(ys, len\(ys\) - 1\)\)/);
    const javascript = runIn(source, 'javascript').code;
    assert.match(javascript, /for \(let i = 0; i < xs\.length; i\+\+\) \{\n\s+sum \+= xs\[i\];\n\s+xs\[i\] = 0;/);
    assert.match(javascript, /String\(itemAt\(ys, ys\.length - 1\)\)/);
    // A loop that may resize the list (push, or a function of the program) checks its reads.
    const resized = runIn('let xs = [1, 2];\nfor i in range(len(xs)) {\n  push(xs, xs[i]);\n}\nprint(xs);\n', 'javascript');
    assert.equal(resized.ran.stdout, '[1, 2, 1, 2]\n');
    assert.match(resized.code, /xs\.push\(itemAt\(xs, i\)\)/);
  });

  it('range(len(xs)) counts the list once in every target, though the body grows or shrinks it through a function or splice', () => {
    scratch.printsInEveryTarget(
      'fn grow(ys: list<number>): void {\n  push(ys, 1);\n}\nlet xs = [1];\nlet n = 0;\nfor i in range(len(xs)) {\n  n += 1;\n  if n < 5 {\n    grow(xs);\n  }\n}\nlet zs = [1, 2, 3];\nlet m = 0;\nfor i in range(0, len(zs)) {\n  m += 1;\n  splice(zs, 0, 1);\n}\nprint(n, len(xs), m, zs);\n',
      '1 2 3 []\n',
    );
  });

  it('texts compare and sort by their UTF-16 code units in every target, where Python compares code points', () => {
    // U+FF5E and U+FB00 are one UTF-16 unit above the surrogates; an emoji and U+1D49C are two units
    // starting with a surrogate: UTF-16 puts them before, code points after.
    const source = [
      'type Word { text: string, count: number }',
      'let xs = ["～", "😀", "b", "ﬀ", "𝒜"];',
      'let t: any = "～";',
      'let u: any = "😀";',
      'print(sorted(xs), "～" < "😀", "～" > "😀", t < u, t >= u, xs[0] <= xs[1], xs[1] > "a");',
      'sort(xs);',
      'print(xs);',
      'let words: list<Word> = [{ text: "～", count: 1 }, { text: "😀", count: 2 }];',
      'sort(words, fn(a, b) => a.text < b.text ? -1 : 1);',
      'let ys: list<any> = ["～", "😀"];',
      'print(words[0].text, sorted(ys), "z" >= "a", sorted([3, 1, 2]), 2 < 3);',
    ].join('\n');
    scratch.printsInEveryTarget(`${source}\n`, '["b", "𝒜", "😀", "ﬀ", "～"] false true false true false true\n["b", "𝒜", "😀", "ﬀ", "～"]\n😀 ["😀", "～"] true [1, 2, 3] true\n');
    // Only where texts may be compared: numbers, and a text against a literal of characters below
    // U+D800 (where both orders agree), are compared as written.
    const python = runIn(`${source}\n`, 'python').code;
    assert.match(python, /show\("z" >= "a"\), show\(sorted\(\[3, 1, 2\]\)\), show\(2 < 3\)/);
    assert.match(python, /xs\.sort\(key=utf16_order\)/);
    assert.doesNotMatch(runIn('let a = 1;\nlet b = 2;\nlet ns = [2, 1];\nsort(ns);\nprint(a < b, sorted(ns));\n', 'python').code, /utf16_order/);
  });

  it('-0 made of whole numbers is -0 in every target: jsstr shows it, dividing by it or a negative power of it is -Infinity, min takes it below 0', () => {
    const source = [
      'let z = 0;',
      'let m = -1;',
      'let f = -0.5;',
      'let w = z;',
      'w *= m;',
      'print(jsstr(-z), 1 / -z, pow(-z, -1), (-z) ** -3, jsstr(z * -1), jsstr(z * m), jsstr(m * z), jsstr(-4 % 2), jsstr(m % 1));',
      'print(jsstr(ceil(f)), jsstr(ceil(-0.5)), jsstr(int(f)), jsstr(sqrt(-z)), jsstr(floor(-z)), jsstr(num("-0")), jsstr(int("-0")), jsstr(pow(-z, 3)));',
      'print(jsstr(-(-z)), jsstr([-z, z * 2, -z * 2]), jsstr(w), 1 / w, -z, jsstr(-0.0 + 0), jsstr(round(-0.001, 2)), jsstr(round(-0.2)));',
      'print(-m, jsstr(z * 5), jsstr(floor(-2.5)), jsstr(ceil(-2.5)), jsstr(int(2.7)), jsstr(sqrt(16)), jsstr(z - z), jsstr(3 * -2));',
      // min and max as JavaScript's: -0 below 0, and NaN when any argument is NaN.
      'let nan = 0 / 0;',
      'print(jsstr(min(0, -z)), jsstr(max(-z, 0)), min(1, nan), max(nan, 1), max(1, nan, 3), min(3, 1, 2), jsstr(min(-z, -z)), min(-1 / 0, 5), max(2.5, 2));',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      '-0 -Infinity -Infinity -Infinity -0 -0 -0 -0 -0\n-0 -0 -0 -0 -0 -0 -0 -0\n0 [ -0, 0, -0 ] -0 -Infinity 0 0 0 0\n1 0 -3 -2 2 4 0 -6\n-0 0 NaN NaN NaN 1 -0 -Infinity 2.5\n',
    );
    // Products by a literal above zero, and of numbers that cannot be below zero, are Python's own.
    const python = runIn('let xs = [1, 2, 3];\nlet total = 0;\nfor i in range(len(xs)) {\n  total += i * i + xs[i] * 2;\n}\nprint(total);\n', 'python');
    assert.equal(python.ran.stdout, '17\n');
    assert.match(python.code, /total = double\(total \+ double\(double\(i \* i\) \+ double\(xs\[i\] \* 2\)\)\)/);
    assert.doesNotMatch(python.code, /multiply|negate/);
  });

  it('a range bound that may be -0 runs in every target (Python: range takes ints only), and one that cannot be is written as it is', () => {
    const source = 'fn around(r: number): number {\n  let total = 0;\n  for dx in range(-r, r + 1) {\n    total += dx * 10 + 1;\n  }\n  return total;\n}\nprint(around(0), around(2), range(-around(0), 2));\nfor i in range(3) {\n  print(i);\n}\n';
    scratch.printsInEveryTarget(source, '1 5 [-1, 0, 1]\n0\n1\n2\n');
    const python = runIn(source, 'python').code;
    assert.match(python, /for dx in number_range\(negate\(r\), double\(r \+ 1\)\):/);
    assert.match(python, /for i in range\(3\):/);
    // An end that may be -0 (a whole float in Python) goes through the helper too.
    const end = runIn('let z = 0;\nfor i in range(1, -z) {\n  print(i);\n}\nprint(range(0, -z), range(2, 0, -z - 1));\n', 'python');
    assert.equal(end.ran.stdout, '[] [2, 1]\n');
    assert.match(end.code, /for i in number_range\(1, negate\(z\)\):/);
  });

  it('a range whose start may be -0 gives -0 first in every target, as in JavaScript: jsstr shows it, 1 / it is -Infinity', () => {
    const source = [
      'fn firsts(r: number): void {',
      '  for i in range(-r, 2) {',
      '    print(jsstr(i), 1 / i, i);',
      '  }',
      '}',
      'firsts(0);',
      'firsts(1);',
      'let z = 0;',
      'let xs = [5, 6, 7];',
      // break and continue, an index by the counter, a step below zero, a loop from the counter, a list.
      'for j in range(-z, -5, -1) {',
      '  if j == -3 {',
      '    break;',
      '  }',
      '  if j == -1 {',
      '    continue;',
      '  }',
      '  print(jsstr(j), 1 / j);',
      '}',
      'for k in range(-z, 3) {',
      '  if k == 1 {',
      '    continue;',
      '  }',
      '  print(jsstr(k), xs[k], jsstr(k * -1), jsstr(k % 2));',
      '  for m in range(k, 3) {',
      '    print(jsstr(m));',
      '    break;',
      '  }',
      '}',
      'print(jsstr(range(-z, 3)), range(-z, 3), jsstr(range(-z, -z)), jsstr(range(-z, 3, 2)), jsstr(range(-0, 1)));',
      'for n in range(-z, 0) {',
      '  print("never", n);',
      '}',
      // A bound made from a -0 is a whole float in Python, which its range takes as the int.
      'for a in range(-z, 2) {',
      '  for b in range(a + 1, 3) {',
      '    print(jsstr(a), b);',
      '  }',
      '}',
      ...HALF,
      'let t = -z + 2;',
      'print(range(t), half(4), range(t * 1, 4));',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      '-0 -Infinity 0\n1 1 1\n-1 -1 -1\n0 Infinity 0\n1 1 1\n-0 -Infinity\n-2 -0.5\n-0 5 0 -0\n-0\n2 7 -2 0\n2\n[ -0, 1, 2 ] [0, 1, 2] [] [ -0, 2 ] [ -0 ]\n-0 1\n-0 2\n1 2\n[0, 1] 2 [2, 3]\n',
    );
    // A start that cannot be -0 keeps Python's own range, with no helper.
    const python = runIn(`${source}\nfor q in range(1, 3) {\n  print(q);\n}\n`, 'python').code;
    assert.match(python, /for i in number_range\(negate\(r\), 2\):/);
    assert.match(python, /for q in range\(1, 3\):/);
  });

  it('a range bound with a fraction, NaN or an infinity counts as in JavaScript in every target', () => {
    const source = [
      ...HALF,
      'let xs = [10, 20, 30, 40];',
      'let odd = 7;',
      'for i in range(1, odd / 2) {',
      '  print(i, xs[i]);',
      '}',
      'for f in range(0.5, 3) {',
      '  print(f);',
      '}',
      'for d in range(5, 0.5, -1.5) {',
      '  print(d);',
      '}',
      'for s in range(0, 1, 0.25) {',
      '  print(s);',
      '}',
      'let nan = 0 / 0;',
      'for n in range(0, nan) {',
      '  print("never", n);',
      '}',
      'for m in range(nan, 3) {',
      '  print("never", m);',
      '}',
      'for u in range(0, 1 / 0) {',
      '  if u > 2 {',
      '    break;',
      '  }',
      '  print("up", u);',
      '}',
      'print(half(5), half(4), range(2.5), range(1, 3.5), range(-0.5, 2), range(3, 1.5, -1));',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      '1 20\n2 30\n3 40\n0.5\n1.5\n2.5\n5\n3.5\n2\n0\n0.25\n0.5\n0.75\nup 0\nup 1\nup 2\n3 2 [0, 1, 2] [1, 2, 3] [-0.5, 0.5, 1.5] [3, 2]\n',
    );
    // Bounds known to be ints keep Python's own range.
    const python = runIn(`${source}\nfor q in range(len(xs)) {\n  print(q);\n}\n`, 'python').code;
    assert.match(python, /for i in number_range\(1, /);
    assert.match(python, /for q in range\(len\(xs\)\):/);
  });

  it('a list or object that holds itself is shown by jsstr as Node shows it, in every target', () => {
    scratch.printsInEveryTarget(
      // A record holds itself: a map put in a value of any type would be a Map read as a plain object there (W_UNFAITHFUL).
      'type Box { name: string, self: any, xs: any }\nlet xs: list<any> = [1];\npush(xs, xs);\nlet pair: list<any> = [xs, xs];\nlet o: Box = { name: "o", self: null, xs: xs };\no.self = o;\nprint(jsstr(xs));\nprint(jsstr(pair));\nprint(jsstr(o));\n',
      "<ref *1> [ 1, [Circular *1] ]\n[ <ref *1> [ 1, [Circular *1] ], <ref *1> [ 1, [Circular *1] ] ]\n<ref *1> {\n  name: 'o',\n  self: [Circular *1],\n  xs: <ref *2> [ 1, [Circular *2] ]\n}\n",
    );
  });

  it('round takes the nearest whole number, halves away from zero, in every target, the largest double below a half included', () => {
    const source = [
      'let justBelow = 0.49999999999999994;',
      'print(round(justBelow), round(-justBelow), round(1.4999999999999998), round(2.5), round(-2.5), round(0.5), round(-0.5), round(7));',
      'let xs = [10, 20, 30];',
      'print(xs[round(justBelow)], xs[round(1.5)]);',
    ].join('\n');
    scratch.printsInEveryTarget(`${source}\n`, '0 0 1 3 -3 1 -1 7\n10 30\n');
  });

  it('-0 prints as 0 in every target, and a number that cannot be -0 is printed as it is', () => {
    const source = 'let z = 0;\nlet count = 0;\nfor i in range(3) {\n  count += i;\n}\nlet m = z * -1;\nprint(-z, z * -1, m, -4 % 2, ceil(-0.5), [-z], str(-z), -0, round(-0.2));\nprint(count, len("ab"), count - 1);\n';
    scratch.printsInEveryTarget(source, '0 0 0 0 0 [0] 0 0 0\n3 2 2\n');
    assert.match(runIn(source, 'javascript').code, /console\.log\(count, "ab"\.length, count - 1\);/);
  });
});
