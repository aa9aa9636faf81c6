// Python comprehensions that unpack two or more names, as published code writes them: positions
// of the elements that pass a test (enumerate), numbered lines (enumerate from 1), a dot product
// (zip of two lists of different lengths), a dict inverted and the keys of a dict filtered
// (items), nested in another comprehension; each imported, checked, generated into JavaScript,
// TypeScript (tsc --strict) and Python and run, printing what the source prints. The names are the
// comprehension's own: a name of the same spelling outside keeps its value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python comprehensions that unpack names', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-comprehension-unpacking');
  });
  after(() => scratch.dispose());

  it('enumerate, zip and items in list and dict comprehensions keep their meaning in every target', () => {
    scratch.keepsItsMeaning(
      [
        'def evens_at(xs):',
        '    return [i for i, x in enumerate(xs) if x % 2 == 0]',
        '',
        '',
        'def numbered(words: list[str]) -> list[str]:',
        '    return [f"{n}. {w}" for n, w in enumerate(words, 1)]',
        '',
        '',
        'def dot(a: list[int], b: list[int]) -> int:',
        '    return sum([x * y for x, y in zip(a, b)])',
        '',
        '',
        'def inverted(d: dict[str, int]) -> dict[int, str]:',
        '    out = {v: k for k, v in d.items()}',
        '    return out',
        '',
        '',
        'def heavy(d: dict[str, int], limit: int) -> list[str]:',
        '    return sorted([k for k, v in d.items() if v > limit])',
        '',
        '',
        'i = 100',
        'print(evens_at([3, 4, 6, 7, 8]), evens_at([]), i)',
        'print(numbered(["ab", "cd"]))',
        'print(dot([1, 2, 3], [4, 5]), dot([], [1]), dot([2], [3, 4, 5]))',
        'print(sorted(inverted({"a": 1, "b": 2, "c": 1}).keys()), inverted({"a": 1, "b": 2, "c": 1})[1])',
        'print(heavy({"x": 5, "y": 1, "z": 9}, 2))',
        'print([[r * c for c, _ in enumerate(range(3))] for r in range(2)])',
        '',
      ].join('\n'),
      'python',
      /let count\d+ = 0;\n\s+for item\d+ in xs \{\n\s+const i = count\d+;\n\s+count\d+ \+= 1;\n\s+const x = item\d+;/,
    );
  });

  it('a clause over another call, or over items while the file calls its own functions in it, is an error at import', () => {
    const errors = (source: string): string[] => importSource(source, 'python').diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    assert.ok(errors('def f(ps):\n    return [a + b for a, b in sorted(ps)]\n\n\nprint(f([[1, 2]]))\n').some((m) => m.includes('unpacks other than enumerate')));
    assert.ok(errors('def g(d: dict[str, int]) -> int:\n    d.clear()\n    return 1\n\n\ndef f(d: dict[str, int]) -> list[int]:\n    return [g(d) + v for k, v in d.items()]\n\n\nprint(f({"a": 1}))\n').some((m) => m.includes("calls the file's own functions")));
  });
});
