// The library tables: what published algorithms call from Math and math maps to a Whetstone
// built-in of the same meaning, and the generated code is run to show it keeps that meaning.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { isRoundedPower, prepareProjection, Scratch } from '../helpers/projection';

type Foreign = 'javascript' | 'python';

describe('projection library tables', () => {
  let scratch: Scratch;
  let count = 0;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library');
  });
  after(() => scratch.dispose());

  const run = (code: string, language: Foreign): string => scratch.prints(code, language);

  /** The source imports without a diagnostic, uses `builtins`, and prints what it prints as written in both targets. */
  const keepsItsMeaning = (source: string, language: Foreign, builtins: RegExp): void => {
    const imported = importSource(source, language);
    assert.deepEqual(imported.diagnostics, []);
    const printed = printDocument(imported.ast);
    assert.match(printed, builtins);
    const expected = run(source, language);
    const doc = WhetstoneDocument.create(printed, 1);
    try {
      for (const target of ['javascript', 'python'] as const) {
        const generated = generate(doc.ast, target);
        assert.deepEqual(generated.diagnostics.filter((d) => !isRoundedPower(d.message)), []);
        assert.equal(run(generated.code, target), expected, `${target}:\n${generated.code}`);
      }
    } finally {
      doc.dispose();
    }
  };

  it('Math.sqrt and Math.pow are sqrt and pow, with NaN and Infinity where Python would raise', () => {
    keepsItsMeaning(
      'function hypotenuse(a, b) {\n  return Math.sqrt(Math.pow(a, 2) + Math.pow(b, 2));\n}\nconst zero = 0;\nconsole.log(hypotenuse(3, 4), Math.sqrt(-4), Math.pow(0, -1), Math.pow(-8, 1 / 3), Math.pow(10, 400));\nconst xs = [1, 2, 3, 4, 5];\nconsole.log(xs[Math.sqrt(16)], xs[Math.pow(2, 1)], Math.pow(1, 1 / zero));\n',
      'javascript',
      /sqrt\(pow\(a, 2\) \+ pow\(b, 2\)\)/,
    );
  });

  it("math.sqrt, math.pow and Python's pow are sqrt and pow; a whole root indexes a list", () => {
    keepsItsMeaning(
      'import math\n\n\ndef is_prime(n: int) -> str:\n    limit = math.floor(math.sqrt(n))\n    for d in range(2, limit + 1):\n        if n % d == 0:\n            return "no"\n    return "yes"\n\n\nprimes = [2, 3, 5, 7, 11]\nprint(is_prime(97), is_prime(91), pow(2, 10), pow(2, -1))\nprint(primes[math.floor(math.pow(2, 2))], primes[math.floor(math.sqrt(9))])\n',
      'python',
      /floor\(sqrt\(n\)\)[^]*pow\(2, 10\)/,
    );
  });

  it("range with a step is Python's range in every target, down by a negative step", () => {
    keepsItsMeaning(
      'def double_factorial(n: int) -> int:\n    result = 1\n    for i in range(n, 0, -2):\n        result *= i\n    return result\n\n\nprint(double_factorial(7), list(range(0, 10, 3)), list(range(3, 0, 1)))\n',
      'python',
      /range\(n, 0, -2\)/,
    );
  });

  it('range with a step of 0 stops the program with an error in every target, as in Python', () => {
    const doc = WhetstoneDocument.create('let step = 0;\nprint(range(0, 3, step));\n', 1);
    try {
      const js = scratch.node(scratch.write(`q${count++}.js`, generate(doc.ast, 'javascript').code));
      assert.notEqual(js.status, 0);
      assert.match(js.stderr, /RangeError: range\(\) step must not be zero/);
      const py = scratch.python(scratch.write(`q${count++}.py`, generate(doc.ast, 'python').code));
      assert.notEqual(py.status, 0);
      assert.match(py.stderr, /ValueError/);
    } finally {
      doc.dispose();
    }
  });

  it("includes is JavaScript's includes in every target: a text in a text, an element in a list", () => {
    keepsItsMeaning(
      'function countVowels(text) {\n  let count = 0;\n  for (const ch of text) {\n    if ("aeiou".includes(ch)) count++;\n  }\n  return count;\n}\nconst row = [1, 2];\nconst rows = [row, [1, 2]];\nconst zero = 0;\nconsole.log(countVowels("algorithms"), "rhythm".includes(""), [1, 2, 3].includes(2), [1, 2].includes(5));\nconsole.log(rows.includes(row), rows.includes([1, 2]), [zero / zero].includes(zero / zero), ["1"].includes("1"));\n',
      'javascript',
      /includes\("aeiou", ch\)/,
    );
  });

  it('includes in a list keeps JavaScript\'s sameness in Python: true is not 1, 2 is 2.0', () => {
    const doc = WhetstoneDocument.create('let flags = [true, false];\nlet ones = [1];\nprint(includes(ones, 1), includes(flags, true), includes([1, 2], 4 / 2));\nlet mixed: list<any> = [1, "a"];\nprint(includes(mixed, true), includes(mixed, "a"));\n', 1);
    try {
      const expected = 'true true true\nfalse true\n';
      assert.equal(run(generate(doc.ast, 'javascript').code, 'javascript'), expected);
      assert.equal(run(generate(doc.ast, 'python').code, 'python'), expected);
    } finally {
      doc.dispose();
    }
  });

  it('a float from math.sqrt or math.pow shown by Python is an error at import (4.0 is not 4)', () => {
    const errors = importSource('import math\n\nprint(math.sqrt(16), math.pow(2, 3), pow(2, 3))\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(
      errors.map((d) => `${d.line}:${d.column}`),
      ['3:6', '3:21'],
    );
  });
});
