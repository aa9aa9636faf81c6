// `**` and the bit operators: parsed, printed, checked, imported from Python and JavaScript and
// generated into JavaScript, TypeScript and Python with Whetstone's meaning (JavaScript's: a
// floating-point power, bit operators on 32-bit signed integers), each run for real.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { isRoundedPower, prepareProjection, Scratch } from '../helpers/projection';

function errors(doc: WhetstoneDocument): string[] {
  return [...doc.syntaxDiagnostics, ...analyze(doc.ast).diagnostics].filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
}

const PROGRAM = `fn main() {
  let two = 2;
  let minus = -2;
  let half = 0.5;
  let zero = 0;
  print(two ** 10, -two ** 2, minus ** 2, two ** -1, two ** 3 ** two, zero ** -1, (-8) ** half, two ** 1100);
  print(2 ** 10, -2 ** 2, (-2) ** 2, (2 ** 3) ** 2, 10 ** 2 * 3);
  let five = 5;
  let big = 4294967297;
  print(five & 3, five | 3, five ^ 3, 1 << 31, -16 >> 2, 1 << 33, 7.9 & 3, big | 0, -five >> 1);
  print(five & 1 == 1, five << two, five >> two + 1, five << 35, five | 8 & 3, five ^ 1 ^ 1);
  print(floor(-7 / 2), floor(7 / 2), -7 % 2);
}

main();
`;
const EXPECTED = [
  '1024 -4 4 0.5 512 Infinity NaN Infinity',
  '1024 -4 4 64 300',
  '1 7 6 -2147483648 -4 2 3 1 -3',
  'true 20 0 40 5 5',
  '-4 3 -1',
  '',
].join('\n');

describe('power and bit operators', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('operators');
  });
  after(() => scratch.dispose());

  it('parse with their precedence and print back the same', () => {
    const doc = WhetstoneDocument.create('let a = 1;\nlet b = 2;\nlet c = 3;\nprint(-a ** b, a ** b ** c, (a ** b) ** c, 2 ** -a, (-a) ** b, a & 1 == 0, (a | b) & c, a + 1 << 2, a << (b + 1));\n', 1);
    assert.deepEqual(errors(doc), []);
    const printed = printDocument(doc.ast);
    assert.match(printed, /print\(-a \*\* b, a \*\* b \*\* c, \(a \*\* b\) \*\* c, 2 \*\* -a, \(-a\) \*\* b, a & 1 == 0, \(a \| b\) & c, a \+ 1 << 2, a << b \+ 1\);/);
    const again = WhetstoneDocument.create(printed, 2);
    assert.equal(printDocument(again.ast), printed);
    const call = doc.ast.children.at(-1);
    assert.equal(call?.type, 'ExpressionStatement');
    const [negated] = call.type === 'ExpressionStatement' && call.expression.type === 'CallExpression' ? call.expression.arguments : [];
    assert.equal(negated.type === 'UnaryExpression' && negated.operand.type, 'BinaryExpression', '-a ** b is -(a ** b)');
  });

  it('take numbers only', () => {
    const doc = WhetstoneDocument.create('let s = "x";\nlet n = s ** 2;\nlet m = true & 1;\nlet k = 1 << 2;\n', 1);
    assert.deepEqual(errors(doc), ["2: Operator '**' needs numbers, not string", "3: Operator '&' needs numbers, not bool"]);
  });

  it('mean the same in JavaScript, TypeScript and Python', () => {
    const doc = WhetstoneDocument.create(PROGRAM, 1);
    assert.deepEqual(errors(doc), []);
    const js = generate(doc.ast, 'javascript');
    assert.deepEqual(js.diagnostics, []);
    assert.equal(scratch.node(scratch.write('ops.js', js.code)).stdout, EXPECTED, js.code);
    const ts = generate(doc.ast, 'typescript');
    assert.deepEqual(ts.diagnostics, []);
    const checked = scratch.tsc([scratch.write('ops.ts', ts.code)]);
    assert.equal(checked.status, 0, checked.stdout + ts.code);
    assert.equal(scratch.node(scratch.write('out/package.json', '{ "type": "module" }\n').replace('package.json', 'ops.js')).stdout, EXPECTED);
    const py = generate(doc.ast, 'python');
    // Its fractional and negative powers are reported (Node and Python may round them otherwise); the run tells they print the same here.
    assert.deepEqual(py.diagnostics.filter((d) => !isRoundedPower(d.message)), []);
    const ran = scratch.python(scratch.write('ops.py', py.code));
    assert.equal(ran.stdout, EXPECTED, py.code + ran.stderr);
  });

  it('import from JavaScript, compound assignments too, and run the same', () => {
    const source = 'let x = 40;\nx >>= 1;\nx **= 2;\nx |= 1;\nconsole.log(x, 2 ** 3 ** 2, (-2) ** 2, 5 & 3 | 8, -9 >> 1, 3 << 30);\n';
    const imported = importSource(source, 'javascript');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    assert.deepEqual(errors(doc), []);
    const expected = scratch.node(scratch.write('source.js', source)).stdout;
    assert.equal(expected, '401 512 4 9 -5 -1073741824\n');
    for (const language of ['javascript', 'python'] as const) {
      const out = generate(doc.ast, language);
      const file = scratch.write(`from-js.${language === 'python' ? 'py' : 'js'}`, out.code);
      assert.equal((language === 'python' ? scratch.python(file) : scratch.node(file)).stdout, expected, out.code);
    }
  });

  it('import from Python where the meaning is kept; a literal wider than 32 bits is an error', () => {
    const source = 'x = 40\nx >>= 1\nx **= 2\nx |= 1\nprint(x, 2 ** 3 ** 2, (-2) ** 2, 5 & 3 | 8, -9 >> 1, 7 // 2, -7 // 2, x ^ 0xFF)\n';
    const imported = importSource(source, 'python');
    assert.deepEqual(imported.diagnostics.filter((d) => d.severity === 'error'), []);
    const doc = WhetstoneDocument.create(printDocument(imported.ast), 1);
    assert.deepEqual(errors(doc), []);
    const expected = scratch.python(scratch.write('source.py', source)).stdout;
    assert.equal(expected, '401 512 4 9 -5 3 -4 366\n');
    for (const language of ['javascript', 'python'] as const) {
      const out = generate(doc.ast, language);
      const file = scratch.write(`from-py.${language === 'python' ? 'py' : 'js'}`, out.code);
      assert.equal((language === 'python' ? scratch.python(file) : scratch.node(file)).stdout, expected, out.code);
    }
    const wide = importSource('def h(x):\n    return (x << 5) & 0xFFFFFFFF\n', 'python');
    const [error] = wide.diagnostics.filter((d) => d.severity === 'error');
    assert.match(error.message, /the & operator with 0xFFFFFFFF/);
    assert.equal(error.line, 2);
    const [shift] = importSource('print(1 << 40)\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.match(shift.message, /a shift by 40/);
  });
});
