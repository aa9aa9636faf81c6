// Importing Python functions whose parameters have no type hints: a parameter takes the type every
// call of its function in the file gives it, when they agree and each is known, and what depends
// on it (a for loop, `in`, unpacking, printing) reads it as if it had been hinted. Each program
// first spends the step budget of the import's run of the program (a checksum of 300000 numbers),
// so that the types alone decide: before, each of these was an error at import.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { printDocument } from '../../server/src/core/editing';
import { analyze } from '../../server/src/core/semantics';
import { WhetstoneDocument } from '../../server/src/core/syntax';
import { importSource } from '../../server/src/projection/import';
import { isRunGap, prepareProjection, Scratch } from '../helpers/projection';

/** Real work that outlasts the run at import: after it, only the types decide. */
const CHECKSUM = 'checksum = 0\nfor k in range(300000):\n    checksum = (checksum * 31 + k) % 1000003\nprint(checksum)\n\n';

/** The import's errors, as `line: message`, but what the run at import did not check. */
const errors = (source: string): string[] =>
  importSource(source, 'python')
    .diagnostics.filter((d) => d.severity === 'error' && !isRunGap(d.message))
    .map((d) => `${d.line}: ${d.message}`);

/** The imported program, printed as Whetstone. */
const imported = (source: string): string => printDocument(importSource(source, 'python').ast);

describe('Python parameters without type hints take the type of their calls', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-unhinted');
  });
  after(() => scratch.dispose());

  const carried = (source: string, shape: RegExp): void => scratch.keepsItsMeaning(CHECKSUM + source, 'python', shape, true);

  it('a binary search and a loop over the queries (an empty list and a float among the calls)', () => {
    const source = [
      'def binary_search(items, target):',
      '    lo, hi = 0, len(items) - 1',
      '    while lo <= hi:',
      '        mid = (lo + hi) // 2',
      '        if items[mid] == target:',
      '            return mid',
      '        if items[mid] < target:',
      '            lo = mid + 1',
      '        else:',
      '            hi = mid - 1',
      '    return -1',
      '',
      '',
      'def search_all(items, queries):',
      '    found = []',
      '    for q in queries:',
      '        found.append(binary_search(items, q))',
      '    return found',
      '',
      '',
      'print(search_all([-40, -7, 0, 3, 3, 18, 250], [0, -7, 250, 4, -41]))',
      'print(search_all([], [1]), binary_search([-1.5, 2.25], 2.25))',
      '',
    ].join('\n');
    carried(source, /fn search_all\(items: list<number>, queries: list<number>\)/);
    assert.match(imported(CHECKSUM + source), /fn binary_search\(items: list<number>, target: number\)/);
  });

  it('two sum with enumerate and a hinted dict of seen values', () => {
    const source = [
      'def two_sum(nums, target):',
      // A dict written out empty reads as a record of text fields until hinted.
      '    seen: dict[int, int] = {}',
      '    for i, n in enumerate(nums):',
      '        if target - n in seen:',
      '            return [seen[target - n], i]',
      '        seen[n] = i',
      '    return []',
      '',
      '',
      'print(two_sum([2, 7, 11, 15], 9))',
      'print(two_sum([-3, 4, 3, 90], 0))',
      'print(two_sum([1, 2], 7))',
      '',
    ].join('\n');
    assert.match(errors(CHECKSUM + source).join('\n'), /^$/);
    carried(source, /fn two_sum\(nums: list<number>, target: number\)/);
  });

  it('a matrix transpose and its trace, the matrix passed on by name', () => {
    const source = [
      'def transpose(matrix):',
      '    out = []',
      '    for c in range(len(matrix[0])):',
      '        col = []',
      '        for row in matrix:',
      '            col.append(row[c])',
      '        out.append(col)',
      '    return out',
      '',
      '',
      'def trace(matrix):',
      '    total = 0',
      '    for i, row in enumerate(matrix):',
      '        total += row[i]',
      '    return total',
      '',
      '',
      'm = [[1, -2, 3], [4, 5, -6], [7, 8, 9]]',
      'print(transpose(m))',
      'print(transpose([[-1, 2]]), trace(m), trace([[0]]))',
      '',
    ].join('\n');
    carried(source, /fn trace\(matrix: list<list<number>>\)/);
  });

  it('a word counter: the words of a split text, counted in a dict', () => {
    const source = [
      'def count_words(words):',
      '    counts = {}',
      '    for word in words:',
      '        if word in counts:',
      '            counts[word] += 1',
      '        else:',
      '            counts[word] = 1',
      '    return counts',
      '',
      '',
      'def longest(words, minimum):',
      '    best = ""',
      '    for word in words:',
      '        if len(word) >= minimum and len(word) > len(best):',
      '            best = word',
      '    return best',
      '',
      '',
      'words = "the cat and the hat and the bat".split()',
      'counts = count_words(words)',
      'print(counts["the"], counts["bat"], len(counts))',
      'print(longest(words, 3), longest(["a", "bc", "de"], 1))',
      '',
    ].join('\n');
    carried(source, /fn longest\(words: list<string>, minimum: number\)/);
  });

  it('a recursive function: its own calls agree with the first one', () => {
    const source = [
      'def permutations(rest, prefix, out):',
      '    if len(rest) == 0:',
      '        out.append(prefix)',
      '        return',
      '    for i, ch in enumerate(rest):',
      '        permutations(rest[:i] + rest[i + 1:], prefix + ch, out)',
      '',
      '',
      'found = ["-"]',
      'permutations("abc", "", found)',
      'print(" ".join(found))',
      '',
    ].join('\n');
    carried(source, /fn permutations\(rest: string, prefix: string, out: list<string>\)/);
  });

  it('list(xs) and sorted(xs) of a parameter typed from its calls: a copy of the list, the characters of a text', () => {
    const source = [
      'def bubble(xs):',
      '    a = list(xs)',
      '    for i in range(len(a)):',
      '        for j in range(len(a) - 1 - i):',
      '            if a[j] > a[j + 1]:',
      '                a[j], a[j + 1] = a[j + 1], a[j]',
      '    return a',
      '',
      '',
      'def letters(word):',
      '    return list(word) + [sorted(word)[0]]',
      '',
      '',
      'data = [5, 2, 9, 1, 5, -6]',
      'print(bubble(data), data)',
      'print(letters("pear"), letters("z"))',
      '',
    ].join('\n');
    carried(source, /fn bubble\(xs: list<number>\)[^]*const a = slice\(xs, 0\);[^]*fn letters\(word: string\)/);
  });

  it('calls that disagree (a list and a text; True and a number) leave the parameter untyped', () => {
    const walks = 'def size(c):\n    n = 0\n    for k in c:\n        n += 1\n    return n\n\nprint(size([4, 5]), size("abc"))\n';
    assert.equal(scratch.prints(walks, 'python'), '2 3\n');
    assert.match(imported(CHECKSUM + walks), /fn size\(c\) \{/);
    assert.match(errors(CHECKSUM + walks).join('\n'), /^8: .*this for loop walks a value whose type is not known at import/);
    const flags = 'def twice(v):\n    return [v, v]\n\nprint(twice(True), twice(2))\n';
    assert.match(imported(flags), /fn twice\(v\) \{/);
    // A call whose argument's type is not known leaves it untyped too.
    assert.match(imported('def first(xs):\n    for x in xs:\n        return x\n\ndef go(v):\n    return first(v)\n\nprint(go([1]), go("a"))\n'), /fn first\(xs\) \{/);
  });

  it('a function passed as a value, or never called, keeps its parameters untyped', () => {
    const passed = 'def total(c):\n    n = 0\n    for k in c:\n        n += k\n    return n\n\nrows = [[1, 2], [3]]\nprint(total([1, 2]), list(map(total, rows)))\n';
    assert.match(imported(CHECKSUM + passed), /fn total\(c\) \{/);
    assert.match(errors(CHECKSUM + passed).join('\n'), /^8: .*this for loop walks a value whose type is not known at import/);
    assert.match(imported('def unused(xs):\n    for x in xs:\n        print(x)\n'), /fn unused\(xs\) \{/);
    // Its own recursive calls do not count: nothing in the file runs it.
    assert.match(imported('def down(n):\n    if n > 0:\n        down(n - 1)\n'), /fn down\(n\) \{/);
  });

  it('a parameter given a value of another type in its function is taken back', () => {
    const source = 'def label(x):\n    x = str(x) + "!"\n    return x\n\nprint(label(3))\n';
    const printed = imported(source);
    assert.match(printed, /fn label\(x\) \{/);
    scratch.keepsItsMeaning(source, 'python', /fn label\(x\)/);
  });

  it('the type written into the .wst holds a later caller to it', () => {
    const printed = imported('def two_sum(nums, target):\n    for n in nums:\n        if n == target:\n            return True\n    return False\n\nprint(two_sum([1, 2], 2))\n');
    const doc = WhetstoneDocument.create(`${printed}\nprint(two_sum({"a": 1}, 2));\n`, 1);
    try {
      const found = analyze(doc.ast).diagnostics.filter((d) => d.severity === 'error');
      assert.equal(found.length, 1, found.map((d) => d.message).join('\n'));
      assert.equal(found[0].code, 'E_TYPE_MISMATCH');
    } finally {
      doc.dispose();
    }
  });
});
