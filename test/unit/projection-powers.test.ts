// A power that is not a whole number within 2^53 may be rounded, and Node's Math.pow (V8's own)
// and Python's pow (the C library's) round about one such power in ten differently in the last
// digit (pow(1.05, 10): 1.6288946267774422 in Node, 1.628894626777442 in Python). Projecting into
// Python reports such a power; a whole-number power within 2^53 is the same in both and is not.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { generate } from '../../server/src/projection/generate';
import { prepareProjection, Scratch } from '../helpers/projection';

/** The diagnostics of projecting `source` into `target`, as `line: message`. */
function reports(source: string, target: 'python' | 'javascript' | 'typescript'): string[] {
  const document = WhetstoneDocument.create(source, 1);
  try {
    return generate(document.ast, target).diagnostics.map((d) => `${d.line}: ${d.message}`);
  } finally {
    document.dispose();
  }
}

describe('powers Node and Python may round otherwise', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('powers');
  });
  after(() => scratch.dispose());

  it('Node and Python do round such a power otherwise (the reason for the report)', () => {
    const node = execFileSync(process.execPath, ['-e', 'console.log(String(Math.pow(1.05, 10)))'], { encoding: 'utf8' });
    const python = execFileSync('python3', ['-c', 'import math; print(repr(math.pow(1.05, 10)))'], { encoding: 'utf8' });
    assert.notEqual(node.trim(), python.trim());
  });

  it('projecting into Python reports a power that may be rounded, and not a whole-number power within 2^53', () => {
    const source = [
      'fn grow(rate: number, years: number): number {',
      '  return pow(1 + rate, years);',
      '}',
      'let half = 2 ** -1;',
      'print(grow(0.05, 10), half, pow(2, 10), 3 ** 4);',
      'for i in range(5) {',
      '  print(2 ** i, pow(10, i));',
      '}',
      '',
    ].join('\n');
    const python = reports(source, 'python');
    assert.equal(python.length, 2, python.join('\n'));
    assert.match(python[0], /^2: .*a power that may not be a whole number below 2\^53/);
    assert.match(python[1], /^4: .*a power that may not be a whole number below 2\^53/);
    // The JavaScript and TypeScript targets compute Math.pow as Whetstone does: nothing to report.
    assert.deepEqual(reports(source, 'javascript'), []);
    assert.deepEqual(reports(source, 'typescript'), []);
    // The whole-number powers print the same in every target, unreported.
    const whole = 'for i in range(5) {\n  print(2 ** i, pow(10, i), pow(3, 4));\n}\n';
    assert.deepEqual(reports(whole, 'python'), []);
    scratch.printsInEveryTarget(whole, '1 1 81\n2 10 81\n4 100 81\n8 1000 81\n16 10000 81\n');
  });
});
