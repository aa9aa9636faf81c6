// Whetstone's numbers are doubles, as JavaScript's are: beyond 2^53 a whole number is rounded to
// the double nearest it. Python's ints are exact, so the generated Python makes an int that `+`,
// `-`, `*` or a helper gives beyond 2^53 its float, and from there computes as a double does. Each
// program is generated into JavaScript, TypeScript (tsc --strict) and Python and run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('generated Python keeps whole numbers beyond 2^53 as Whetstone rounds them', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone');
    scratch = new Scratch('big-whole-numbers');
  });
  after(() => scratch.dispose());

  /** The generated Python of a program that checks without an error. */
  const python = (source: string): string => {
    const doc = WhetstoneDocument.create(source, 1);
    try {
      assert.deepEqual(analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error'), [], source);
      const generated = generate(doc.ast, 'python');
      assert.deepEqual(generated.diagnostics, []);
      return generated.code;
    } finally {
      doc.dispose();
    }
  };

  it('fibonacci by additions past 2^53, factorial(25) and powers of 3 print as doubles in every target', () => {
    const source = [
      'fn fibonacci(n: number): number {',
      '  let a = 0;',
      '  let b = 1;',
      '  for i in range(n) {',
      '    const next = a + b;',
      '    a = b;',
      '    b = next;',
      '  }',
      '  return a;',
      '}',
      'fn factorial(n: number): number {',
      '  if n <= 1 {',
      '    return 1;',
      '  }',
      '  return n * factorial(n - 1);',
      '}',
      'let product = 1;',
      'for k in range(1, 26) {',
      '  product *= k;',
      '}',
      'let x = 2;',
      'for i in range(60) {',
      '  x = x * 3;',
      '}',
      'let p = 1;',
      'for i in range(40) {',
      '  p *= 3;',
      '}',
      'print(fibonacci(78), fibonacci(79), fibonacci(90), fibonacci(100));',
      'print(factorial(25), product, factorial(25) / 7, product - factorial(25));',
      'print(x, p, p + 1, p - 1, 3 ** 40, pow(3, 40), p == 3 ** 40);',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      [
        '8944394323791464 14472334024676220 2880067194370816000 354224848179262000000',
        '1.5511210043330986e+25 1.5511210043330986e+25 2.2158871490472836e+24 0',
        '8.47823165504324e+28 12157665459056929000 12157665459056929000 12157665459056929000 12157665459056929000 12157665459056929000 true',
        '',
      ].join('\n'),
    );
  });

  it('at 2^53 adding one changes nothing, and literals beyond it are the doubles they round to, in every target', () => {
    const source = [
      'let y = 9007199254740992;',
      'let big = 12345678901234567890;',
      'let count = y;',
      'count += 1;',
      'count -= 3;',
      'print(y + 1, y + 1 == y, y * 2 + 1, y - 1 + 2, -y - 1, count);',
      'print(big, big + 1, big == 12345678901234567000, 2 * y * y, y * y - y * y);',
      // Through values of unknown type too, where `+` may join texts.
      'let text: any = "x";',
      'let unknown: any = y;',
      'let sum: any = 2;',
      'sum += unknown;',
      'print(text + text, unknown + 1, unknown + unknown + 1, sum);',
      // A range past 2^53 counts as a double does: 2^53 + 1 is 2^53 again.
      'let steps = 0;',
      'for i in range(y - 2, y + 2) {',
      '  steps += 1;',
      '  if steps == 10 {',
      '    break;',
      '  }',
      '}',
      'print(steps);',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      '9007199254740992 true 18014398509481984 9007199254740992 -9007199254740992 9007199254740989\n12345678901234567000 12345678901234567000 true 1.6225927682921336e+32 0\nxx 9007199254740992 18014398509481984 9007199254740994\n10\n',
    );
  });

  it('floor, ceil, round, int and num beyond 2^53 give the double, and -0 stays -0 beside them, in every target', () => {
    const source = [
      'let z = 0;',
      'let y = 9007199254740992;',
      'let m = -9007199254740992;',
      'let huge = pow(2, 60);',
      'print(floor(huge), ceil(huge), round(huge), int(huge), floor(huge) + 1, int("12345678901234567890"), num("12345678901234567890") + 1);',
      'print(round(4503599627370497), round(-4503599627370497), round(y + 0), int(huge) - 1, floor(2 ** 53 + 1), int(1 / 0), round(1 / 0));',
      'print(jsstr(z * m), jsstr(m * 3 * z), jsstr(-z * 2), m * 3, jsstr((m - 1) * -z), jsstr(ceil(-0.5)), jsstr(int(-0.5)));',
    ].join('\n');
    scratch.printsInEveryTarget(
      `${source}\n`,
      [
        '1152921504606847000 1152921504606847000 1152921504606847000 1152921504606847000 1152921504606847000 12345678901234567000 12345678901234567000',
        '4503599627370497 -4503599627370497 9007199254740992 1152921504606847000 9007199254740992 Infinity Infinity',
        '-0 -0 -0 -27021597764222976 0 -0 -0',
        '',
      ].join('\n'),
    );
  });

  it('ordinary index arithmetic and text joins stay plain Python; a total and a parameter less one are made doubles', () => {
    const source = [
      'fn total(xs: list<number>): number {',
      '  let sum = 0;',
      '  for i in range(len(xs)) {',
      '    sum += xs[i];',
      '  }',
      '  let count = 0;',
      '  let j = 0;',
      '  while j < len(xs) - 1 {',
      '    count += 1;',
      '    j = j + 1;',
      '  }',
      '  for k in range(1, len(xs)) {',
      '    if xs[k - 1] > xs[k] {',
      '      count -= 1;',
      '    }',
      '  }',
      '  const last = xs[len(xs) - 1];',
      '  return sum + count + last;',
      '}',
      'fn down(n: number): number {',
      '  return n - 1;',
      '}',
      'let s = "a";',
      's += "b";',
      'let half = 0.5;',
      'half = half * 3 + 1;',
      'print(total([1, 3, 5, 2]), s + "c", half, down(3), indexOf(s, "b") + 1);',
    ].join('\n');
    scratch.printsInEveryTarget(`${source}\n`, '15 abc 2.5 2 2\n');
    const code = python(`${source}\n`);
    for (const plain of ['count += 1', 'j = j + 1', 'while j < len(xs) - 1:', 'item_at(xs, k - 1)', 'item_at(xs, len(xs) - 1)', 's += "b"', 'half = half * 3 + 1', 'index_of(s, "b") + 1']) {
      assert.ok(code.includes(plain), `${plain} in\n${code}`);
    }
    assert.match(code, /sum = double\(sum \+ xs\[i\]\)/);
    assert.match(code, /return double\(double\(sum \+ count\) \+ last\)/);
    assert.match(code, /return double\(n - 1\)/);
    assert.doesNotMatch(code, /double\((count|j|k|len|index_of|s|half)\b/);
  });
});
