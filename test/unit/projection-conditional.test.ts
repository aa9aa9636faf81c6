// The conditional expression `c ? a : b` in any position: parsed, printed, checked, imported from
// JavaScript (`c ? a : b`) and Python (`a if c else b`) and generated into JavaScript, TypeScript
// and Python, each run for real.
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

const PROGRAM = `fn sign(n: number): number {
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

fn main() {
  let calls = [0];
  let count = fn(v: number): number {
    calls[0] = calls[0] + 1;
    return v;
  };
  let xs = [3, -2, 0];
  let labels: list<string> = [];
  for x in xs {
    push(labels, (x % 2 == 0 ? "even" : "odd") + ":" + str(sign(x)));
  }
  print(labels, xs[0] > 1 ? xs[1] : xs[2], 1 + (true ? 2 : 3) * 2);
  print(true ? count(1) : count(2), calls[0]);
  let pick = fn(a: number) => a > 0 ? fn(b: number) => a + b : fn(b: number) => a - b;
  print(pick(1)(10), pick(-1)(10), (false ? "a" : "b") == "b", { k: sign(-5) == -1 ? null : 1 });
}

main();
`;
const EXPECTED = '["odd:1", "even:-1", "even:0"] -2 5\n1 1\n11 -11 true {k: null}\n';

describe('conditional expressions', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('conditional');
  });
  after(() => scratch.dispose());

  it('parse in any position, nest to the right and print back the same', () => {
    const source = 'let a = true;\nlet b = false;\nlet x = a ? 1 : b ? 2 : 3;\nlet y = (a ? b : a) ? 1 : 2;\nlet z = -(a ? 1 : 2) + (b ? 3 : 4);\nlet f = a ? fn(n) => n : fn(n) => -n;\nprint(x, y, z, f(1), [a ? "p" : "q"]);\n';
    const doc = WhetstoneDocument.create(source, 1);
    assert.deepEqual(errors(doc), []);
    const printed = printDocument(doc.ast);
    assert.equal(printed, source);
    const x = doc.ast.children[2];
    assert.ok(x.type === 'VariableDeclaration' && x.initializer?.type === 'ConditionalExpression' && x.initializer.alternate.type === 'ConditionalExpression');
  });

  it('check a bool condition and branches of one type', () => {
    const doc = WhetstoneDocument.create('let n = 1;\nlet a = n ? 1 : 2;\nlet b = n > 0 ? 1 : "one";\nlet c: number? = n > 0 ? 1 : null;\nlet d: string = n > 0 ? 1 : 2;\n', 1);
    assert.deepEqual(errors(doc), [
      "2: The condition of '?' must be bool, not number",
      "3: The two branches of '?' differ: number and string",
      "5: Type number is not assignable to 'd' of type string",
    ]);
  });

  it('mean the same in JavaScript, TypeScript and Python, evaluating only the chosen branch', () => {
    const doc = WhetstoneDocument.create(PROGRAM, 1);
    assert.deepEqual(errors(doc), []);
    const js = generate(doc.ast, 'javascript');
    assert.deepEqual(js.diagnostics, []);
    assert.equal(scratch.node(scratch.write('cond.js', js.code)).stdout, EXPECTED, js.code);
    const ts = generate(doc.ast, 'typescript');
    assert.deepEqual(ts.diagnostics, []);
    const checked = scratch.tsc([scratch.write('cond.ts', ts.code)]);
    assert.equal(checked.status, 0, checked.stdout + ts.code);
    scratch.write('out/package.json', '{ "type": "module" }\n');
    assert.equal(scratch.node(`${scratch.dir}/out/cond.js`).stdout, EXPECTED);
    const py = generate(doc.ast, 'python');
    assert.deepEqual(py.diagnostics, []);
    const ran = scratch.python(scratch.write('cond.py', py.code));
    assert.equal(ran.stdout, EXPECTED, py.code + ran.stderr);
  });

  it('import from JavaScript inside larger expressions and run the same', () => {
    const source = 'function f(n) {\n  return 10 + (n > 0 ? n : -n) * 2;\n}\nconst xs = [1, -4];\nconsole.log(f(-3), xs.length > 1 ? xs[1] : 0, String(f(2) > 13 ? "big" : "small"));\n';
    const imported = importSource(source, 'javascript');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const printed = printDocument(imported.ast);
    assert.match(printed, /return 10 \+ \(n > 0 \? n : -n\) \* 2;/);
    const doc = WhetstoneDocument.create(printed, 1);
    assert.deepEqual(errors(doc), []);
    const expected = scratch.node(scratch.write('source.js', source)).stdout;
    assert.equal(expected, '16 -4 big\n');
    for (const language of ['javascript', 'python'] as const) {
      const out = generate(doc.ast, language);
      const file = scratch.write(`from-js.${language === 'python' ? 'py' : 'js'}`, out.code);
      assert.equal((language === 'python' ? scratch.python(file) : scratch.node(file)).stdout, expected, out.code);
    }
  });

  it('import from Python inside larger expressions and run the same', () => {
    const source = 'def f(n):\n    return 10 + (n if n > 0 else -n) * 2\n\n\nxs = [1, -4]\nprint(f(-3), xs[1] if len(xs) > 1 else 0, "big" if f(2) > 13 else "small")\n';
    const imported = importSource(source, 'python');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    assert.deepEqual(errors(doc), []);
    const expected = scratch.python(scratch.write('source.py', source)).stdout;
    assert.equal(expected, '16 -4 big\n');
    for (const language of ['javascript', 'python'] as const) {
      const out = generate(doc.ast, language);
      const file = scratch.write(`from-py.${language === 'python' ? 'py' : 'js'}`, out.code);
      assert.equal((language === 'python' ? scratch.python(file) : scratch.node(file)).stdout, expected, out.code);
    }
  });
});
