// Importing Python reports each place where the run at import computes a power whose exact value
// is not a double: Python's pow (the C library's) and Node's Math.pow (V8's own) round about one
// such power in ten otherwise in the last digit, so the JavaScript and TypeScript the program
// becomes may print another digit. The run goes on past such a power, so what it finds later is
// reported too; an exact power (x ** 0, a power of two, an int's whole power within 2^53, 0.5 ** 2)
// is the same in both and is not reported.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { isExactPower } from '../../server/src/projection/import/exact-power';
import { prepareProjection, Scratch } from '../helpers/projection';

/** The import's errors, as `line:column: message`. */
const errors = (source: string): string[] =>
  importSource(source, 'python')
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}:${d.column}: ${d.message}`);

const ROUNDED = /a run of the program at import computes a power here whose exact value is not a double, so it is rounded \((.+) the first time\), and Python's pow \(the C library's\) and Whetstone's \(JavaScript's Math\.pow\) round about one such power in ten otherwise in the last digit/;

/** The errors that report what the run at import met (a value shown after a finding is left out: the run did not see it shown). */
const runFindings = (source: string): string[] => errors(source).filter((error) => /: Not carried into Whetstone: a run of the program at import /.test(error));

/** The errors that report a rounded power, as `line:column: base ** exponent`. */
const roundedPowers = (source: string): string[] =>
  errors(source).flatMap((error) => {
    const operands = ROUNDED.exec(error)?.[1];
    return operands ? [`${error.split(': ')[0]}: ${operands}`] : [];
  });

/** A double's bits, as Python's struct.pack('>d', x).hex() writes them. */
function bits(value: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0).toString(16).padStart(16, '0');
}

describe('importing Python reports a power Python and Node may round otherwise', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('import-powers');
  });
  after(() => scratch.dispose());

  /** What the JavaScript projection of the imported Python `source` prints. */
  const javascriptPrints = (source: string): string => {
    const document = WhetstoneDocument.create(printDocument(importSource(source, 'python').ast), 1);
    try {
      return scratch.prints(generate(document.ast, 'javascript').code, 'javascript');
    } finally {
      document.dispose();
    }
  };

  it('1.05 ** 10 is reported: Python prints another last digit than its JavaScript projection', () => {
    const source = 'growth = 1.05 ** 10\nprint(growth)\n';
    assert.equal(scratch.prints(source, 'python'), '1.628894626777442\n');
    assert.equal(javascriptPrints(source), '1.6288946267774422\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^1:9: Not carried into Whetstone: /);
    assert.match(found[0], ROUNDED);
    assert.deepEqual(roundedPowers(source), ['1:9: 1.05 ** 10']);
    const [diagnostic] = importSource(source, 'python').diagnostics;
    assert.equal(diagnostic.code, 'W_UNSUPPORTED');
    assert.match(diagnostic.hint ?? '', /whole numbers.*round the result to fewer digits/);
  });

  it('math.pow(x, 0.5) and pow(a, b) of floats are reported where the run computes them', () => {
    const source = ['import math', '', 'def root(x):', '    return math.pow(x, 0.5)', '', 'a = 1.5', 'b = 2.5', 'print(round(root(2.0), 6), round(pow(a, b), 6))', ''].join('\n');
    assert.equal(scratch.prints(source, 'python'), '1.414214 2.755676\n');
    assert.deepEqual(roundedPowers(source), ['4:11: 2.0 ** 0.5', '8:33: 1.5 ** 2.5']);
  });

  it('a compound-interest loop is one report at its power, and the years it prints differ between Python and JavaScript', () => {
    const source = ['rate = 0.05', 'for year in [5, 10, 18]:', '    print(year, 1000 * (1 + rate) ** year)', ''].join('\n');
    assert.equal(scratch.prints(source, 'python'), '5 1276.2815625000003\n10 1628.894626777442\n18 2406.619233691086\n');
    assert.equal(javascriptPrints(source), '5 1276.2815625000003\n10 1628.8946267774422\n18 2406.6192336910863\n');
    assert.deepEqual(roundedPowers(source), ['3:23: 1.05 ** 5']);
  });

  it('a power in a function called twice with other values is one report, naming the first', () => {
    const source = ['def grow(amount, rate, years):', '    return round(amount * (1 + rate) ** years, 2)', '', 'print(grow(100, 0.1, 3))', 'print(grow(250, 0.07, 12))', ''].join('\n');
    assert.equal(scratch.prints(source, 'python'), '133.1\n563.05\n');
    assert.deepEqual(roundedPowers(source), ['2:26: 1.1 ** 3']);
  });

  it('exact powers are not reported: 2 ** 10, 2 ** -3, an int squared within 2^53, 0.5 ** 2, x ** 0, x ** 1', () => {
    const source = ['def square(n):', '    return n ** 2', '', 'x = 1.05', 'print(2 ** 10, 2 ** -3, square(94906265), 0.5 ** 2, round(x ** 0, 1), x ** 1, 4 ** 0.5, 0.1 ** 2)', ''].join('\n');
    assert.equal(scratch.prints(source, 'python'), '1024 0.125 9007199136250225 0.25 1.0 1.05 2.0 0.010000000000000002\n');
    // Only 0.1 ** 2: 0.1 is not exactly a tenth, and its square needs more bits than a double holds.
    assert.deepEqual(roundedPowers(source), ['5:88: 0.1 ** 2']);
  });

  it('the run goes on past a rounded power: a text above U+FFFF measured and a division by zero after it are reported too', () => {
    const measured = ['growth = 1.05 ** 10', 'print(round(growth, 4))', 'print(len("a\\U0001F600"))', ''].join('\n');
    assert.equal(scratch.prints(measured, 'python'), '1.6289\n2\n');
    const found = runFindings(measured);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(found[0], /^1:9: .*computes a power here/);
    assert.match(found[1], /^3:6: .*measures or cuts a text here that holds a character above U\+FFFF/);

    const divided = ['def share(total, parts):', '    return total / parts', '', 'print(round(1.05 ** 10, 4))', 'print(share(1, 0))', ''].join('\n');
    assert.notEqual(scratch.runProgram(divided, 'python').status, 0);
    const both = runFindings(divided);
    assert.equal(both.length, 2, both.join('\n'));
    assert.match(both[0], /^2:11: .*divides by zero here/);
    assert.match(both[1], /^4:12: .*computes a power here/);
  });

  it('a power in code the run never reaches is left to the report of what the run did not check', () => {
    const source = ['def grow(rate):', '    return (1 + rate) ** 10', '', 'print(1)', ''].join('\n');
    const found = errors(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^1:0: .*never reached the function grow, which the program never calls/);
  });

  it('1 to the power NaN or an infinity is reported where the run computes it (1.0 in Python, NaN in Whetstone)', () => {
    const source = ['big = float("inf")', 'print(1.0 ** big)', ''].join('\n');
    assert.equal(scratch.prints(source, 'python'), '1.0\n');
    const found = runFindings(source);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^2:6: .*raises 1 to the power NaN or an infinity, or -1 to an infinity, here: Python gives 1\.0, Whetstone NaN/);
  });

  it('at most one report per place and a bound on places: past it, the last report says there are more', () => {
    const lines = Array.from({ length: 60 }, (_, index) => `print(round(1.1 ** ${index + 2}, 3))`);
    const reported = roundedPowers(`${lines.join('\n')}\n`);
    assert.equal(reported.length, 50);
    const found = errors(`${lines.join('\n')}\n`);
    assert.match(found[49], /the run computed more such powers elsewhere in the program, not listed$/);
    assert.doesNotMatch(found[48], /more such powers/);
  });

  it('the exactness rule: every power it calls exact is the same double in Python and Node; of the rest, some differ', () => {
    const bases = [...Array.from({ length: 41 }, (_, n) => n - 10), 0.5, 0.25, 0.75, 1.5, 2.5, 0.1, 0.3, 1.05, 1.1, 0.99, 1 / 3, 1e-5, 1e10, 2 ** -1000, 2 ** 1000, 5e-324, Math.PI, -1.5, -0.5, 81, 6561, 43046721, 2 ** 52, 3 ** 33, 123.456];
    const exponents = [...Array.from({ length: 81 }, (_, n) => n - 30), 0.5, 0.25, 0.125, 0.0625, 1.5, 2.5, -0.5, -1.5, 1 / 3, 0.1, 0.75, 100, 1023, 1024, 1074, 1075, -1074, -1075, 1e-10];
    const pairs = bases.flatMap((base) => exponents.map((exponent) => [base, exponent] as const));
    // Python's math.pow, which raises where Python's float ** raises (or gives a complex number).
    const python = execFileSync(
      'python3',
      ['-c', "import math, struct, sys\nfor line in sys.stdin:\n    a, b = (float(x) for x in line.split())\n    try:\n        print(struct.pack('>d', math.pow(a, b)).hex())\n    except (OverflowError, ValueError):\n        print('raises')"],
      { input: pairs.map(([base, exponent]) => `${base} ${exponent}`).join('\n'), encoding: 'utf8' },
    ).split('\n');
    let exact = 0;
    let differ = 0;
    pairs.forEach(([base, exponent], index) => {
      const node = base ** exponent;
      if (python[index] === 'raises' || !Number.isFinite(node)) return;
      if (isExactPower(base, exponent)) {
        exact++;
        assert.equal(bits(node), python[index], `${base} ** ${exponent}`);
      } else if (bits(node) !== python[index]) differ++;
    });
    assert.ok(exact > 1000, `${exact} exact powers`);
    assert.ok(differ > 100, `${differ} powers rounded otherwise`);
    // The rule by cases (a double's exact power, else not).
    const cases: [number, number, boolean][] = [
      [1.05, 10, false],
      [2, 10, true],
      [2, -3, true],
      [10, -2, false],
      [0.5, 2, true],
      [0.1, 2, false],
      [94906265, 2, true],
      [3, 33, true],
      [3, 34, false],
      [4, 0.5, true],
      [2, 0.5, false],
      [9, 1.5, true],
      [43046721, 0.0625, true],
      [2, 1023, true],
      [2, 1024, false],
      [2, -1074, true],
      [2, -1075, false],
      [-2, 3, true],
      [-8, 1 / 3, false],
      [0, 3, true],
      [0, -1, false],
      [7.25, 0, true],
      [7.25, 1, true],
      [-1, 1e15 + 1, true],
      [1.5 * 2 ** 511, 2, true],
      [2 ** 512, 2, false],
      [2 ** -537, 2, true],
      [2 ** -538, 2, false],
    ];
    for (const [base, exponent, want] of cases) assert.equal(isExactPower(base, exponent), want, `${base} ** ${exponent}`);
  });
});
