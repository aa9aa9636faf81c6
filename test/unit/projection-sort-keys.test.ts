// Python's sorting and extremes by a key (sorted(xs, key=…, reverse=…), xs.sort(key=…), min and
// max with key=), imported and projected: the generated JavaScript, TypeScript (tsc --strict) and
// Python print what the source prints, or the import is an error naming the construct and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: sorting and extremes by a key', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('sort-keys');
  });
  after(() => scratch.dispose());

  /** The errors of importing `source`, each as "line: message (hint)". */
  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message} (${d.hint ?? ""})`);

  it('a key named (len, abs) sorts by it, stably, and reverse=True keeps equal keys in their order', () => {
    scratch.keepsItsMeaning(
      'words = ["kiwi", "fig", "banana", "pear", "date", "apple", "yam"]\n' +
        'print(" ".join(sorted(words, key=len)))\n' +
        'print(" ".join(sorted(words, key=len, reverse=True)))\n' +
        'numbers = [3, -7, 0, -3, 12, -1, 7, 1]\n' +
        'numbers.sort(key=abs, reverse=True)\n' +
        'print(" ".join([str(n) for n in numbers]))\n' +
        'print(" ".join([str(n) for n in sorted([5, -2, 9, -25, 0], reverse=True)]))\n',
      'python',
      /sorted\(words, fn\(left, right\) => \(?fn\(.*\)?len\(left\)|len\(left\) < len\(right\)/,
    );
  });

  it('a tuple key compares its elements in turn: a count descending, then the word', () => {
    scratch.keepsItsMeaning(
      'text = "the cat and the dog and the bird saw a cat"\n' +
        'count = {}\n' +
        'for w in text.split(" "):\n' +
        '    count[w] = count.get(w, 0) + 1\n' +
        'words = list(count.keys())\n' +
        'ranked = sorted(words, key=lambda w: (-count[w], w))\n' +
        'print(" ".join(ranked))\n' +
        'points = [[2, 1], [1, 5], [2, -1], [1, 5], [0, 9], [-3, 2]]\n' +
        'points.sort(key=lambda p: (p[0], -p[1]), reverse=True)\n' +
        'print(" ".join([str(p[0]) + "," + str(p[1]) for p in points]))\n' +
        'people = [["Ann", 31], ["bob", 25], ["Cy", 31], ["al", 25], ["Bo", 31], ["Al", 25]]\n' +
        'print(" ".join([p[0] for p in sorted(people, key=lambda p: (p[1], len(p[0]), p[0]))]))\n',
      'python',
      /fn\(w\) => -count\[w\]/,
    );
  });

  it('a lambda key with reverse=True sorts stably: equal keys keep their order, unlike the sorted list reversed', () => {
    scratch.keepsItsMeaning(
      'pairs = [["a", 2], ["b", 1], ["c", 2], ["d", 3], ["e", 1], ["f", 3]]\n' +
        'pairs.sort(key=lambda p: p[1], reverse=True)\n' +
        'print(" ".join([p[0] for p in pairs]))\n' +
        'print(" ".join(sorted(["b", "B", "a", "A", "é", "Z", "a"], key=lambda s: s, reverse=True)))\n',
      'python',
      /splice\(pairs, 0, len\(pairs\), reversed\(sorted\(reversed\(pairs\), fn\(left, right\)/,
    );
  });

  it('a key that cases the text (str.lower, str.upper, w.lower() in a lambda) sorts without regard to case, stably', () => {
    scratch.keepsItsMeaning(
      [
        'words = ["banana", "Apple", "cherry", "apple", "Banana", "date", "Éclair", "éclair"]',
        'print(sorted(words, key=str.lower))',
        'print(sorted(words, key=lambda w: w.lower()))',
        'print(sorted(words, key=lambda w: (len(w), w.upper()), reverse=True))',
        'words.sort(key=str.upper)',
        'print(words)',
        'print(min(words, key=str.lower), max(words, key=lambda w: w.lower()))',
        '',
      ].join('\n'),
      'python',
      /sorted\(words, fn\(left, right\)[\s\S]*lower\(left\)/,
    );
  });

  it('max and min with a key give the first element with the largest or smallest key', () => {
    scratch.keepsItsMeaning(
      'words = ["pear", "fig", "apple", "mango", "kiwi", "plum"]\n' +
        'print(max(words, key=len), min(words, key=len))\n' +
        'points = [[3, 1], [-1, 4], [-1, 2], [5, -9], [3, 0], [5, 2]]\n' +
        'print(min(points, key=lambda p: p[0])[1], max(points, key=lambda p: p[0])[1])\n' +
        'print(max([-4, 2, 4, -2], key=abs), min([-4, 2, 4, -2], key=abs))\n' +
        'print(max(points, key=lambda p: (p[0], -p[1]))[1])\n',
      'python',
      /reduce\(words, fn\(best, item\) =>/,
    );
  });

  it('a key that is not ordered (NaN) leaves the elements where Python leaves them, sorted, reversed, and for max and min', () => {
    scratch.keepsItsMeaning(
      'nan = float("nan")\n' +
        'scores = [["a", 3], ["b", nan], ["c", 1], ["d", 3], ["e", nan], ["f", 0], ["g", 2], ["h", nan], ["i", -1]]\n' +
        'print(" ".join([s[0] for s in sorted(scores, key=lambda s: s[1])]))\n' +
        'print(" ".join([s[0] for s in sorted(scores, key=lambda s: s[1], reverse=True)]))\n' +
        'scores.sort(key=lambda s: s[1], reverse=True)\n' +
        'print(" ".join([s[0] for s in scores]))\n' +
        'print(max(scores, key=lambda s: s[1])[0], min(scores, key=lambda s: s[1])[0])\n' +
        'print(max(scores, key=lambda s: -s[1])[0], min(scores, key=lambda s: -s[1])[0])\n',
      'python',
      /reduce\(scores, fn\(best, item\) =>/,
    );
  });

  it('a tuple key that holds NaN before its last element is an error at import: Python takes the same NaN as equal there', () => {
    const errors = importErrors('nan = float("nan")\npairs = [["p", 1, nan], ["q", 1, 5], ["r", 0, 9], ["s", 1, nan]]\nprint(max(pairs, key=lambda p: (p[2], p[1]))[0])\n');
    assert.ok(errors.some((error) => /^3: .*tuple key that holds NaN/.test(error)), errors.join('\n'));
  });

  it('max with a key of an empty list stops the program in every target, as Python does', () => {
    const imported = importSource('xs = []\nprint("before")\nprint(max(xs, key=len))\n', 'python');
    const errors = imported.diagnostics.filter((d) => d.severity === 'error');
    // The run at import stops at the empty list, or the projection stops there when it runs.
    if (errors.length > 0) {
      assert.ok(errors.some((d) => d.line === 3), errors.map((d) => `${d.line}: ${d.message}`).join('\n'));
      return;
    }
    const source = scratch.runProgram('xs = []\nprint("before")\nprint(max(xs, key=len))\n', 'python');
    assert.notEqual(source.status, 0);
  });

  it('texts ordered by a key where code points and UTF-16 units differ are an error at import', () => {
    const errors = importErrors('words = ["\\U0001F600", "\\uFB01", "a"]\nprint(sorted(words, key=lambda w: w))\nprint(min(words, key=lambda w: (len(w), w)))\n');
    assert.ok(
      errors.some((error) => /^2: .*(code points|UTF-16)/.test(error)),
      errors.join('\n'),
    );
  });

  it('keys that call the program, other keywords, and a try around max with a key are errors at import that say why', () => {
    const errors = importErrors(
      'def weight(x):\n    return -x\n\n\n' +
        'xs = [3, 1, 2]\n' +
        'print(sorted(xs, key=weight))\n' +
        'print(sorted(xs, key=lambda x: weight(x)))\n' +
        'print(max(xs, key=lambda x: x, default=0))\n' +
        'print(min(3, 1, key=abs))\n' +
        'try:\n    print(max([], key=abs))\nexcept ValueError:\n    print("empty")\n' +
        'print(sorted(xs, key=lambda x: ((x, 1), 2)))\n',
    );
    for (const line of [6, 7, 8, 9, 10, 14]) assert.ok(errors.some((error) => error.startsWith(`${line}: `)), `line ${line}:\n${errors.join('\n')}`);
    assert.ok(errors.some((error) => /^7: .*once per element/.test(error)), errors.join('\n'));
  });
});
