// Loops that unpack each item into names (Python's enumerate, zip, d.items() and lists of pairs;
// JavaScript's Object.entries, xs.entries() and lists of pairs), imported, checked, and the
// generated JavaScript, TypeScript (tsc --strict) and Python run: each prints what the source
// prints (the names keep their last values after the loop, a list changed in the loop is read as
// it is at each step, zip stops at the shorter list), or the import is an error naming the loop.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: loops that unpack', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-loops');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
      .map((d) => `${d.line}: ${d.message}`);

  /** Imports `source` without a diagnostic; its projections stop with an error in every target where the source stops with one. */
  const stopsInEveryTarget = (source: string, language: 'javascript' | 'python', message: RegExp): void => {
    const imported = importSource(source, language);
    assert.deepEqual(imported.diagnostics, []);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    try {
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const ran = scratch.runProgram(generate(doc.ast, target).code, target);
        assert.notEqual(ran.status, 0, target);
        assert.match(ran.stderr, message, target);
      }
    } finally {
      doc.dispose();
    }
  };

  it("Python's enumerate and zip walk the list as it changes, stop at the shorter list, and leave the names at their last values", () => {
    scratch.keepsItsMeaning(
      [
        'def grow(xs: list[int]) -> int:',
        '    for i, x in enumerate(xs):',
        '        if x < 3:',
        '            xs.append(x + 2)',
        '    return i * 10 + x',
        '',
        '',
        'def gaps(xs: list[int]) -> list[int]:',
        '    out = []',
        '    for a, b in zip(xs, xs[1:]):',
        '        if a == b:',
        '            continue',
        '        out.append(b - a)',
        '    return out',
        '',
        '',
        'ys = [1, 2]',
        'zs = [7, 8, 9]',
        'for p, q in zip(zs, ys):',
        '    ys.append(p)',
        '    if len(ys) > 4:',
        '        ys = []',
        'print(p, q, ys, grow([1, 2, 5]), gaps([1, 1, 4, 9, 9, 10]))',
        'for n, ch in enumerate("a😀b", 1):',
        '    print(n, ch)',
        'for n, ch in enumerate([]):',
        '    print(n)',
        'print(n, ch)',
        'for k, word in enumerate(["x", "y"], start=-1):',
        '    print(k, word)',
      ].join('\n') + '\n',
      'python',
      /let count\d+ = 0;\n\s*for item(\d+) in xs \{\n\s*i = count\d+;\n\s*count\d+ \+= 1;\n\s*x = item\1;[^]*const zipped(\d+) = slice\(xs, 1\);\n\s*for item(\d+) in xs \{\n\s*if count\d+ >= len\(zipped\2\) \{\n\s*break;/,
    );
  });

  it("Python's for k, v in d.items() walks the keys and reads each value; a loop over pairs checks each item's length", () => {
    scratch.keepsItsMeaning(
      [
        'def last_pair(pairs: list[list[int]]) -> str:',
        '    a = 0',
        '    b = 0',
        '    for a, b in pairs:',
        '        if a > 5:',
        '            break',
        '    return str(a) + "-" + str(b)',
        '',
        '',
        'scores = {"ann": 3, "bob": 5}',
        'for name, score in scores.items():',
        '    scores[name] = score * 2',
        '    print(name, score, len(scores))',
        'print(name, score, scores)',
        'print(last_pair([[1, 2], [7, 8], [9, 9]]), last_pair([]))',
      ].join('\n') + '\n',
      'python',
      /assert\(len\(item(\d+)\) == 2, "expected 2 values to unpack"\);\n\s*a = item\1\[0\];[^]*for item(\d+) in keys\(scores\) \{\n\s*name = item\2;\n\s*score = scores\[item\2\];/,
    );
    stopsInEveryTarget('pairs = [[1, 2], [3, 4, 5]]\nfor a, b in pairs:\n    print(a + b)\n', 'python', /expected 2 values to unpack/);
  });

  it("a Python for loop whose name the function assigns elsewhere leaves it at the last element", () => {
    scratch.keepsItsMeaning(
      'def last_of(xs: list[int]) -> int:\n    x = -1\n    for x in xs:\n        pass\n    return x\n\n\nprint(last_of([4, 5]), last_of([]))\n',
      'python',
      /for item(\d+) in xs \{\n\s*x = item\1;\n\s*\}/,
    );
    // The names the loop adds are not names of the file.
    scratch.keepsItsMeaning('item1 = 5\ncount2 = 7\nfor i, x in enumerate([3, 4]):\n    print(i, x, item1, count2)\n', 'python', /let count(\d+) = 0;\n\s*for item(\d+) in \[3, 4\] \{\n\s*const i = count\1;/);
  });

  it('an items() loop that may change the dict, a zip of a text, and other unpackings are errors at import', () => {
    const errors = importErrors(
      [
        'd = {"a": 1}',
        'for k, v in d.items():',
        '    d["b"] = v',
        'for k, v in d.items():',
        '    d.pop(k)',
        'for a, b in zip([1, 2], "xy"):',
        '    print(a, b)',
        'for i, (a, b) in enumerate([[1, 2]]):',
        '    print(i)',
        'for i, x in enumerate([1], len(d)):',
        '    print(i)',
        'for a, b in zip(d, sorted(d)):',
        '    print(a)',
        't = "x😀"',
        'for a, b in zip(t, t):',
        '    print(a, b)',
      ].join('\n') + '\n',
      'python',
    );
    assert.deepEqual(
      errors.map((error) => error.replace(/(: .{0,70}).*/, '$1').trim()),
      [
        '2: Not carried into Whetstone: a for loop over .items() whose body sets a',
        '4: Not carried into Whetstone: a for loop over .items() whose body change',
        '6: Not carried into Whetstone: a for loop over zip(…) of other than one l',
        '8: Not carried into Whetstone: a for loop that unpacks other than plain n',
        '10: Not carried into Whetstone: a for loop over enumerate(…) other than en',
        '12: Not carried into Whetstone: a for loop over zip(…) of other than one l',
        '15: Not carried into Whetstone: a run of the program at import measures or',
        '15: Not carried into Whetstone: this zip(…) reads a text by its elements 0',
      ],
      errors.join('\n'),
    );
    const own = importErrors('def zip(a: list[int], b: list[int]) -> list[list[int]]:\n    return [[1, 2]]\n\n\nfor x, y in zip([1], [2]):\n    print(x, y)\n', 'python');
    assert.equal(own.length, 1, own.join('\n'));
    assert.match(own[0], /^5: .*a for loop over zip\(…\) in a file that defines its own zip/);
  });

  it("JavaScript's Object.entries, xs.entries() and a loop over pairs bind each item's parts, as JavaScript binds them", () => {
    scratch.keepsItsMeaning(
      [
        'function totals(scores) {',
        '  const out = [];',
        '  for (const [name, score] of Object.entries(scores)) {',
        '    scores[name] = score * 2;',
        '    if (score < 0) continue;',
        '    out.push(name);',
        '  }',
        '  return out.join(",");',
        '}',
        'function positions(xs, wanted) {',
        '  const found = [];',
        '  for (const [i, x] of xs.entries()) {',
        '    if (x === wanted) found.push(i);',
        '    if (xs.length < 6) xs.push(x);',
        '  }',
        '  return found;',
        '}',
        'function sumPairs(pairs) {',
        '  let total = 0;',
        '  for (let [a, b] of pairs) {',
        '    a += 1;',
        '    total += a * b;',
        '  }',
        '  return total;',
        '}',
        'const scores = { ann: 3, bob: -1, cy: 5 };',
        'console.log("totals", totals(scores), scores.ann, scores.bob);',
        'console.log(positions([1, 2, 1], 1));',
        'console.log(sumPairs([[1, 2], [3, 4, 5]]));',
      ].join('\n') + '\n',
      'javascript',
      /const keys(\d+) = jsKeys\(entries\d+\);\n\s*const values(\d+) = jsValues\(entries\d+\);[^]*for item\d+ in keys\1 \{[^]*const score = values\2\[count\d+\];[^]*assert\(item(\d+) is list && len\(item\3\) >= 2, "expected a list of at least 2 elements to destructure"\);\n\s*let a = item\3\[0\];/,
    );
    stopsInEveryTarget('for (const [a, b] of [[1, 2], [3]]) {\n  console.log(a, b);\n}\n', 'javascript', /expected a list of at least 2 elements to destructure/);
    stopsInEveryTarget('for (const [a, b] of ["xy"]) {\n  console.log(a, b);\n}\n', 'javascript', /expected a list of at least 2 elements to destructure/);
  });

  it("JavaScript's Infinity, Number.POSITIVE_INFINITY, NEGATIVE_INFINITY, MAX_SAFE_INTEGER, MIN_SAFE_INTEGER and EPSILON are Whetstone numbers", () => {
    scratch.keepsItsMeaning(
      [
        'function bounds(xs) {',
        '  let best = Infinity;',
        '  let worst = -Infinity;',
        '  for (const x of xs) {',
        '    if (x < best) best = x;',
        '    if (x > worst) worst = x;',
        '  }',
        '  return [best, worst];',
        '}',
        'console.log(bounds([3, 1, 2]), bounds([]));',
        'console.log(Infinity, -Infinity, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, [Infinity, -Infinity], 1 / Infinity);',
        'console.log(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON, 1 + Number.EPSILON > 1, Number.MAX_SAFE_INTEGER + 2);',
      ].join('\n') + '\n',
      'javascript',
      /let best = num\("Infinity"\);\n\s*let worst = -num\("Infinity"\);[^]*num\("-Infinity"\)[^]*9007199254740991, -9007199254740991, 2\.220446049250313e-16/,
    );
  });

  it("Python's math.inf is num(\"Infinity\") and d.get(k, default) of names and literals reads k only when d holds it", () => {
    scratch.keepsItsMeaning(
      [
        'import math',
        '',
        '',
        'def count_words(words: list[str]) -> dict[str, int]:',
        '    counts: dict[str, int] = {}',
        '    for word in words:',
        '        counts[word] = counts.get(word, 0) + 1',
        '    return counts',
        '',
        '',
        'def closest(xs: list[int], target: int) -> int:',
        '    best = math.inf',
        '    found = -1',
        '    for x in xs:',
        '        if abs(x - target) < best:',
        '            best = abs(x - target)',
        '            found = x',
        '    return found',
        '',
        '',
        'counts = count_words(["a", "b", "a", "toString"])',
        'print(counts.get("a", 0), counts.get("z", -1), counts.get("toString", 0), counts.get("constructor", 0))',
        'print(closest([1, 5, 9], 6), closest([], 3), -math.inf < 0)',
      ].join('\n') + '\n',
      'python',
      /counts\[word\] = \(includes\(counts, word\) \? counts\[word\] : 0\) \+ 1;[^]*let best = num\("Infinity"\);/,
    );
  });

  it("JavaScript's Math.min(...xs) and Math.max(...xs) are minOf and maxOf: Infinity for an empty list, NaN and -0 as Math.min gives them", () => {
    scratch.keepsItsMeaning(
      [
        'function spread(xs) {',
        '  return Math.max(...xs) - Math.min(...xs);',
        '}',
        'const xs = [4, 9, 2];',
        'console.log(Math.min(...xs), Math.max(...xs), spread([1, 5, 3]));',
        'console.log(Math.max(...[]), Math.min(...[]), Math.min(...[3, NaN, 1]), Math.max(...[1, Infinity]), 1 / Math.max(...[-0, 0]), 1 / Math.min(...[0, -0]));',
      ].join('\n') + '\n',
      'javascript',
      /return maxOf\(xs\) - minOf\(xs\);[^]*minOf\(\[3, num\("NaN"\), 1\]\)/,
    );
    const doc = WhetstoneDocument.create('let xs = [0.5, -2, 7];\nprint(minOf(xs), maxOf(xs), minOf(range(3)), maxOf(["a"]));\n', 1);
    try {
      assert.deepEqual(
        analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
        ['List element of type string is not assignable to number'],
      );
    } finally {
      doc.dispose();
    }
  });
});
