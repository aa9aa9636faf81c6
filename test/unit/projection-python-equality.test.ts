// Python's == and != compare lists, dicts and records by value, where Whetstone's compare them by
// identity: `if merge(a, b) == [1, 2]:` was imported as an identity test that is never true, and
// every target printed the other branch without a word. Such a comparison is imported as
// pyEquals, which is Python's == in every target; between numbers and texts it stays ==.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python ==, != and + of lists, dicts and records', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-equality');
  });
  after(() => scratch.dispose());

  it('compares lists, dicts and values of no known type as Python does, in every target', () => {
    const source = [
      'def merge(a: list[int], b: list[int]) -> list[int]:',
      '    out = []',
      '    i = j = 0',
      '    while i < len(a) and j < len(b):',
      '        if a[i] <= b[j]:',
      '            out.append(a[i])',
      '            i += 1',
      '        else:',
      '            out.append(b[j])',
      '            j += 1',
      '    out.extend(a[i:])',
      '    out.extend(b[j:])',
      '    return out',
      '',
      '',
      'def same(x, y):',
      '    return x == y',
      '',
      '',
      'expected = [1, 2, 3, 4]',
      'print(merge([1, 3], [2, 4]) == expected, merge([], []) != [])',
      // Keys in another order, 2 == 2.0, True == 1, nested lists; NaN equals nothing.
      'print({"a": 1, "b": [2]} == {"b": [2], "a": 1}, [1, 2] == [1, 2.5], [True] == [1], [[1, [2]]] == [[1, [2]]], [-0.0] == [0])',
      'print(same([0, 1], [0, 1]), same("a", "a"), same(1, 1.0), same([1], [2]), same({"k": [1]}, {"k": [1]}), same(None, None), same([], None))',
      'if merge([2], [1]) == [1, 2]:',
      '    print("sorted")',
      'else:',
      '    print("not sorted")',
      '',
    ].join('\n');
    assert.equal(scratch.prints(source, 'python'), 'True False\nTrue False True True True\nTrue True True False True True False\nsorted\n');
    scratch.keepsItsMeaning(source, 'python', /if pyEquals\(merge\(\[2\], \[1\]\), \[1, 2\]\) \{/);
  });

  it('a + b of two lists is a new list of both (concat) in every target, a + b + c included', () => {
    const source = [
      'def merge(a: list[int], b: list[int]) -> list[int]:',
      '    out = []',
      '    i = j = 0',
      '    while i < len(a) and j < len(b):',
      '        if a[i] <= b[j]:',
      '            out.append(a[i])',
      '            i += 1',
      '        else:',
      '            out.append(b[j])',
      '            j += 1',
      '    return out + a[i:] + b[j:]',
      '',
      '',
      'def quicksort(xs: list[int]) -> list[int]:',
      '    if len(xs) <= 1:',
      '        return xs',
      '    pivot = xs[0]',
      '    return quicksort([x for x in xs[1:] if x < pivot]) + [pivot] + quicksort([x for x in xs[1:] if x >= pivot])',
      '',
      '',
      'base = [[1], [2]]',
      'grown = base + [[3]]',
      'grown[0].append(9)',
      'print(merge([1, 4, 9], [2, 3]), merge([], [5]), quicksort([3, 1, 4, 1, 5, 9, 2, 6, -1]))',
      'print(grown, base, [0] + [] == [0], "a" + "b", 1 + 2)',
      '',
    ].join('\n');
    assert.equal(scratch.prints(source, 'python'), '[1, 2, 3, 4, 9] [5] [-1, 1, 1, 2, 3, 4, 5, 6, 9]\n[[1, 9], [2], [3]] [[1, 9], [2]] True ab 3\n');
    scratch.keepsItsMeaning(source, 'python', /return concat\(concat\(out, slice\(a, i\)\), slice\(b, j\)\);/);
  });

  it('keeps == between numbers, texts and bools, and `is` as identity', () => {
    const imported = importSource('def f(n: int, s: str, xs: list[int]) -> bool:\n    return n == 2 and s != "a" and xs is not None and len(xs) == n\n', 'python');
    const printed = printDocument(imported.ast);
    assert.match(printed, /return n == 2 && s != "a" && xs != null && len\(xs\) == n;/);
    assert.doesNotMatch(printed, /pyEquals/);
  });
});
