// Python's `return a, b` returns a tuple, which the caller unpacks (`q, r = f(…)`): imported as a
// list (a tuple written with parentheses already is one), checked, generated into JavaScript,
// TypeScript (tsc --strict) and Python and run, each printing what the source prints. Showing the
// tuple stays an error: Python shows (1, 2), a list [1, 2].
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's return a, b", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-returned-tuples');
  });
  after(() => scratch.dispose());

  it('a tuple returned without parentheses and unpacked by the caller, in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def divide(a: int, b: int):',
        '    return a // b, a % b',
        '',
        '',
        'def extremes(xs: list[int]):',
        '    if not xs:',
        '        return 0, 0',
        '    return min(xs), max(xs)',
        '',
        '',
        'def fib_pair(n: int):',
        '    a, b = 0, 1',
        '    for _ in range(n):',
        '        a, b = b, a + b',
        '    return a, b',
        '',
        '',
        'for a, b in [[17, 5], [-17, 5], [17, -5], [0, 3]]:',
        '    q, r = divide(a, b)',
        '    print(q, r, q * b + r == a)',
        'lo, hi = extremes([4, -2, 9])',
        'print(lo, hi)',
        'lo, hi = extremes([])',
        'print(lo, hi)',
        'x, y = fib_pair(10)',
        'print(x, y)',
        '',
      ].join('\n'),
      'python',
      /return \[floor\(a \/ b\), \(a % b \+ b\) % b\];[^]*return \[minOf\(xs\), maxOf\(xs\)\];[^]*return \[a, b\];/,
    );
  });

  it('a returned tuple shown, compared, kept or passed on, and a bare list of values elsewhere, are errors at import', () => {
    const errors = (source: string): number[] =>
      importSource(source, 'python')
        .diagnostics.filter((d) => d.severity === 'error')
        .map((d) => d.line);
    const returning = 'def f(a: int):\n    return a, -a\n\n\nq, r = f(1)\n';
    for (const use of ['print(f(2))', 'print(f(9) == [9, -9])', 'kept = f(3)', 'print(len(f(4)))', 'for a, b in [f(5)]:\n    print(a)']) {
      assert.ok(errors(`${returning}${use}\n`).includes(2), use);
    }
    assert.deepEqual(errors(`${returning}print(q, r)\n`), []);
    assert.ok(errors('def f(a: int):\n    x = 1\n    yield a, x\n').includes(3));
  });
});
