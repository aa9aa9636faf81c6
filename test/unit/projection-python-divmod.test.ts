// Python's `q, r = divmod(a, b)`, as clocks and digit loops use it, with its quotient and remainder
// taking the divisor's sign; and `{n:02}`, 0s before a number, as a clock shows its minutes. Each
// program runs as Python and in every target, printing the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's divmod and 0-padded numbers", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-divmod');
  });
  after(() => scratch.dispose());

  it('a clock, the digits of a number and negative operands print the same in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def to_clock(seconds: int) -> str:',
        '    minutes, secs = divmod(seconds, 60)',
        '    hours, minutes = divmod(minutes, 60)',
        '    return f"{hours:02}:{minutes:02}:{secs:02}"',
        '',
        '',
        'def digits(n: int) -> list[int]:',
        '    out = []',
        '    while n > 0:',
        '        n, d = divmod(n, 10)',
        '        out.append(d)',
        '    return out[::-1]',
        '',
        '',
        'print(to_clock(3725), to_clock(59), to_clock(86399))',
        'print(digits(90417))',
        'q, r = divmod(-7, 3)',
        'print(q, r)',
        'a, b = -7, -2',
        'q, r = divmod(a, b)',
        'print(q, r, f"{-5:03}|{q:04}")',
        '',
      ].join('\n'),
      'python',
      /minutes, secs = floor\(seconds \/ 60\), \(seconds % 60 \+ 60\) % 60;[\s\S]*zeroFill\(str\(hours\), 2\)/,
    );
  });

  it('divmod of floats, whose quotient Python shows as 3.0, is an error where it is shown', () => {
    const errors = importSource('q, r = divmod(7.5, 2)\nprint(q, r)\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.some((d) => d.line === 2 && /may be a float/.test(d.message)), errors.map((d) => `${d.line}: ${d.message}`).join('\n'));
  });

  it('0s before a value that may be a text are an error at import (Python pads a text on its right)', () => {
    const errors = importSource('def tag(code):\n    return f"{code:05}"\n\n\nprint(tag("ab"))\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.some((d) => d.line === 2 && /Python pads a text with 0s on its right/.test(d.message)), errors.map((d) => `${d.line}: ${d.message}`).join('\n'));
  });
});
