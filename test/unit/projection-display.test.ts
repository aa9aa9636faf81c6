// Printing is the same: a value the source prints either prints the same after projection, in
// every target, or its import is an error saying how the source would show it. Each program is run
// as written and through Whetstone into JavaScript and Python.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

type Foreign = 'javascript' | 'python';

describe('projection shows values as the source does', () => {
  let scratch: Scratch;
  let count = 0;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('display');
  });
  after(() => scratch.dispose());

  const run = (code: string, language: Foreign): string => scratch.prints(code, language);

  const importErrors = (source: string, language: Foreign): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  /** The source imports without an error and prints what it prints as written in both targets. */
  const printsTheSame = (source: string, language: Foreign): void => {
    const imported = importSource(source, language);
    assert.deepEqual(imported.diagnostics, []);
    const expected = run(source, language);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    try {
      for (const target of ['javascript', 'python'] as const) {
        const generated = generate(doc.ast, target);
        assert.deepEqual(generated.diagnostics, []);
        assert.equal(run(generated.code, target), expected, `${target}:\n${generated.code}`);
      }
    } finally {
      doc.dispose();
    }
  };

  it('a Python bool printed or made text shows True or False in every target (b ? "True" : "False")', () => {
    const source = 'def even(n: int) -> bool:\n    return n % 2 == 0\n\n\nprint("four", even(4))\nprint(f"{3 > 2}!", str(1 > 2) + "?")\nprint(even(3) and True)\n';
    printsTheSame(source, 'python');
    assert.match(printDocument(importSource(source, 'python').ast), /print\("four", even\(4\) \? "True" : "False"\);/);
  });

  it('a Python bool, text or number that may be None shows as Python does in every target (pystr)', () => {
    const source = 'from typing import Optional\n\n\ndef sign(n: int) -> Optional[bool]:\n    if n == 0:\n        return None\n    return n > 0\n\n\ndef first(words: list[str]) -> Optional[str]:\n    return words[0] if len(words) > 0 else None\n\n\nprint(sign(3), sign(-1), sign(0))\nprint(first(["a"]), first([]), f"<{first([])}>")\n';
    printsTheSame(source, 'python');
    assert.match(printDocument(importSource(source, 'python').ast), /print\(pystr\(sign\(3\)\), pystr\(sign\(-1\)\), pystr\(sign\(0\)\)\);/);
  });

  it('a Python float printed as written is an error at import (2.0 is not 2); // is an int and is not', () => {
    const source = 'total = 6\ncount = 3\nprint(total / count, total // count, 0.5 * 2, float("3"), abs(-2.0), round(total / count, 1))\nprint(f"{total / count}")\n';
    assert.equal(run(source, 'python'), '2.0 2 1.0 3.0 2.0 2.0\n2.0\n');
    const errors = importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => `${d.line}:${d.column}`),
      ['3:6', '3:37', '3:46', '3:58', '3:69', '4:9'],
    );
    assert.match(errors[0].message, /2\.0/);
  });

  it("Python's lists and dicts of texts, numbers, bools and None print as Python shows them in every target (pystr)", () => {
    const source =
      'def tally(words: list[str]) -> dict[str, int]:\n    counts = {}\n    for w in words:\n        counts[w] = counts[w] + 1 if w in counts else 1\n    return counts\n\n\n' +
      'names = ["ann", "bob\'s", \'say "hi"\', "tab\\there", "é", "both \' and \\"", "back\\\\slash", "bell\\x07", "\\u00a0nbsp", "\\u200bzero"]\nprint(names)\nprint(tally(["a", "b", "a"]))\n' +
      'flags = [True, False]\nprint(flags, None, [None, 1, 2.5])\nprint("value: " + str(names[:2]))\nprint(f"{flags}!")\nempty: list[str] = []\nprint(empty, {}, [[], ["x"]])\n';
    assert.equal(
      run(source, 'python'),
      `['ann', "bob's", 'say "hi"', 'tab\\there', 'é', 'both \\' and "', 'back\\\\slash', 'bell\\x07', '\\xa0nbsp', '\\u200bzero']\n{'a': 2, 'b': 1}\n[True, False] None [None, 1, 2.5]\nvalue: ['ann', "bob's"]\n[True, False]!\n[] {} [[], ['x']]\n`,
    );
    printsTheSame(source, 'python');
    // TypeScript too: the helper type-checks under --strict.
    const doc = WhetstoneDocument.create(printDocument(importSource(source, 'python').ast), 1);
    try {
      const compiled = scratch.tsc([scratch.write(`q${count++}.ts`, generate(doc.ast, 'typescript').code)]);
      assert.equal(compiled.status, 0, compiled.stdout);
    } finally {
      doc.dispose();
    }
  });

  it('a Python list shown in a file that has tuples is an error at import (a tuple shows as (1, 2), and Whetstone holds it as a list)', () => {
    const errors = importErrors('pair = (1, 2)\nprint(pair)\nnames = ("a", "b")\nprint(names, [3])\nprint(len(pair))\n', 'python');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '4', '4'],
      errors.join('\n'),
    );
    for (const error of errors) assert.match(error, /Python shows a tuple as \(1, 2\)/);
  });

  it('a Python value of no known type (a function without hints) prints as Python shows it in every target, where the run at import showed only what pystr carries', () => {
    printsTheSame(
      [
        'def same(a, b):',
        '    return a == b',
        '',
        '',
        'def labels(n):',
        '    out = []',
        '    for i in range(n):',
        '        out.append("n" + str(i))',
        '    return out',
        '',
        '',
        'def lookup(table, key):',
        '    if key in table:',
        '        return table[key]',
        '    return None',
        '',
        '',
        'print(same(1, 1), same("a", "b"))',
        'print(labels(3), labels(0))',
        'print(lookup({"a": [True, None]}, "a"), lookup({}, "z"))',
        'print("labels: " + str(labels(2)))',
        'print(f"{same(2, 3)} / {labels(1)}")',
        '',
      ].join('\n'),
      'python',
    );
  });

  it('a Python value of no known type is an error at import where the run showed a dict keyed by numbers there, or never ran it', () => {
    const errors = importErrors(
      ['def squares(n):', '    d = {}', '    for i in range(n):', '        d[i] = i * i', '    return d', '', '', 'def unused(x):', '    print(x)', '', '', 'print(squares(3))', ''].join('\n'),
      'python',
    );
    const at = (line: number): string => errors.filter((error) => error.startsWith(`${line}:`)).join('\n');
    // Shown a dict keyed by numbers: pystr would show {'0': 0}.
    assert.match(at(12), /shown by print here would print differently: its type is not known at import, and the run of the program at import showed a value here that Whetstone's pystr shows otherwise/);
    // Never run: the function is reported, naming the value shown.
    assert.match(at(8), /not run at import.*a value of no type known at import shown by print or str/);
  });

  it('a Python dict keyed by numbers, or a value holding one of unknown type, printed is still an error at import', () => {
    const errors = importErrors('def report(squares: dict[int, int]) -> None:\n    print(squares)\n\n\nrows = {"xs": []}\nprint(rows)\n', 'python');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '6'],
      errors.join('\n'),
    );
  });

  it("a JavaScript list or object turned into text by String, + or a template is an error at import (1,2, [object Object])", () => {
    const errors = importErrors('const xs = [1, 2];\nconsole.log(String(xs));\nconsole.log("items: " + xs);\nconsole.log(`${xs}`);\nconsole.log(String({ a: 1 }));\n', 'javascript');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '3', '4', '5'],
    );
    assert.match(errors[0], /1,2/);
    assert.match(errors[3], /\[object Object\]/);
  });

  it("console.log of JavaScript lists and objects prints as Node lays them out, in every target (jsstr)", () => {
    const source =
      'function bubbleSort(arr) {\n  const a = arr.slice();\n  for (let i = 0; i < a.length; i++) {\n    for (let j = 0; j < a.length - i - 1; j++) {\n      if (a[j] > a[j + 1]) {\n        const t = a[j];\n        a[j] = a[j + 1];\n        a[j + 1] = t;\n      }\n    }\n  }\n  return a;\n}\n' +
      'const xs = [5, 3, 8, 1, 9, 2, 7, 0.5, 1e21, -12];\nconsole.log(xs);\nconsole.log("sorted:", bubbleSort(xs), "of", xs.length);\n' +
      'const words = ["it\'s", \'say "hi"\', "both \' and \\" and `", "tab\\there", "back\\\\slash", "é", "中文"];\nconsole.log(words, [true, null], []);\n' +
      'const counts = {};\nfor (const w of "the cat and the hat the end".split(" ")) counts[w] = counts[w] === undefined ? 1 : counts[w] + 1;\nconsole.log(counts);\n' +
      'const keys = {};\nkeys["two words"] = 1;\nkeys["b"] = 2;\nkeys["10"] = 3;\nkeys["2"] = 4;\nkeys["$x"] = 5;\nconsole.log(keys);\n' +
      'console.log({ name: "x", list: [1, 2], nested: { deep: { deeper: { deepest: [1] } } } });\n' +
      'const long = [];\nfor (let i = 0; i < 130; i++) long.push(i * 37 % 101);\nconsole.log(long);\nconsole.log([long.slice(0, 30), { rows: [[1, 2], [3, 4]] }]);\n' +
      'console.log({ description: "a text long enough that the object no longer fits on one line of eighty", n: 1 });\n';
    scratch.keepsItsMeaning(source, 'javascript', /print\(jsstr\(xs\)\);\nprint\("sorted:", jsstr\(bubbleSort\(xs\)\), "of", len\(xs\)\);/);
  });

  it('console.log of TypeScript records, typed lists and maps, and values of unknown type prints as Node does, in every target (jsstr)', () => {
    const source =
      'interface Point {\n  x: number;\n  y: number;\n}\n\nfunction matrix(n: number): number[][] {\n  const rows: number[][] = [];\n  for (let i = 0; i < n; i++) {\n    const row: number[] = [];\n    for (let j = 0; j < n; j++) row.push(i * n + j);\n    rows.push(row);\n  }\n  return rows;\n}\n\n' +
      'function echo(value: unknown) {\n  console.log(value);\n}\n\n' +
      'const p: Point = { x: 1, y: -2.5 };\nconsole.log(p, [p, p]);\nconsole.log(matrix(3));\nconsole.log(matrix(12));\nconst names: Record<string, number> = {};\nnames["ann"] = 3;\nnames["bob-2"] = 4;\nconsole.log(names);\necho([1, "two"]);\necho("plain");\necho(3);\n';
    scratch.keepsItsMeaning(source, 'typescript', /print\(jsstr\(value\)\);[^]*print\(jsstr\(p\), jsstr\(\[p, p\]\)\);/);
  });

  it('console.log of a function, or of a list holding one, is still an error at import (jsstr does not carry it)', () => {
    const errors = importErrors('function twice(x) {\n  return x * 2;\n}\nconsole.log(twice);\nconsole.log([twice], 1);\n', 'javascript');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['4', '5'],
      errors.join('\n'),
    );
    for (const error of errors) assert.match(error, /jsstr/);
  });

  it('a JavaScript function named jsstr is renamed, so the jsstr console.log is imported through stays the built-in', () => {
    // jsstr_ returns a value of unknown type: shown through jsstr too.
    const source = 'function jsstr(x) {\n  return "mine";\n}\nconsole.log(jsstr(1), [jsstr(2)]);\n';
    const imported = importSource(source, 'javascript');
    assert.deepEqual(
      imported.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.match(printDocument(imported.ast), /print\(jsstr\(jsstr_\(1\)\), jsstr\(\[jsstr_\(2\)\]\)\);/);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    try {
      assert.equal(run(generate(doc.ast, 'python').code, 'python'), "mine [ 'mine' ]\n");
    } finally {
      doc.dispose();
    }
  });

  it('print writes a first text with % as it is in every target when more values follow (console.log would read it as a format)', () => {
    scratch.printsInEveryTarget(
      'let label = "%d items";\nprint(label, 3);\nprint("%s%%", 1);\nprint(jsstr(["%s", "50%"]), 1);\nlet n = 5;\nprint(n, "%d");\nprint("100%", "done");\n',
      "%d items 3\n%s%% 1\n[ '%s', '50%' ] 1\n5 %d\n100% done\n",
    );
  });

  it('console.log whose first text has a format (%s, %d, %%) and more values is an error at import; one without is kept', () => {
    const errors = importErrors('const n = 3;\nconsole.log("%d items", n);\nconsole.log("100%%", n);\nconsole.log("%d");\nconsole.log("50% off", n);\n', 'javascript');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '3'],
      errors.join('\n'),
    );
    assert.match(errors[0], /as a format/);
  });

  it('String of a value whose type is not known is an error at import: it may be a list', () => {
    const errors = importErrors('function sorted(xs) {\n  return xs;\n}\nconsole.log(String(sorted([3, 1])));\n', 'javascript');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^4: .*not known/);
  });

  it('numbers, texts, JavaScript booleans and Python lists of numbers print the same in every target', () => {
    printsTheSame('const xs = [3, 1, 2];\nconst n = xs.length;\nconsole.log(n, "items", n > 2, 7 / 2);\nconsole.log("total: " + (n + 1));\nconsole.log(`${n} of ${xs.length}`, String(n === 3));\n', 'javascript');
    printsTheSame('xs = [3, 1, 2]\nprint(xs)\nprint(len(xs), "items", f"{len(xs)} in all")\nprint(str(len(xs)) + "!")\n', 'python');
  });
});
