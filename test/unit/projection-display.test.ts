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

  const run = (code: string, language: Foreign): string => {
    const path = scratch.write(`p${count++}.${language === 'python' ? 'py' : 'js'}`, code);
    const ran = language === 'python' ? scratch.python(path) : scratch.node(path);
    assert.equal(ran.status, 0, ran.stderr);
    return ran.stdout;
  };

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
    const source = 'from typing import Optional\n\n\ndef sign(n: int) -> Optional[bool]:\n    if n == 0:\n        return None\n    return n > 0\n\n\ndef first(words: list[str]) -> Optional[str]:\n    return words[0] if words else None\n\n\nprint(sign(3), sign(-1), sign(0))\nprint(first(["a"]), first([]), f"<{first([])}>")\n';
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
      const compiled = scratch.tsc([scratch.write(`p${count++}.ts`, generate(doc.ast, 'typescript').code)]);
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

  it('a Python dict keyed by numbers, or a value holding one of unknown type, printed is still an error at import', () => {
    const errors = importErrors('def report(squares: dict[int, int]) -> None:\n    print(squares)\n\n\nrows = {"xs": []}\nprint(rows)\n', 'python');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '6'],
      errors.join('\n'),
    );
  });

  it("a JavaScript list or object given to console.log or String is an error at import (Node's [ 1, 2 ] and 1,2)", () => {
    const errors = importErrors('const xs = [1, 2];\nconsole.log(xs);\nconsole.log({ a: 1 });\nconsole.log(String(xs));\nconsole.log("items: " + xs);\nconsole.log(`${xs}`);\n', 'javascript');
    assert.deepEqual(
      errors.map((error) => error.split(':')[0]),
      ['2', '3', '4', '5', '6'],
    );
    assert.match(errors[0], /\[ 1, 2 \]/);
    assert.match(errors[2], /1,2/);
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
