// Multiple assignment `a, b = b, a;`: every value is evaluated before any target is assigned, so
// it swaps. Parsed, printed, checked, imported from JavaScript (`[a, b] = [b, a]`) and Python
// (`a, b = b, a`) and generated into JavaScript, TypeScript and Python, each run for real.
import assert from 'node:assert/strict';
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

const PROGRAM = `let total = 0;

fn fib(n: number): number {
  let a = 0;
  let b = 1;
  for i in range(n) {
    a, b = b, a + b;
  }
  return a;
}

fn reverse(xs: list<number>): list<number> {
  let i = 0;
  let j = len(xs) - 1;
  while i < j {
    xs[i], xs[j] = xs[j], xs[i];
    i, j = i + 1, j - 1;
  }
  return xs;
}

fn count() {
  total, total = total + 1, total + 10;
}

let p = { x: 1, y: 2 };
p.x, p.y = p.y, p.x;
let k = 0;
let ys = [5, 6];
k, ys[k] = 1, 9;
count();
print(fib(10), reverse([1, 2, 3, 4, 5]), p, ys, total);
`;
const EXPECTED = '55 [5, 4, 3, 2, 1] {x: 2, y: 1} [5, 9] 10\n';

describe('multiple assignment', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('multiple-assignment');
  });
  after(() => scratch.dispose());

  it('parses and prints back the same', () => {
    const source = 'let a = 1;\nlet b = 2;\nlet xs = [1, 2];\na, b = b, a;\nxs[0], xs[1], a = xs[1], xs[0], a + b;\n';
    const doc = WhetstoneDocument.create(source, 1);
    assert.deepEqual(errors(doc), []);
    assert.equal(printDocument(doc.ast), source);
    const swap = doc.ast.children[3];
    assert.ok(swap.type === 'MultipleAssignment' && swap.targets.length === 2 && swap.values.length === 2);
  });

  it('checks the counts, each value against its target, and what may be assigned', () => {
    const doc = WhetstoneDocument.create('let a = 1;\nconst c = 2;\nlet s = "x";\na, s = 1, 2, 3;\na, s = s, a;\na, c = 1, 2;\nf(), a = 1, 2;\n', 1);
    assert.deepEqual(errors(doc), [
      '7: Only a name, a field (a.b) or an element (a[i]) can be assigned to',
      '4: 2 targets but 3 values',
      "4: Type number is not assignable to 's' of type string",
      "5: Type string is not assignable to 'a' of type number",
      "5: Type number is not assignable to 's' of type string",
      "6: Cannot assign to 'c' because it is a constant",
      "7: Cannot find name 'f'",
    ]);
  });

  it('means the same in JavaScript, TypeScript and Python', () => {
    const doc = WhetstoneDocument.create(PROGRAM, 1);
    assert.deepEqual(errors(doc), []);
    const js = generate(doc.ast, 'javascript');
    assert.deepEqual(js.diagnostics, []);
    assert.equal(scratch.node(scratch.write('swap.js', js.code)).stdout, EXPECTED, js.code);
    const ts = generate(doc.ast, 'typescript');
    assert.deepEqual(ts.diagnostics, []);
    const checked = scratch.tsc([scratch.write('swap.ts', ts.code)]);
    assert.equal(checked.status, 0, checked.stdout + ts.code);
    scratch.write('out/package.json', '{ "type": "module" }\n');
    assert.equal(scratch.node(`${scratch.dir}/out/swap.js`).stdout, EXPECTED);
    const py = generate(doc.ast, 'python');
    assert.deepEqual(py.diagnostics, []);
    const ran = scratch.python(scratch.write('swap.py', py.code));
    assert.equal(ran.stdout, EXPECTED, py.code + ran.stderr);
  });

  it('imports a swap from JavaScript and Python and runs the same', () => {
    const sources = {
      javascript: 'function bubble(xs) {\n  for (let i = 0; i < xs.length; i++) {\n    for (let j = 0; j + 1 < xs.length - i; j++) {\n      if (xs[j] > xs[j + 1]) {\n        [xs[j], xs[j + 1]] = [xs[j + 1], xs[j]];\n      }\n    }\n  }\n  return xs;\n}\nlet a = 1;\nlet b = 2;\n[a, b] = [b, a];\nconsole.log(bubble([3, 1, 2])[0], bubble([5, 4])[1], a, b);\n',
      python: 'def fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n\n\ndef bubble(xs):\n    for i in range(len(xs)):\n        for j in range(len(xs) - 1 - i):\n            if xs[j] > xs[j + 1]:\n                xs[j], xs[j + 1] = xs[j + 1], xs[j]\n    return xs\n\n\nprint(fib(10), bubble([3, 1, 2])[0])\n',
    } as const;
    for (const [language, source] of Object.entries(sources) as ['javascript' | 'python', string][]) {
      const imported = importSource(source, language);
      assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), [], language);
      const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
      assert.deepEqual(errors(doc), [], printDocument(imported.ast));
      const file = scratch.write(`source-${language}.${language === 'python' ? 'py' : 'js'}`, source);
      const expected = (language === 'python' ? scratch.python(file) : scratch.node(file)).stdout;
      assert.equal(expected, language === 'python' ? '55 1\n' : '1 5 2 1\n');
      for (const target of ['javascript', 'python'] as const) {
        const out = generate(doc.ast, target);
        const generated = scratch.write(`from-${language}.${target === 'python' ? 'py' : 'js'}`, out.code);
        assert.equal((target === 'python' ? scratch.python(generated) : scratch.node(generated)).stdout, expected, out.code);
      }
    }
    const hole = importSource('let a = 1, b = 2;\n[a, , b] = [3, 4];\n', 'javascript');
    assert.match(hole.diagnostics.filter((d) => d.severity === 'error')[0]?.message ?? '', /assignment to a pattern/);
  });
  it("imports Python's a, b = f() as the value held once, its length checked, then a multiple assignment", () => {
    const source = 'def min_max(values: list[int]) -> list[int]:\n    return [min(values[0], values[1]), max(values[0], values[1])]\n\n\nlow, high = min_max([7, 3])\nfirst, second = "ab"\nprint(low, high, first + second)\ntriple = [1, 2, 3]\na, b = triple\nprint("not reached")\n';
    const imported = importSource(source, 'python');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const printed = printDocument(imported.ast);
    assert.match(printed, /const unpacked1 = min_max\(\[7, 3\]\);\nassert\(len\(unpacked1\) == 2, "expected 2 values to unpack"\);\nlow, high = unpacked1\[0\], unpacked1\[1\];/);
    const doc = WhetstoneDocument.create(printed, 1);
    assert.deepEqual(errors(doc), [], printed);
    const original = scratch.python(scratch.write('unpack-source.py', source));
    assert.equal(original.stdout, '3 7 ab\n');
    assert.notEqual(original.status, 0);
    for (const target of ['javascript', 'python'] as const) {
      const out = generate(doc.ast, target);
      const ran = target === 'python' ? scratch.python(scratch.write('unpack.py', out.code)) : scratch.node(scratch.write('unpack.js', out.code));
      assert.equal(ran.stdout, '3 7 ab\n', out.code);
      assert.notEqual(ran.status, 0, target);
      assert.match(ran.stderr, /expected 2 values to unpack/);
    }
  });
});
