// Python's dicts as published algorithms change and build them: `del d[k]`, `d.pop(k)` and
// `d.pop(k, default)` (as statements and as values), and `{k: v for …}` as a declaration's value,
// each imported, checked, generated into JavaScript, TypeScript (tsc --strict) and Python and run:
// each prints what the source prints (missing keys, keys that are numbers, negative and zero
// keys, empty dicts), or the import is an error naming the construct, its line and why.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection library: Python dicts changed and built', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('library-collections');
  });
  after(() => scratch.dispose());

  const importErrors = (source: string): string[] =>
    importSource(source, 'python')
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.line}: ${d.message}`);

  it('del d[k], d.pop(k) and d.pop(k, default) remove the key and give its value, in every target', () => {
    scratch.keepsItsMeaning(
      'def tally(words: list[str]) -> dict[str, int]:\n    counts: dict[str, int] = {}\n    for w in words:\n        counts[w] = counts.get(w, 0) + 1\n    return counts\n\n\n' +
        'c = tally(["pear", "fig", "pear", "", "fig", "pear", "kiwi"])\n' +
        'del c[""]\nprint(c, len(c))\n' +
        'top = c.pop("pear")\nprint(top, c)\n' +
        'print(c.pop("plum", -1), c)\n' +
        'gone = c.pop("fig", 0)\nprint(gone, c)\n' +
        'k = "kiwi"\nc.pop(k, None)\nc.pop("nope", None)\nprint(len(c), c)\n' +
        'ages: dict[int, str] = {}\nlow = -3\nhigh = 7\nages[low] = "a"\nages[0] = "b"\nages[high] = "c"\ndel ages[0]\nlast = ages.pop(high, "none")\nprint(last, len(ages), ages[low], ages.pop(0, "gone"))\n',
      'python',
      /assert\(includes\(c, ""\), "KeyError: \\"\\""\);\s*removeKey\(c, ""\);[^]*assert\(includes\(c, "pear"\)[^]*const (popped\d*) = c\["pear"\];\s*removeKey\(c, "pear"\);\s*const top = \1;[^]*includes\(c, "plum"\) \? c\["plum"\] : -1;\s*removeKey\(c, "plum"\);[^]*removeKey\(c, k\);\s*removeKey\(c, "nope"\);/,
    );
  });

  it('{k: v for …} as a declaration\'s value builds the dict in a loop, keys in order of first insertion, in every target', () => {
    scratch.keepsItsMeaning(
      'def first_letters(words: list[str]) -> dict[str, str]:\n    firsts: dict[str, str] = {w: w[:1].upper() for w in words}\n    return firsts\n\n\n' +
        'lens = {w: len(w) for w in ["kiwi", "fig", "", "plum", "fig"] if w}\nprint(lens, len(lens))\n' +
        'letters = {ch: 0 for ch in "hello"}\nfor ch in "hello":\n    letters[ch] += 1\nprint(letters)\n' +
        'print(first_letters(["apple", "banana", "avocado"]), first_letters([]))\n' +
        'squares = {n: n * n for n in range(-2, 3)}\nlow = -2\nprint(squares[low], squares[0], len(squares), 2 in squares, 5 in squares)\n' +
        'none = {x: x for x in []}\nprint(len(none))\n',
      'python',
      /let lens: map<any, any> = \{\};\s*for w in \["kiwi", "fig", "", "plum", "fig"\] \{\s*if w != "" \{\s*lens\[w\] = len\(w\);[^]*squares\[n\] = n \* n;/,
    );
  });

  it('a comprehension assigned to the name it reads is built whole before the name holds it, in every target', () => {
    scratch.keepsItsMeaning(
      'xs = [4, -1, 0, 7]\nxs = [x * 2 for x in xs if x >= 0]\nprint(xs, len(xs))\nxs = [x for x in xs if x > 100]\nprint(xs)\n',
      'python',
      /const (built\d*) = \[\];\s*for x in xs \{\s*if x >= 0 \{\s*push\(\1, x \* 2\);\s*\}\s*\}\s*xs = \1;/,
    );
    assert.ok(importErrors('d: dict[str, int] = {"a": 1}\nd = {k: d[k] + 1 for k in d}\nprint(d)\n').some((e) => e.startsWith('2: ') && e.includes('reads the name it is assigned to')));
  });

  it('what would be otherwise is an error at import, naming why', () => {
    const errors = importErrors(
      'xs = [3, 4]\ndel xs[0]\n' +
        'scores = {"ann": 3, "bob": 5}\nbest = scores.pop("bob")\n' +
        'def f(x: int) -> int:\n    print("f", x)\n    return x\n\n\nd = {f(x): f(-x) for x in [1, 2]}\n' +
        'del xs[0], xs[1]\n' +
        'y = 1 if scores else scores.pop("ann", 0)\n',
    );
    const at = (line: number, text: string): void => assert.ok(errors.some((e) => e.startsWith(`${line}: `) && e.includes(text)), `${line}: ${text}\n${errors.join('\n')}`);
    at(2, "a list's del and pop take an index");
    at(4, 'record of fixed fields');
    at(10, 'key and value both call a function');
    at(11, 'a del statement other than del d[k]');
    at(12, 'd.pop(k) inside a conditional expression');
    assert.ok(importErrors('d: dict[int, str] = {}\nd[-1] = "a"\nprint(d[-1])\nxs = [1, 2]\nprint(xs[-1])\n').filter((e) => e.includes('a negative number as the key of a dict')).map((e) => e.split(':')[0]).join() === '2,3');
    assert.ok(importErrors('sq = {n: n * n for n in range(3)}\nprint(sq)\n').some((e) => e.startsWith('2: ') && e.includes('a dict with number keys')));
  });
});
