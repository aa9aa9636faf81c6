// JavaScript's Array.from and splice (and Python's insert), destructuring of a value that is not a
// name, and rest parameters,
// imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run: each
// prints what the source prints, or the import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch, type RunResult } from '../helpers/projection';

type Target = 'javascript' | 'typescript' | 'python';

describe('projection library: Array.from, splice, destructuring, rest parameters', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-arrays');
  });
  after(() => scratch.dispose());

  const run = (code: string, language: Target): RunResult => scratch.runProgram(code, language);

  const importErrors = (source: string, language: 'javascript' | 'typescript' = 'javascript'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('Array.from of a length with a mapper, of a text and of a list is a loop that pushes each element', () => {
    scratch.keepsItsMeaning(
      'function table(n) {\n  const squares = Array.from({ length: n }, (_, i) => i * i);\n  const zeros = Array.from({ length: n / 2 }, () => 0);\n  const grid = Array.from({ length: 2 }, () => Array(3).fill(0));\n  grid[0][1] = 5;\n  console.log(squares.join(" "), zeros.length, grid[0].join(" "), grid[1].join(" "));\n}\n' +
        'const letters = Array.from("héllo");\nconst copy = Array.from([3, 1, 2]);\ncopy.sort((a, b) => a - b);\nconst doubled = Array.from([1, 2, 3], (x) => x * 2);\nconst none = Array.from({ length: -2 }, (_, i) => i);\ntable(5);\ntable(2.5);\n' +
        'console.log(letters.join("-"), letters.length, copy.join(","), doubled.join(","), none.length);\n',
      'javascript',
      /const squares = \[\];\s*for i in range\(int\(n\)\) \{\s*push\(squares, i \* i\);[^]*for index\d+ in range\(2\) \{\s*push\(grid, repeat\(0, 3\)\);[^]*for item\d+ in "héllo" \{\s*push\(letters, item\d+\);[^]*for x in \[1, 2, 3\] \{\s*push\(doubled, x \* 2\);/,
    );
  });

  it('Array.from that reads the undefined elements of a length, maps a list with the index, or takes a text where no name holds it is an error at import', () => {
    for (const source of ['const a = Array.from({ length: 3 });', 'const b = Array.from({ length: 3 }, (v, i) => v);', 'const c = Array.from([1, 2], (x, i) => x + i);', 'console.log(Array.from("ab").length);']) {
      const errors = importErrors(`const xs = [];\n${source}\n`);
      assert.ok(errors.some((error) => /^2: .*(Array\.from\(…\) other than of a list|Array\.from\(\{ length: n \}, f\) with a function that reads its first parameter|a spread \(\.\.\.\) of a value not known to be a list)/.test(error)), `${source}\n${errors.join('\n')}`);
    }
  });

  it('destructuring a call into names or fields reads the value once, then each part', () => {
    scratch.keepsItsMeaning(
      'let calls = 0;\nfunction minMax(xs) {\n  calls += 1;\n  let lo = xs[0];\n  let hi = xs[0];\n  for (const x of xs) {\n    if (x < lo) lo = x;\n    if (x > hi) hi = x;\n  }\n  return [lo, hi];\n}\nfunction divide(a, b) {\n  calls += 1;\n  return { quotient: Math.floor(a / b), remainder: a - b * Math.floor(a / b) };\n}\n' +
        'const [lo, hi] = minMax([4, 9, 1, 7]);\nlet { quotient, remainder } = divide(17, 5);\nremainder += 1;\nconsole.log(lo, hi, quotient, remainder, calls);\n',
      'javascript',
      /const unpacked\d+ = minMax\(\[4, 9, 1, 7\]\);\s*const lo = unpacked\d+\[0\];\s*const hi = unpacked\d+\[1\];\s*const unpacked\d+ = divide\(17, 5\);\s*let quotient = unpacked\d+\.quotient;/,
    );
  });

  it('a destructuring pattern with a hole, a default, a rename, a rest in an object or nesting is an error at import', () => {
    const errors = importErrors('function f() {\n  return [1, 2, 3];\n}\nconst [a, , c] = f();\nconst [d = 1] = f();\nconst { x: y } = { x: 1 };\nconst { e, ...rest } = { e: 1, g: 2 };\n').filter((error) => /destructuring/.test(error));
    assert.equal(errors.length, 4, errors.join('\n'));
    for (const [index, error] of errors.entries()) assert.match(error, new RegExp(`^${index + 4}: .*a destructuring pattern with a hole, a default, a rename, a rest or a nested pattern`));
  });

  it('a rest parameter of a function only called by name is a list parameter, and each call passes a list', () => {
    scratch.keepsItsMeaning(
      'function sum(...xs) {\n  let total = 0;\n  for (const x of xs) total += x;\n  return total;\n}\nconst label = (prefix, ...words) => prefix + ":" + words.join("+") + "/" + words.length;\nconsole.log(sum(), sum(4), sum(1, 2, 3), label("w"), label("w", "a", "b"));\nexport { sum, label };\n',
      'javascript',
      /fn sum\(xs\) \{[^]*fn label\(prefix, words\)[^]*print\(jsstr\(sum\(\[\]\)\), jsstr\(sum\(\[4\]\)\), jsstr\(sum\(\[1, 2, 3\]\)\), jsstr\(label\("w", \[\]\)\), jsstr\(label\("w", \["a", "b"\]\)\)\);/,
    );
    scratch.keepsItsMeaning(
      'function maxOf(first: number, ...others: number[]): number {\n  let best = first;\n  for (const x of others) if (x > best) best = x;\n  return best;\n}\nconsole.log(maxOf(3), maxOf(3, 8, 5));\n',
      'typescript',
      /fn maxOf\(first: number, others: list<number>\): number/,
    );
  });

  it('a rest parameter of a function passed around, shadowed or called with a spread or too few arguments is an error at import', () => {
    const passed = importErrors('function sum(...xs) {\n  return xs.length;\n}\nconst f = sum;\nconsole.log(f(1));\n');
    assert.match(passed.join('\n'), /^1: .*a rest parameter \(\.\.\.\) of a function that is not only called by its name with the arguments written out/);
    const spread = importErrors('function sum(first, ...xs) {\n  return xs.length;\n}\nconst ys = [1, 2];\nconsole.log(sum(...ys), sum());\n');
    assert.deepEqual(
      spread.filter((error) => /rest parameter/.test(error)).map((error) => error.replace(/: .*/, '')),
      ['5', '5'],
      spread.join('\n'),
    );
  });

  it("JavaScript's splice removes, inserts and replaces in place and returns what it removed, at its edges, in every target", () => {
    scratch.keepsItsMeaning(
      'const xs = [1, 2, 3, 4, 5, 6];\nconst removed = xs.splice(1, 2);\nconsole.log(xs.join(","), removed.join(","));\nxs.splice(1, 0, 9, 8);\nconsole.log(xs.join(","));\nconst replaced = xs.splice(-2, 1, 7);\nconsole.log(xs.join(","), replaced.join(","));\nxs.splice(2);\n' +
        'console.log(xs.join(","), xs.splice(0, 0).length, xs.splice(10, 5, 4).join(","), xs.join(","));\nconst ys = [5, 6, 7, 8];\nconsole.log(ys.splice(1.7, 1.9).join(","), ys.splice(-10, 1).join(","), ys.splice(0, -1).length, ys.join(","));\n',
      'javascript',
      /const removed = splice\(xs, 1, 2\);[^]*splice\(xs, 1, 0, \[9, 8\]\);[^]*splice\(xs, -2, 1, \[7\]\)[^]*splice\(xs, 2, len\(xs\)\);/,
    );
  });

  it('splice checks its list and items, and means the same with NaN, the infinities and a list spliced into itself', () => {
    const doc = WhetstoneDocument.create('let xs = [1, 2];\nsplice(xs, 0, 1, ["a"]);\nsplice("ab", 0, 1);\n', 1);
    try {
      assert.deepEqual(
        analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`),
        ['2: Cannot splice list<string> into list<number>', '3: splice() takes a list, not string'],
      );
    } finally {
      doc.dispose();
    }
    const source = 'let zero = 0;\nlet xs = [1, 2, 3, 4];\nprint(splice(xs, zero / zero, 1), splice(xs, 1 / zero, 1), splice(xs, -1 / zero, 1 / zero, xs), xs);\n';
    const doc2 = WhetstoneDocument.create(source, 1);
    try {
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const ran = run(generate(doc2.ast, target).code, target);
        assert.equal(ran.stdout, '[1] [] [2, 3, 4] [2, 3, 4]\n', target);
      }
    } finally {
      doc2.dispose();
    }
  });

  it("Python's xs.insert(i, v) is splice(xs, i, 0, [v])", () => {
    scratch.keepsItsMeaning('xs = [1, 2, 3]\nxs.insert(1, 9)\nxs.insert(-1, 8)\nxs.insert(10, 7)\nxs.insert(-10, 6)\nprint(len(xs), xs[0], xs[2], xs[4], xs[6])\n', 'python', /splice\(xs, 1, 0, \[9\]\);\s*splice\(xs, -1, 0, \[8\]\);/);
  });
});
