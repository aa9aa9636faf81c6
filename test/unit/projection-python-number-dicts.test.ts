// Python dicts made empty without a hint and keyed by numbers, as two-sum, memoised recursion and
// counting by buckets write them: imported as maps keyed by numbers (the empty literal alone read
// as an object whose index must be a text, and the .wst failed its own check), generated into
// JavaScript, TypeScript (tsc --strict) and Python and run, each printing what the source prints.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { printDocument } from '../../server/src/core/editing';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python dicts keyed by numbers without a hint', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-number-dicts');
  });
  after(() => scratch.dispose());

  it('two-sum, a memo at the top level read by a function, buckets counted by a key computed, and d.get of a key computed', () => {
    scratch.keepsItsMeaning(
      [
        'def two_sum(nums, target):',
        '    index = {}',
        '    for i, n in enumerate(nums):',
        '        if target - n in index:',
        '            return [index[target - n], i]',
        '        index[n] = i',
        '    return []',
        '',
        '',
        'memo = {}',
        '',
        '',
        'def ways(n):',
        '    if n <= 1:',
        '        return 1',
        '    if n in memo:',
        '        return memo[n]',
        '    memo[n] = ways(n - 1) + ways(n - 2)',
        '    return memo[n]',
        '',
        '',
        'def spread(values: list[int]) -> int:',
        '    seen = {}',
        '    for v in values:',
        '        seen[v // 10] = seen.get(v // 10, 0) + 1',
        '        seen[v % 7 - 3] = seen.get((v % 7) - 3, 0) + v',
        '    return len(seen) * 100 + seen.get(1, -1)',
        '',
        '',
        'def bucket_sizes(values: list[int]) -> list[int]:',
        '    buckets = {}',
        '    for v in values:',
        '        key = v // 10',
        '        if key in buckets:',
        '            buckets[key] += 1',
        '        else:',
        '            buckets[key] = 1',
        '    return [buckets[k] for k in sorted(buckets.keys())]',
        '',
        '',
        'print(two_sum([2, 7, 11, 15], 9), two_sum([3, 3], 6), two_sum([1, 2], 7))',
        'print(ways(30), len(memo))',
        'print(bucket_sizes([3, 14, 15, 27, -1, 29, 21, 8, 99]))',
        'print(spread([3, 14, 15, 27, -1, 29, 21, 8, 99]), spread([]))',
        '',
      ].join('\n'),
      'python',
      /const index: map<number, number> = \{\};[^]*const memo: map<number, [a-z]+> = \{\};[^]*const buckets: map<[a-z]+, number> = \{\};/,
    );
  });

  it('a dict keyed by texts, or passed on, keeps its declaration', () => {
    const printed = (source: string): string => printDocument(importSource(source, 'python').ast);
    assert.match(printed('def f(words: list[str]) -> int:\n    seen = {}\n    for w in words:\n        seen[w] = 1\n    return len(seen)\n\n\nprint(f(["a", "b", "a"]))\n'), /const seen = \{\};/);
    assert.match(printed('def g(d):\n    return d\n\n\ndef f() -> int:\n    seen = {}\n    seen[1] = 2\n    g(seen)\n    return 1\n\n\nprint(f())\n'), /const seen = \{\};/);
  });
});
