// A Python float shown through a name, a call, a parameter or a list: Whetstone's numbers have no
// int/float distinction, so a whole float shows as 2 where Python shows 2.0. Wherever a shown
// value may be such a float, the import is an error on its line; ints through names, calls and
// parameters, and floats that show the same (2.5), print the same in every target.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

/** Spends the step budget of the import's run of the program, so only the values are followed. */
const NO_RUN = 'spin = 0\nwhile spin < 300000:\n    spin += 1\n';

/** The lines marked `# float` (each a value Python shows as a float). */
const marked = (source: string): number[] => source.split('\n').flatMap((line, index) => (line.includes('# float') ? [index + 1] : []));

/** The lines with an error at import (each must be a float shown), once each. */
const floatLines = (source: string): number[] => [
  ...new Set(
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
      .map((d) => {
        assert.match(d.message, /may be a float, which Python shows with its decimal point/, d.message);
        return d.line;
      }),
  ),
];

describe('Python floats shown through names, calls, parameters and lists', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-floats');
  });
  after(() => scratch.dispose());

  const pythonPrints = (source: string): string => scratch.prints(source, 'python');

  it('a float through a function call is an error on its line; one that shows the same (3.5) is not', () => {
    const source = 'def half(x):\n    return x / 2\ndef mean(a, b):\n    total = a + b\n    return total / 2\navg = mean(3, 4.0)\nprint(half(4))  # float\nprint(mean(3, 5))  # float\nprint(avg)\n';
    assert.equal(pythonPrints(source), '2.0\n4.0\n3.5\n');
    assert.deepEqual(floatLines(source), marked(source));
  });

  it('names (=, +=, *=, /=), loop variables, tuple unpacking and conditional expressions carry a float', () => {
    const source = [
      'count = 4',
      'count /= 2',
      'print(count)  # float',
      'def scale(n):',
      '    total = n',
      '    total *= 2.0',
      '    return total',
      'print(scale(3))  # float',
      'step = 1',
      'step += 0.5',
      'step += 0.5',
      'print(step)  # float',
      'for w in [1, 2.0, 3]:',
      '    print(w)  # float',
      'first, second = 1.0, 2',
      'print(second)',
      'print(first)  # float',
      'pair = [6, 2]',
      'a, b = pair',
      'print(a, b)',
      'pick = 3 if count > 5 else 1.0',
      'print(pick)  # float',
      'print(f"{step}!")  # float',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), '2.0\n6.0\n2.0\n1\n2.0\n3\n2\n1.0\n6 2\n1.0\n2.0!\n');
    assert.deepEqual(floatLines(source), marked(source));
    // Followed without running the program, the same values are reported.
    assert.deepEqual(floatLines(NO_RUN + source), marked(NO_RUN + source));
  });

  it('parameters: from every call, or unknown for a function never called or used as a value (unless typed int)', () => {
    const source = [
      'def show(v):',
      '    print(v)  # float',
      'show(2)',
      'show(1.5 + 0.5)',
      'def never(v):',
      '    print(v)  # float',
      'def typed(v: int, w: list[int]):',
      '    print(v, w)',
      'def hinted(v: float):',
      '    print(v)  # float',
      'def passed(v):',
      '    return v * 2',
      'def apply(fn, v):',
      '    return fn(v)',
      'print(apply(passed, 3))  # float',
      'def ints(n):',
      '    print(n)',
      'ints(3)',
      'ints(len("ab"))',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), '2\n2.0\n6\n3\n2\n');
    // apply(passed, 3) prints 6, an int; the call through a value cannot be followed, and the run
    // that would see it is not there when the program is too long to run at import.
    assert.deepEqual(
      floatLines(NO_RUN + source),
      marked(NO_RUN + source),
    );
    // Run at import, the program shows a float through show (2.0), and its reported lines are what
    // it ran (apply(passed, 3) is 6) and what it never ran (never, hinted).
    assert.deepEqual(
      floatLines(source),
      marked(source).filter((line) => line !== 15),
    );
  });

  it('list elements: a literal, an append, an insert, a comprehension, [x] * n; read by index, loops, min, max, sorted; shown whole', () => {
    const source = [
      'scores = [3, 1]',
      'scores.append(2.0)',
      'print(scores[2])  # float',
      'print(max(scores), min(scores))  # float',
      'print(sorted(scores))  # float',
      'grid = [0] * 2',
      'grid.insert(0, 4 / 2)',
      'print(grid)  # float',
      'halves = [n / 2 for n in [2, 4]]',
      'for h in halves:',
      '    print(h)  # float',
      'zeros = [0.0] * 3',
      'print(zeros[1])  # float',
      'ints = [n * 2 for n in [1, 2]]',
      'print(ints[0], max(ints), len(halves))',
      'def fill(out):',
      '    out.append(1.0)',
      'shared = []',
      'fill(shared)',
      'print(shared)  # float',
      'box = []',
      'def get():',
      '    return box',
      'alias = get()',
      'alias.append(3.0)',
      'print(box)  # float',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), '2.0\n3 1\n[1, 2.0, 3]\n[2.0, 0, 0]\n1.0\n2.0\n0.0\n2 4 2\n[1.0]\n[3.0]\n');
    assert.deepEqual(floatLines(NO_RUN + source), marked(NO_RUN + source));
    // Run at import, max and min of the list are seen to be ints (3 1).
    assert.deepEqual(
      floatLines(source),
      marked(source).filter((line) => line !== 4),
    );
  });

  it('**, abs, min, max, round(x, n) and math.sqrt of what may be floats; a negative or unknown exponent', () => {
    const source = [
      'import math',
      'half = 0.5',
      'n = 2',
      'print(2 ** -1, 2 ** n)  # float',
      'print(3 ** 2, abs(-4), round(7, 1))',
      'print(abs(-half * 4))  # float',
      'print(round(half * 4, 1))  # float',
      'print(max(1, 2.0))  # float',
      'root = math.sqrt(16)',
      'print(root)  # float',
      'print(math.floor(root), 9 // 2, 7 % 3)',
      'print(math.fabs(-3))  # float',
      'print(9.0 // 2)  # float',
      'print(math.floor(root) // 2.0)  # float',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), '0.5 4\n9 4 7\n2.0\n2.0\n2.0\n4.0\n4 4 1\n3.0\n4.0\n2.0\n');
    assert.deepEqual(floatLines(NO_RUN + source), marked(NO_RUN + source));
    // Run at import: 2 ** -1 is 0.5 and 2 ** n is 4, which show the same.
    assert.deepEqual(
      floatLines(source),
      marked(source).filter((line) => line !== 4),
    );
  });

  it('median of an odd-length list is an int: run at import, the program shows no float there', () => {
    const source =
      'def median(values: list[float]) -> float:\n    ordered = sorted(values)\n    middle = len(ordered) // 2\n    if len(ordered) % 2 == 1:\n        return ordered[middle]\n    return (ordered[middle - 1] + ordered[middle]) / 2\n\n\nprint(median([3, 1, 2]), median([7, 7, 1, 9, 4]))\nprint(median([1, 4, 2, 3]))\n';
    assert.equal(pythonPrints(source), '2 7\n2.5\n');
    assert.deepEqual(floatLines(source), []);
    scratch.keepsItsMeaning(source, 'python', /return \(ordered\[middle - 1\] \+ ordered\[middle\]\) \/ 2;/);
    // The same function given an even list whose middle pair sums to an even number shows 2.0.
    const even = source.replace('print(median([1, 4, 2, 3]))', 'print(median([1, 3]))  # float');
    assert.equal(pythonPrints(even), '2 7\n2.0\n');
    assert.deepEqual(floatLines(even), marked(even));
  });

  it('run at import, a raise caught by try/except is followed: the value it leaves is an int', () => {
    const source = [
      'def half_length(text):',
      '    if text == "":',
      '        raise ValueError("empty")',
      '    return len(text) / 2',
      'try:',
      '    value = half_length("")',
      'except ValueError as e:',
      '    print("error:", e)',
      '    value = 0',
      'print(value)',
      'print(half_length("abcd"))  # float',
      '',
    ].join('\n');
    assert.equal(pythonPrints(source), 'error: empty\n0\n2.0\n');
    assert.deepEqual(floatLines(source), marked(source));
    assert.deepEqual(floatLines(NO_RUN + source), [...new Set([NO_RUN.split('\n').length + 9, ...marked(NO_RUN + source)])].sort((a, b) => a - b));
  });

  it('a program that never ends, recurses without end or holds a 200,000-item list is followed without its run', () => {
    const endless = 'x = 1\nwhile True:\n    x += 1\nprint(x)\nprint(x / 2)  # float\n';
    assert.deepEqual(floatLines(endless), marked(endless));
    const deep = 'def down(n):\n    return down(n + 1) / 2\nprint(down(0))  # float\n';
    assert.deepEqual(floatLines(deep), marked(deep));
    const items = Array.from({ length: 200_000 }, (_, index) => index).join(', ');
    const long = `xs = [${items}]\ntotal = 0\nfor x in xs:\n    total += x\nprint(total, xs[3])\nprint(total / 2)  # float\n`;
    assert.deepEqual(floatLines(long), marked(long));
  });

  it('ints through names, calls, parameters and lists print the same in every target', () => {
    const source = [
      'def double(n: int) -> int:',
      '    return n * 2',
      '',
      '',
      'def area(w, h):',
      '    result = w * h',
      '    return result',
      '',
      '',
      'values = [3, 1, 2]',
      'best = max(values[0], values[2])',
      'size = len(values)',
      'half = size // 2',
      'total = 0',
      'for v in sorted(values):',
      '    total += v',
      '    print(v, double(v), area(v, half))',
      'print(best, total, abs(-best), 2 ** 3, -best, min(best, 1), int(7 / 2), area(best, 2) % 5)',
      'squares: list[int] = []',
      'for v in values:',
      '    squares.append(v * v)',
      'print(values, squares)',
      '',
    ].join('\n');
    scratch.keepsItsMeaning(source, 'python', /const result = w \* h;/);
    // Followed without running it, too.
    scratch.keepsItsMeaning(NO_RUN + source, 'python', /const result = w \* h;/, true);
  });

  it('a float that shows the same in both (2.5, 0.25) prints the same in every target', () => {
    scratch.keepsItsMeaning('def share(total, count):\n    return total / count\n\n\nprice = 2.5\nprint(share(5, 2), price, [price, 0.25], share(1, 4))\n', 'python', /return total \/ count;/);
  });
});
