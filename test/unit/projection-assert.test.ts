// assert(condition, message): checked, imported from Python's assert statement and generated into
// JavaScript, TypeScript and Python, where a false condition stops the program with the message
// (also under python -O, which drops Python's own assert statements).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

function errors(doc: WhetstoneDocument): string[] {
  return [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
}

const PROGRAM = 'fn half(n: number): number {\n  assert(n % 2 == 0, "odd: " + str(n));\n  return n / 2;\n}\n\nassert(true);\nprint(half(4));\nprint(half(3));\nprint("not reached");\n';

describe('assert', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('assert');
  });
  after(() => scratch.dispose());

  it('takes a bool and an optional message', () => {
    const doc = WhetstoneDocument.create('assert(1);\nassert(true, 2);\nassert(false, "x", 3);\n', 1);
    assert.equal(errors(doc).length, 3, errors(doc).join('\n'));
    assert.deepEqual(errors(WhetstoneDocument.create(PROGRAM, 1)), []);
  });

  it('stops the program with the message in JavaScript, TypeScript and Python', () => {
    const doc = WhetstoneDocument.create(PROGRAM, 1);
    const js = generate(doc.ast, 'javascript');
    assert.deepEqual(js.diagnostics, []);
    const ran = scratch.node(scratch.write('a.js', js.code));
    assert.equal(ran.stdout, '2\n', js.code);
    assert.notEqual(ran.status, 0);
    assert.match(ran.stderr, /odd: 3/);
    const ts = generate(doc.ast, 'typescript');
    const checked = scratch.tsc([scratch.write('a.ts', ts.code)]);
    assert.equal(checked.status, 0, checked.stdout + ts.code);
    const py = generate(doc.ast, 'python');
    assert.deepEqual(py.diagnostics, []);
    const file = scratch.write('a.py', py.code);
    for (const result of [scratch.python(file), spawnSync('python3', ['-O', file], { encoding: 'utf8' })]) {
      assert.equal(result.stdout, '2\n', py.code);
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, /AssertionError: odd: 3/);
    }
  });

  it("imports Python's assert statement", () => {
    const source = 'def half(n):\n    assert n % 2 == 0, n\n    assert n > 0\n    return n // 2\n\n\nprint(half(4))\nprint(half(3))\n';
    const imported = importSource(source, 'python');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const printed = printDocument(imported.ast);
    assert.match(printed, /assert\(\(n % 2 \+ 2\) % 2 == 0, (py)?str\(n\)\);|assert\(n % 2 == 0, (py)?str\(n\)\);/);
    assert.match(printed, /assert\(n > 0\);/);
    const doc = WhetstoneDocument.create(printed, 1);
    assert.deepEqual(errors(doc), []);
    for (const language of ['javascript', 'python'] as const) {
      const file = scratch.write(`from-py.${language === 'python' ? 'py' : 'js'}`, generate(doc.ast, language).code);
      const ran = language === 'python' ? scratch.python(file) : scratch.node(file);
      assert.equal(ran.stdout, '2\n');
      assert.match(ran.stderr, /3/);
    }
  });
  it('throw and raise (uncaught, an error) import as a Whetstone throw of the message and stop every target with it; a typed function ending in one checks in TypeScript', () => {
    const sources = {
      javascript: 'function find(xs: number[], x: number): number {\n  for (let i = 0; i < xs.length; i++) {\n    if (xs[i] === x) return i;\n  }\n  throw new RangeError(`${x} is not in the list`);\n}\n\nfunction fact(n: number): number {\n  if (n < 0) throw new Error("negative");\n  return n <= 1 ? 1 : n * fact(n - 1);\n}\nconsole.log(find([4, 5], 5), fact(4));\nconsole.log(find([4, 5], 6));\nconsole.log("not reached");\n',
      python: 'def find(xs: list[int], x: int) -> int:\n    for i in range(len(xs)):\n        if xs[i] == x:\n            return i\n    raise ValueError(f"{x} is not in the list")\n\n\ndef fact(n: int) -> int:\n    if n < 0:\n        raise ValueError("negative")\n    return 1 if n <= 1 else n * fact(n - 1)\n\n\nprint(find([4, 5], 5), fact(4))\nprint(find([4, 5], 6))\nprint("not reached")\n',
    };
    for (const [language, source] of Object.entries(sources) as ['javascript' | 'python', string][]) {
      const imported = importSource(source, language === 'javascript' ? 'typescript' : 'python');
      assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), [], language);
      const printed = printDocument(imported.ast);
      assert.match(printed, /throw str\(x\) \+ " is not in the list";[^]*throw "negative";/, language);
      const doc = WhetstoneDocument.create(printed, 1);
      assert.deepEqual(errors(doc), [], language);
      const js = generate(doc.ast, 'javascript');
      const ranJs = scratch.node(scratch.write(`throw-${language}.js`, js.code));
      const ts = generate(doc.ast, 'typescript');
      const checked = scratch.tsc([scratch.write(`throw-${language}.ts`, ts.code)]);
      assert.equal(checked.status, 0, checked.stdout + ts.code);
      const ranPy = scratch.python(scratch.write(`throw-${language}.py`, generate(doc.ast, 'python').code));
      for (const ran of [ranJs, ranPy]) {
        assert.equal(ran.stdout, '1 24\n', language);
        assert.notEqual(ran.status, 0);
        assert.match(ran.stderr, /6 is not in the list/);
      }
    }
  });

  it('a throw of something other than an Error, and a bare raise, are errors at import', () => {
    assert.match(importSource('throw new Map();\n', 'javascript').diagnostics[0].message, /a throw of something other than an Error/);
    assert.match(importSource('def again():\n    raise\n', 'python').diagnostics.map((d) => d.message).join('\n'), /a bare raise/);
  });
});
