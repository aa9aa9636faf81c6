// Python's `text * n` (by the checker's types), as pattern printers and report banners use it: imported as repeatText, with
// a count below zero giving "" as in Python; every target prints what the source prints. Where the
// count may be a float (Python raises TypeError for "-" * 2.0, where Whetstone cannot tell 2.0 from
// 2), the run at import stops at it and that is an error at import.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's text repeated by a count", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-text-repeat');
  });
  after(() => scratch.dispose());

  it('a pyramid, a banner under its title, texts held in names and counts of zero or below print the same in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def pyramid(n: int) -> None:',
        '    for i in range(1, n + 1):',
        '        print(" " * (n - i) + "*" * (2 * i - 1))',
        '',
        '',
        'def banner(title):',
        '    line = "=" * len(title)',
        '    return line + "\\n" + title + "\\n" + line',
        '',
        '',
        'def row(ch: str, n: int) -> str:',
        '    return ch * n',
        '',
        '',
        'pyramid(4)',
        'print(row("ab", 3), row("x", -1) + "|")',
        'sep = "=-"',
        'print(sep * 4, 2 * sep)',
        'print(banner("Quarterly report"))',
        'print("-" * 10, 3 * "ab", "x" * -2 + "|", "yz" * 0, "😀" * 2)',
        'for depth in range(-1, 3):',
        '    print("[" + "." * depth + "]")',
        '',
      ].join('\n'),
      'python',
      /repeatText\(" ", max\(n - i, 0\)\)[\s\S]*repeatText\("=", len\(title\)\)/,
    );
  });

  it('a count that is a float is an error at import, naming the repetition', () => {
    const source = 'half = 10 / 2\nprint("-" * half)\n';
    const errors = importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1, errors.map((d) => d.message).join('\n'));
    assert.equal(errors[0].line, 2);
    assert.match(errors[0].message, /a text repeated by a count that may be a float/);
  });
});
