// Python's d.items() copied into a list (list(d.items()), sorted(d.items()), sorted by a key) is
// the dict's (key, value) pairs, each a list in Whetstone (Python's tuple: showing one stays an
// error), and a dict comprehension may be returned without a name. Imported, checked, generated
// into JavaScript, TypeScript (tsc --strict) and Python and run, each printing what the source prints.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

/** The import's errors, as `line: message`. */
const errors = (source: string): string[] =>
  importSource(source, 'python')
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}: ${d.message}`);

describe("projection: Python's dict items and returned dict comprehensions", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-dict-items');
  });
  after(() => scratch.dispose());

  it('list(d.items()), sorted(d.items()) and sorted by a key of the pairs, and return {k: v for …}, in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def top_words(counts: dict[str, int], n: int) -> str:',
        '    ranked = sorted(counts.items(), key=lambda kv: kv[1], reverse=True)',
        '    return " ".join([kv[0] + "=" + str(kv[1]) for kv in ranked[:n]])',
        '',
        '',
        'def by_key(d: dict[str, int]) -> int:',
        '    total = 0',
        '    place = 1',
        '    for pair in sorted(d.items()):',
        '        total += place * pair[1]',
        '        place += 1',
        '    return total',
        '',
        '',
        'def pair_count(d: dict[int, float]) -> int:',
        '    pairs = list(d.items())',
        '    return len(pairs)',
        '',
        '',
        'def squares(n: int) -> dict[int, int]:',
        '    return {i: i * i for i in range(n) if i % 2 == 0}',
        '',
        '',
        'def lengths(words: list[str]) -> dict[str, int]:',
        '    return {w: len(w) for w in words}',
        '',
        '',
        'counts: dict[str, int] = {"pear": 3, "fig": 7, "apple": 3, "kiwi": -1}',
        'print(top_words(counts, 3), top_words({}, 3) == "")',
        'print(by_key(counts), by_key({}))',
        'floats: dict[int, float] = {}',
        'k = -2',
        'floats[k] = 1.5',
        'floats[1] = 0.5',
        'print(pair_count(floats), pair_count({}))',
        'sq = squares(7)',
        'print(sq[4], len(sq), len(squares(0)), 6 in sq)',
        'ls = lengths(["ab", "", "abc", "ab"])',
        'print(ls["abc"], ls[""], len(ls))',
        '',
      ].join('\n'),
      'python',
      /const ranked = reversed\(sorted\(reversed\(map\(keys\(counts\), fn\(key\d+: string\): list<any> => \[key\d+, counts\[key\d+\]\]\)\)[^]*for pair in map\(sorted\(keys\(d\)\), fn\(key\d+: string\)[^]*const pairs = map\(keys\(d\), fn\(key\d+: number\)[^]*const built\d+: map<number, number> = \{\};\n {2}for i in range\(n\) \{[^]*return built\d+;/,
    );
  });

  it('items() kept as a view, of a value not known to be a dict, and the pairs shown are errors at import', () => {
    assert.ok(errors('def f(d: dict[str, int]) -> int:\n    view = d.items()\n    d["x"] = 1\n    return len(view)\n\n\nprint(f({}))\n').some((m) => m.startsWith('2: ') && m.includes('d.items() other than copied by list(…) or sorted(…)')));
    assert.ok(errors('def f(d):\n    return len(list(d.items()))\n\n\nprint(f([]))\n').some((m) => m.startsWith('2: ') && m.includes('not known at import to be a dict')));
    assert.ok(errors('d: dict[str, int] = {"a": 1}\nprint(sorted(d.items()))\n').some((m) => m.startsWith('2: ') && m.includes('tuple')));
  });
});
