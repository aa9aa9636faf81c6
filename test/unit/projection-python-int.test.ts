// Python's int of a text, as digit sums and base conversions use it: imported as the built-in
// pyInt, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run, each
// printing what the source prints (blanks, signs, underscores, -0, prefixes in their base, letters
// in either case); and where Python raises ValueError, or a number would pass 2^53, every target
// stops instead of printing another number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's int of a text", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-int');
  });
  after(() => scratch.dispose());

  it('int(s) and int(s, base) read texts as Python does, in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def digit_sum(n: int) -> int:',
        '    total = 0',
        '    for c in str(abs(n)):',
        '        total += int(c)',
        '    return total',
        '',
        '',
        'def from_hex(text: str) -> int:',
        '    return int(text, 16)',
        '',
        '',
        'def from_binary(bits: str) -> int:',
        '    return int(bits, 2)',
        '',
        '',
        'readings = [" 42 ", "-17", "+8", "1_000", "0", "-0", "007", "\\t99\\n", "9007199254740991"]',
        'for r in readings:',
        '    print(int(r), int(r) - 1)',
        'print(digit_sum(90817), digit_sum(-4005))',
        'for h in ["ff", "0xFF", "-0x_1f", "7fffffff", "0", "-A", " 0X10 "]:',
        '    print(from_hex(h))',
        'for b in ["101", "0b111", "-1_0", "0B0"]:',
        '    print(from_binary(b))',
        'print(int("zz", 36), int("777", 8), int("0o17", 8), int("0b1", 16))',
        '',
      ].join('\n'),
      'python',
      /total \+= pyInt\(c\);[^]*return pyInt\(text, 16\);[^]*return pyInt\(bits, 2\);[^]*print\(pyInt\(r\), pyInt\(r\) - 1\)/,
    );
  });

  it('a text Python refuses, one outside ASCII and a number from 2^53 stop the program in every target', () => {
    for (const [text, base] of [['12a', 10], ['1__0', 10], ['_1', 10], ['0x', 16], ['0x10', 10], ['2', 2], ['\u0663', 10], ['\u001c5', 10], ['9007199254740992', 10], ['-20000000000000', 16]] as const) {
      const source = `let texts = [${JSON.stringify(text)}];\nfor t in texts {\n  print("read", pyInt(t, ${base}));\n}\n`;
      const document = WhetstoneDocument.create(source, 1);
      try {
        for (const target of ['javascript', 'typescript', 'python'] as const) {
          const generated = generate(document.ast, target);
          const ran = scratch.runProgram(generated.code, target);
          assert.notEqual(ran.status, 0, `${target} of ${JSON.stringify(text)} in base ${base} printed ${ran.stdout}`);
          assert.equal(ran.stdout, '', target);
        }
      } finally {
        document.dispose();
      }
    }
  });

  it('int of a value of no known type, a base not written out and a literal Python refuses are errors at import', () => {
    const errors = (source: string): string[] => importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line} ${d.message}`);
    assert.ok(errors('def f(x):\n    return int(x)\n\n\nprint(f(2.5), f("7"))\n').some((message) => message.startsWith('2 ') && message.includes('does not say which')));
    assert.ok(errors('def f(s: str, b: int) -> int:\n    return int(s, b)\n\n\nprint(f("7", 8))\n').some((message) => message.startsWith('2 ') && message.includes('base')));
    // Python does not strip U+001C before a number, though str.isspace counts it.
    assert.ok(errors('print(int("\\x1c5"))\n').some((message) => message.includes('ValueError')));
  });
});
