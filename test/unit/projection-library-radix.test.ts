// Numbers written and read in other bases as published conversions do: Python's bin, oct and hex,
// JavaScript's n.toString(radix) and parseInt(s, radix), each imported, checked, generated into
// JavaScript, TypeScript (tsc --strict) and Python and run: each prints what the source prints
// (0, negative numbers, 2^53 - 1, texts with blanks, signs, 0x and digits the base lacks), or the
// import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: numbers in other bases', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-radix');
  });
  after(() => scratch.dispose());

  it("Python's bin, oct and hex write the sign, then 0b, 0o or 0x, in every target", () => {
    scratch.keepsItsMeaning(
      'def to_binary(n: int) -> str:\n    return bin(n)[2:] if n >= 0 else "-" + bin(n)[3:]\n\n\n' +
        'for n in [0, 1, 5, -5, 255, -256, 1024, 9007199254740991, -9007199254740991]:\n    print(bin(n), oct(n), hex(n), to_binary(n))\n' +
        'print(bin(37)[2:].zfill(8), hex(48879).upper(), len(bin(1000)) - 2)\n',
      'python',
      /radixText\(n, 2, "0b"\)[^]*radixText\(n, 8, "0o"\), radixText\(n, 16, "0x"\)/,
    );
  });

  for (const language of ['javascript', 'typescript'] as const) {
    it(`${language}: n.toString(radix) and parseInt(s, radix) keep their meaning in every target`, () => {
      const typed = (text: string, type: string): string => (language === 'typescript' ? `${text}: ${type}` : text);
      scratch.keepsItsMeaning(
        `function fromBinary(${typed('bits', 'string')})${language === 'typescript' ? ': number' : ''} {\n  return parseInt(bits, 2);\n}\n` +
          `const samples${language === 'typescript' ? ': string[]' : ''} = ["101", "-101", "0", "  11x", "2", "", "z", "1111111111111111111111111111111111111111111111111111111"];\n` +
          'for (const s of samples) {\n  console.log(fromBinary(s), parseInt(s, 16), parseInt(s, 4));\n}\n' +
          'for (const s of ["-101", "  77", "zz", "0x7"]) {\n  console.log(parseInt(s, 8), parseInt(s, 36));\n}\n' +
          'console.log(parseInt("0x1F", 16), parseInt("-0xff", 16), parseInt("0x7", 8));\n' +
          `const nums${language === 'typescript' ? ': number[]' : ''} = [0, 1, 37, -37, 255, 2 ** 53 - 1, -(2 ** 40)];\n` +
          'for (const n of nums) {\n  console.log(n.toString(2), n.toString(16), n.toString(36), parseInt(n.toString(2), 2) === n);\n}\n',
        language,
        /return parseInteger\(bits, 2\);[^]*parseInteger\(s, 16\)[^]*radixText\(n, 2\), radixText\(n, 16\)/,
      );
    });
  }

  it('bin of a float, which Python refuses, is an error at import', () => {
    const errors = importSource('x = 4 / 2\nprint(bin(x))\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.ok(errors.some((d) => d.line === 2 && d.message.includes('Python raises an error here')), errors.map((d) => d.message).join('\n'));
    const unreached = importSource('def f(x):\n    return hex(x)\n\n\nprint(1)\n', 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.ok(unreached.some((d) => d.message.includes('bin, oct or hex of a number')), unreached.map((d) => d.message).join('\n'));
  });

  it('a function of the file named hex is called, not the built-in', () => {
    scratch.keepsItsMeaning('def hex(n: int) -> str:\n    return "h" + str(n)\n\n\nprint(hex(255), oct(8))\n', 'python', /print\(hex\(255\), radixText\(8, 8, "0o"\)\)/);
  });
});
