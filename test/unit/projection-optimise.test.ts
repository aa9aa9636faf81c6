// The optimiser (what it folds and removes, and what it must leave) and generateCode's built-in
// generator (each documented form gives a checked function that computes what the sentence says,
// run for real; anything else is refused with the list of forms).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Program } from '../../server/src/core/ast';
import { printDocument } from '../../server/src/core/editing';
import { generateCode, type CodeModel } from '../../server/src/projection/code-model';
import { ProjectionError } from '../../server/src/projection/errors';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { optimise } from '../../server/src/projection/optimise';
import { generateFromSpec } from '../../server/src/projection/spec-generator';
import { prepareProjection, Scratch } from '../helpers/projection';

function program(source: string): Program {
  const parsed = importSource(source, 'whetstone');
  assert.deepEqual(parsed.diagnostics, []);
  return parsed.ast;
}

describe('optimiser', () => {
  before(async () => {
    await prepareProjection('whetstone');
  });

  it('folds numbers, strings, booleans and comparisons, counting each fold', () => {
    const input = program('const a = 2 * 3 + 4;\nconst b = "x" + "y";\nconst c = !(1 < 2) || 3 >= 3;\nconst d = -(5 - 7);\nprint(a, b, c, d);\n');
    const result = optimise(input);
    assert.equal(printDocument(result.program), 'const a = 10;\nconst b = "xy";\nconst c = true;\nconst d = 2;\nprint(a, b, c, d);\n');
    assert.equal(result.foldCount, 9);
    // The input is not changed.
    assert.match(printDocument(input), /2 \* 3 \+ 4/);
  });

  it('leaves a division by zero as it is and reports it; leaves NaN and -0 unfolded', () => {
    const result = optimise(program('print(1 / 0, 5 % 0, 0 * -1, 2 / 4);\n'));
    assert.equal(printDocument(result.program), 'print(1 / 0, 5 % 0, 0 * -1, 0.5);\n');
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['W_DIVISION_BY_ZERO', 'W_DIVISION_BY_ZERO']);
  });

  it('removes code after return/break/continue, if false, the else of if true, and unused effect-free locals', () => {
    const source = [
      'fn f(x: number): number {',
      '  let unused = x * 2;',
      '  let kept = g();',
      '  if false {',
      '    print("never");',
      '  }',
      '  if 1 < 2 {',
      '    print("always");',
      '  } else {',
      '    print("never");',
      '  }',
      '  for i in range(3) {',
      '    continue;',
      '    print(i);',
      '  }',
      '  return x;',
      '  print("after");',
      '}',
      'fn g(): number {',
      '  return 1;',
      '}',
      '',
    ].join('\n');
    const result = optimise(program(source));
    // (Inlined statements keep their source lines, so the printer may leave a blank line where they were.)
    assert.equal(
      printDocument(result.program).replace(/\n{2,}(?= )/g, '\n'),
      'fn f(x: number): number {\n  let kept = g();\n  print("always");\n  for i in range(3) {\n    continue;\n  }\n  return x;\n}\n\nfn g(): number {\n  return 1;\n}\n',
    );
    assert.equal(result.dceCount, 5);
  });

  it('keeps a branch that declares names as a scope of its own', () => {
    const result = optimise(program('let x = 1;\nif true {\n  let x = 2;\n  print(x);\n} else {\n  print(0);\n}\nprint(x);\n'));
    assert.equal(printDocument(result.program), 'let x = 1;\nif true {\n  let x = 2;\n  print(x);\n}\nprint(x);\n');
  });
});

describe('generateCode', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('spec');
  });
  after(() => scratch.dispose());

  /** Runs the generated function on `calls` (Whetstone expressions) through the JavaScript generator. */
  function run(code: string, calls: string[]): string {
    const parsed = importSource(`${code}\nprint(${calls.join(', ')});\n`, 'whetstone');
    const js = generate(parsed.ast, 'javascript').code;
    const result = scratch.node(scratch.write(`spec-${Math.random().toString(36).slice(2)}.js`, js));
    assert.equal(result.stderr, '', js);
    return result.stdout.trim();
  }

  const cases: [string, (name: string) => string[], string][] = [
    ['Create a function that calculates a 10% discount on a given price', (f) => [`${f}(200)`, `${f}(5)`], '180 4.5'],
    ['add 20% VAT to a net amount', (f) => [`${f}(100)`], '120'],
    ['whether a number is even', (f) => [`${f}(4)`, `${f}(7)`, `${f}(-2)`], 'true false true'],
    ['check if a number is negative', (f) => [`${f}(-1)`, `${f}(0)`], 'true false'],
    ['whether a string is empty', (f) => [`${f}("")`, `${f}("a")`], 'true false'],
    ['the sum of a list of numbers', (f) => [`${f}([1, 2, 3.5])`, `${f}([])`], '6.5 0'],
    ['compute the average of a list of numbers', (f) => [`${f}([2, 4, 9])`, `${f}([])`], '5 0'],
    ['the maximum of a list', (f) => [`${f}([3, 9, 2])`, `${f}([])`], '9 null'],
    ['the minimum of a list of numbers', (f) => [`${f}([3, -9, 2])`], '-9'],
    ['count the even numbers in a list', (f) => [`${f}([1, 2, 4, 7])`], '2'],
    ['count numbers greater than 10 in a list', (f) => [`${f}([5, 11, 20])`], '2'],
    ['the total price of a list of items', (f) => [`${f}([{ price: 2 }, { price: 3.5 }])`], '5.5'],
    ['multiply a price by a quantity', (f) => [`${f}(2.5, 4)`], '10'],
    ['subtract a cost from a price', (f) => [`${f}(10, 3)`], '7'],
    ['add two numbers', (f) => [`${f}(2, 3)`], '5'],
    ['get the email of a customer', (f) => [`${f}({ email: "a@b.c" })`], 'a@b.c'],
  ];

  for (const [spec, calls, expected] of cases) {
    it(`"${spec}" gives a checked function that computes it`, () => {
      const generated = generateFromSpec(spec);
      assert.equal(generated.node.type, 'FunctionDeclaration');
      assert.ok(generated.node.id.startsWith('generated_'));
      assert.equal(run(generated.code, calls(generated.node.name)), expected, generated.code);
    });
  }

  it('refuses what it does not understand, listing the forms (never a canned answer)', () => {
    assert.throws(
      () => generateFromSpec('build a web browser'),
      (error: unknown) => error instanceof ProjectionError && error.kind === 'failed' && /percentages/.test(error.hint ?? '') && /field access/.test(error.hint ?? ''),
    );
  });

  it('takes a model\'s answer only when it parses and checks', async () => {
    const answering = (text: string | undefined): CodeModel => ({ name: 'test model', complete: () => Promise.resolve(text) });
    const good = await generateCode('anything', { model: answering('Here you are:\n```whetstone\nfn triple(x: number): number {\n  return x * 3;\n}\n```\n') });
    assert.equal(good.generator, 'test model');
    assert.equal(good.node.name, 'triple');
    await assert.rejects(
      generateCode('anything', { model: answering('fn broken(x: number): number {\n  return y;\n}\n') }),
      (error: unknown) => error instanceof ProjectionError && /E_UNDEFINED/.test(error.message),
    );
    // A model that has no answer (none available, setting off) leaves it to the built-in forms.
    const fallback = await generateCode('whether a number is odd', { model: answering(undefined) });
    assert.equal(fallback.generator, 'builtin');
    assert.equal(fallback.node.name, 'isOdd');
  });
});
