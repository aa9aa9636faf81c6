// Whetstone's own meaning in every target: texts measured and cut in UTF-16 code units, an index
// outside a list or text an error, -0 printed as 0. Each program is generated into JavaScript,
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

  it('cutting a character above U+FFFF in half stops the Python program with an error (a str cannot hold half of one)', () => {
    for (const cut of ['print(s[1]);', 'print(slice(s, 0, 2));', 'print(split(s, ""));']) {
      const { ran } = runIn(`let s = "a😀b";\nprint("before");\n${cut}\n`, 'python');
      assert.notEqual(ran.status, 0, cut);
      assert.equal(ran.stdout, 'before\n', cut);
      assert.match(ran.stderr, /ValueError: .*(in half)/, cut);
    }
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
    assert.match(python, /sum \+= xs\[i\]\n\s+xs\[i\] = 0\n/);
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

  it('-0 prints as 0 in every target, and a number that cannot be -0 is printed as it is', () => {
    const source = 'let z = 0;\nlet count = 0;\nfor i in range(3) {\n  count += i;\n}\nlet m = z * -1;\nprint(-z, z * -1, m, -4 % 2, ceil(-0.5), [-z], str(-z), -0, round(-0.2));\nprint(count, len("ab"), count - 1);\n';
    scratch.printsInEveryTarget(source, '0 0 0 0 0 [0] 0 0 0\n3 2 2\n');
    assert.match(runIn(source, 'javascript').code, /console\.log\(count, "ab"\.length, count - 1\);/);
  });
});
