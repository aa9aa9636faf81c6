// Python's round(x) takes a half to the even whole number (round(2.5) is 2), where Whetstone's
// round takes it away from zero: imported as the built-in roundEven, which every target runs as
// Python rounds, with -0.5 giving 0 (a Python int has no -0) and the largest double below 0.5 giving 0.
import { after, before, describe, it } from 'node:test';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's round(x)", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-round');
  });
  after(() => scratch.dispose());

  it('halves go to the even whole number in every target; an average rounded prints the same', () => {
    scratch.keepsItsMeaning(
      [
        'def average(scores: list[int]) -> int:',
        '    return round(sum(scores) / len(scores))',
        '',
        '',
        'values = [0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 7.49999, -3.5, 0.49999999999999994]',
        'print([round(v) for v in values])',
        'print(round(4503599627370495.5), round(-4503599627370494.5), round(2.0))',
        'print(average([90, 85, 77]), average([1, 2]), average([3, 4]), average([-1, -2]))',
        'for v in values:',
        '    print(v, round(v), round(v * 10))',
        '',
      ].join('\n'),
      'python',
      /roundEven\(sum\(scores\) \/ len\(scores\)\)/,
    );
  });
});
