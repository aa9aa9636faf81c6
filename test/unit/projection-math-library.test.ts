// Python's math.gcd, math.isqrt and math.factorial as the built-ins gcd, isqrt and factorial, and
// the constants math.pi, math.e, math.tau, Math.PI, Math.E as the literals of their doubles: each
// imported, checked, and run in every target against the source. Where Python and Whetstone part
// (a float argument, a factorial beyond 2^53) the import is an error; where both stop (a negative
// argument, a number that is not whole) every target stops too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection of math functions and constants', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('math-library');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string, language: 'javascript' | 'python'): string[] =>
    importSource(source, language)
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it("Python's math.gcd, math.isqrt and math.factorial give Python's exact answers in every target", () => {
    scratch.keepsItsMeaning(
      [
        'import math',
        'from math import isqrt',
        '',
        '',
        'def lcm(a, b):',
        '    if a == 0 or b == 0:',
        '        return 0',
        '    return abs(a * b) // math.gcd(a, b)',
        '',
        '',
        'def is_square(n):',
        '    return n >= 0 and isqrt(n) ** 2 == n',
        '',
        '',
        'def binomial(n, k):',
        '    return math.factorial(n) // (math.factorial(k) * math.factorial(n - k))',
        '',
        '',
        'print(math.gcd(12, 18), math.gcd(-4, 6), math.gcd(0, 0), math.gcd(0, -7), math.gcd(-0, 5), lcm(4, 6), lcm(0, 3))',
        'print([math.isqrt(n) for n in [0, 1, 15, 16, 17, 99999999, 2**52 + 1, 9007199254740991]])',
        'print([n for n in range(50) if is_square(n)], is_square(-4))',
        'print([math.factorial(n) for n in range(19)], binomial(10, 3), binomial(18, 9))',
      ].join('\n') + '\n',
      'python',
      /isqrt\(n\) \*\* 2 == n[^]*gcd\(12, 18\)[^]*factorial\(n\)/,
    );
  });

  it("math.pi, math.e, math.tau and JavaScript's Math.PI, Math.E print the same doubles in every target", () => {
    scratch.keepsItsMeaning(
      ['import math', '', '', 'def area(r):', '    return math.pi * r * r', '', '', 'print(math.pi, math.e, math.tau, -math.pi, area(2), area(0.5), round(math.pi, 3), math.floor(math.e * 100))'].join('\n') + '\n',
      'python',
      /3\.141592653589793 \* r \* r/,
    );
    scratch.keepsItsMeaning('const area = (r) => Math.PI * r ** 2;\nconsole.log(Math.PI, Math.E, -Math.PI, Math.SQRT2, Math.LN2, area(3), [Math.PI].map((x) => x / 2));\n', 'javascript', /3\.141592653589793 \* r \*\* 2/);
  });

  it('a float given to math.gcd, math.isqrt or math.factorial, or a factorial beyond 2^53, is an error at import; math members without a form stay errors', () => {
    const errors = importErrors('import math\nprint(math.factorial(18))\nprint(math.gcd(4.0, 6))\n', 'python');
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /^3: .*passes a float here to math\.gcd.*Python raises TypeError/);
    const beyond = importErrors('import math\nn = 19\nprint(math.factorial(n))\n', 'python');
    assert.equal(beyond.length, 1, beyond.join('\n'));
    assert.match(beyond[0], /^3: .*whole number here beyond 2\^53/);
    const other = importErrors('import math\nprint(math.comb(5, 2), math.isqrt(9.0 // 1))\n', 'python');
    assert.match(other[0], /^2: .*math\.comb/);
  });

  it('gcd, isqrt and factorial stop the program in every target where Python raises, and where the answer would not be exact', () => {
    for (const call of ['isqrt(-4)', 'factorial(-1)', 'factorial(19)', 'gcd(2.5, 5)', 'isqrt(num("NaN"))', 'gcd(num("Infinity"), 3)', 'isqrt(2 ** 53 + 2)', 'factorial(3.5)']) {
      const doc = WhetstoneDocument.create(`print(${call});\n`, 1);
      try {
        for (const target of ['javascript', 'typescript', 'python'] as const) {
          const ran = scratch.runProgram(generate(doc.ast, target).code, target);
          assert.notEqual(ran.status, 0, `${target}: ${call} printed ${ran.stdout}`);
          assert.match(ran.stderr, /gcd|isqrt|factorial/, `${target}: ${call}`);
        }
      } finally {
        doc.dispose();
      }
    }
    scratch.printsInEveryTarget('print(gcd(-0, -0), gcd(2 ** 53 - 1, 3), isqrt(2 ** 53 - 1), factorial(0), factorial(18));\n', '0 1 94906265 1 6402373705728000\n');
    assert.match(printDocument(importSource('import math\nprint(math.gcd(1, 2))\n', 'python').ast), /print\(gcd\(1, 2\)\)/);
  });
});
