// Python's format specifications of numbers and texts, in f-strings, str.format and % formats: `.2f` and
// `.1%` (Python rounds the exact value, a half to even, where JavaScript's toFixed takes it up; it
// writes -0.00, nan, inf and every digit of 1e22), with a width, a fill or 0s, and a width with an
// alignment for a text or a number. Each program is imported, checked, generated into JavaScript,
// TypeScript (tsc --strict) and Python and run: each prints what the source prints; what Python
// shows by its own types (a bool formatted as 1, `d` of a float, `,`, `!r`, `{x=}`) is an error
// at import naming the construct and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python format specifications', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('format-specs');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('.2f, .0f and .1% round as Python does (halves to even, -0.00, nan, inf, 1e22 in full), with widths, fills and 0s, in every target', () => {
    scratch.keepsItsMeaning(
      'def average(xs: list[float]) -> float:\n    total = 0.0\n    for x in xs:\n        total += x\n    return total / len(xs)\n\n\n' +
        'values = [0.125, 0.375, 2.5, 3.5, -0.5, -2.5, -0.0, 1.005, 2.675, 1e22, -1e22, 123456.789, 1e-9, -1e-9, 0.045]\n' +
        'for v in values:\n    print(f"{v:.2f} {v:.0f} {v:.1f} [{v:09.3f}] [{v:*>10.1f}] [{v:<8.2f}] {v:.1%}")\n' +
        'print(f"{float(\'nan\'):.2f} {float(\'inf\'):08.1f} {float(\'-inf\'):.0f} {7:.3f} {-3:06.2f}")\n' +
        'print(f"mean {average([1.0, 2.0, 3.5, -4.25]):.3f}, ratio {3 / 8:.1%}, {average([0.1, 0.2]):.20f}")\n',
      'python',
      /formatFixed\(v, 2\)[^]*zeroFill\(formatFixed\(v, 3\), 9\)[^]*padStart\(formatFixed\(v, 1\), 10, "\*"\)[^]*padEnd\(formatFixed\(v, 2\), 8\)[^]*formatFixed\(v \* 100, 1\) \+ "%"/,
    );
  });

  it('a width with < or > pads a text or a number, s a text, and str.format fills {} and {0} fields in order, in every target', () => {
    scratch.keepsItsMeaning(
      'def fib(n: int) -> int:\n    a = 0\n    b = 1\n    for _ in range(n):\n        c = a + b\n        a = b\n        b = c\n    return a\n\n\n' +
        'print(f"{\'n\':>3} | {\'fib\':<6}|")\nfor i in range(0, 12, 3):\n    print(f"{i:>3} | {fib(i):<6}| {fib(i) / 7:8.4f} |{-i:_>4}|")\n' +
        'for name in ["ant", "", "caterpillar", "été"]:\n    print(f"[{name:<6}] [{name:>6}] [{name:.<8s}] [{name:6s}] [{name:5}] [{len(name):4}]")\n' +
        'print("{:>4}|{:<4}|{:08.3f}|{}|{:3}|{:3}|".format(7, "ab", -3.14159, "end", -1, "z"))\nprint("{0:.2f} of {1} {{braces}}".format(2 / 3, "x"))\nprint("plain {}".format("text"), "".format())\n',
      'python',
      /padStart\(str\(i\), 3\)[^]*padEnd\(str\(fib\(i\)\), 6\)[^]*padEnd\(str\(name\), 8, "\."\)[^]*padEnd\(str\(name\), 5\) \+ "\] \[" \+ padStart\(str\(len\(name\)\), 4\)[^]*zeroFill\(formatFixed\(-3\.14159, 3\), 8\)[^]*padStart\(str\(-1\), 3\)[^]*padEnd\(str\("z"\), 3\)/,
    );
  });

  it('formatFixed of digits that are not a literal gives the same digits in every target, and stops the program for digits outside 0 to 100', () => {
    scratch.printsInEveryTarget(
      'for d in range(4) {\n  print(formatFixed(0.125, d), formatFixed(-0.0, d), formatFixed(2.5, d), formatFixed(1e21, d));\n}\nprint(formatFixed(-1.5, 0), formatFixed(0.5, 0));\n',
      '0 -0 2 1000000000000000000000\n0.1 -0.0 2.5 1000000000000000000000.0\n0.12 -0.00 2.50 1000000000000000000000.00\n0.125 -0.000 2.500 1000000000000000000000.000\n-2 0\n',
    );
    const doc = WhetstoneDocument.create('let d = 101;\nprint(formatFixed(1, d));\n', 1);
    try {
      for (const target of ['javascript', 'typescript', 'python'] as const) {
        const ran = scratch.runProgram(generate(doc.ast, target).code, target);
        assert.notEqual(ran.status, 0, target);
        assert.match(ran.stderr, /formatFixed digits must be a whole number from 0 to 100/, target);
      }
    } finally {
      doc.dispose();
    }
  });

  it('a % format of %s and %.2f (with widths, -, 0 and %%) of a tuple written out or of one text or number keeps its meaning in every target', () => {
    scratch.keepsItsMeaning(
      'def area(r: float) -> float:\n    return 3.14159 * r * r\n\n\n' +
        'x = 2.345\nn = 7\nname = "ab"\nprint("%.2f" % x)\nprint("%s items, %s" % (n, "ok"))\nprint("hi %s" % name)\n' +
        'print("[%8.3f] [%-8.2f] [%08.2f] [%5s] [%-5s] 100%%" % (area(2.0), -x, -x, name, n))\n' +
        'flag = n > 3\nprint("flag %s, ratio %.1f%%" % (flag, 100 * n / 9))\nprint("%.0f %.0f %.0f %.2f %.1f" % (0.5, 1.5, 2.5, 0.125, -0.0))\n',
      'python',
      /print\(formatFixed\(x, 2\)\)[^]*padStart\(formatFixed\(area\(2\.0\), 3\), 8\)[^]*padEnd\(formatFixed\(-x, 2\), 8\)[^]*zeroFill\(formatFixed\(-x, 2\), 8\)[^]*"] 100%"\)[^]*formatFixed\(100 \* n \/ 9, 1\) \+ "%"/,
    );
  });

  it('d of a whole number, with a width, < or >, a fill and 0s, is str padded in every target; of a bool, a text or a float it is an error', () => {
    scratch.keepsItsMeaning(
      [
        'def row(name: str, count: int, total: int) -> str:',
        '    return f"{name:<8}|{count:5d}|{count:<6d}|{count:05d}|{count:*>7d}|{count:d}|" + "{:>4d} of {:<3d}!".format(count, total)',
        '',
        '',
        'names = ["apple", "é", "pear", "", "big"]',
        'counts = [7, -42, 12345, 0, 9007199254740991]',
        'for i in range(len(names)):',
        '    print(row(names[i], counts[i], len(names[i])))',
      ].join('\n') + '\n',
      'python',
      /padStart\(str\(count\), 5\)[^]*zeroFill\(str\(count\), 5\)/,
    );
    const errors = importErrors('flag = True\nprint(f"{flag:5d}")\nx = 7 / 2\nprint(f"{x:d}")\nprint("{:3d}".format("ab"))\n');
    assert.equal(errors.length, 3, errors.join('\n'));
    assert.match(errors[0], /^2: .*Python's d formats only an int/);
    assert.match(errors[1], /^4: .*may be a float, for which Python's d raises/);
    assert.match(errors[2], /^5: .*Python's d formats only an int/);
  });

  it('specifications that show a value by its Python type, and str.format fields out of order, are errors at import naming them', () => {
    const errors = importErrors(
      'flag = True\nprint(f"{flag:>5}")\n\n\ndef same(x):\n    return x\n\n\nprint(f"{same(3):>5}", f"{3:5s}")\n' +
        'print(f"{flag:.2f}", f"{\'x\':.1f}")\nn = 1234567\nprint(f"{n:,}")\nprint(f"{n:5x}")\nprint(f"{[n]:5}")\nprint(f"{n!r}")\nprint(f"{n=}")\nprint(f"{n:^9}")\nprint(f"{n:.3e}")\n' +
        'print("{} {}".format(1))\nprint("{1} {0}".format(1, 2))\nprint("{0} {}".format(1, 2))\n' +
        'pair = (1, 2)\nprint("%s" % pair)\nprint("%d" % 3)\nprint("%r" % "a")\nprint("%(a)s" % {"a": 1})\nprint("%s %s" % (1,))\nprint("%s" % True)\n',
    );
    const expect = [
      /^2: .*a value its format specification writes here: Python formats a bool as a number/,
      /^9: .*a value its format specification writes here: .*not known to be a text or a number/,
      /^9: .*Python formats only a text with s/,
      /^10: .*writes here: Python formats a bool as a number \(True as 1\) and raises for a text, .*not known to be a number/,
      /^12: .*the format specification ","/,
      /^13: .*the format specification "5x"/,
      /^14: .*writes here: .*not known to be a text or a number/,
      /^15: .*a conversion \(!r, !s\)/,
      /^16: .*an f-string with = /,
      /^17: .*the format specification "\^9"/,
      /^18: .*the format specification "\.3e"/,
      /^19: .*str\.format with 1 arguments for 2 fields/,
      /^20: .*a str\.format field other than \{\} or \{0\}, \{1\}, … in order/,
      /^21: .*a str\.format field other than/,
      /^23: .*a value after % that is not a tuple written out may be a tuple/,
      /^24: .*the % format conversion "%d"/,
      /^25: .*the % format conversion "%r"/,
      /^26: .*the % format conversion "%\("/,
      /^27: .*a % format with 1 values for more conversions/,
      /^28: .*a value after % that is not a tuple written out/,
    ];
    for (const pattern of expect) assert.ok(errors.some((error) => pattern.test(error)), `${pattern} in\n${errors.join('\n')}`);
  });
});
