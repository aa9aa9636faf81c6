// Python's `xs += ys` of a list extends the list in place (every other name for it sees the new
// elements; a text adds its characters), where Whetstone's `+=` adds numbers and joins texts only.
// Imported as a splice at the list's end, checked, generated into JavaScript, TypeScript
// (tsc --strict) and Python and run, each printing what the source prints.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe("projection: Python's += of a list", () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-list-extends');
  });
  after(() => scratch.dispose());

  it('xs += ys of a name extends the list in place, by a list or by the characters of a text', () => {
    scratch.keepsItsMeaning(
      [
        'def flatten(rows: list[list[int]]) -> list[int]:',
        '    flat = []',
        '    for row in rows:',
        '        flat += row',
        '    return flat',
        '',
        '',
        'def letters(words: list[str]) -> list[str]:',
        '    out: list[str] = []',
        '    for w in words:',
        '        out += w',
        '    return out',
        '',
        '',
        'def doubled(xs: list[int]) -> list[int]:',
        '    alias = xs',
        '    alias += xs',
        '    return xs',
        '',
        '',
        'def grow(xs: list[float], n: int) -> None:',
        '    total = 0',
        '    total += n',
        '    xs += [total, -0.5]',
        '    xs += []',
        '',
        '',
        'data = [2.5]',
        'grow(data, -7)',
        'print(flatten([[1, 2], [], [-3]]), flatten([]))',
        'print(letters(["ab", "", "c\u{1F600}"]))',
        'print(doubled([1, 2]), doubled([]))',
        'print(data)',
        's = "ab"',
        's += "cd"',
        'print(s)',
        '',
      ].join('\n'),
      'python',
      /splice\(flat, len\(flat\), 0, row\);[^]*splice\(out, len\(out\), 0, charsOf\(w\)\);[^]*splice\(alias, len\(alias\), 0, xs\);[^]*total \+= n;[^]*s \+= "cd";/,
    );
  });

  it('+= of a list held other than by a name, or by a value of no known type, is an error at import', () => {
    const errors = (source: string): number[] =>
      importSource(source, 'python')
        .diagnostics.filter((d) => d.severity === 'error' && d.message.includes('+='))
        .map((d) => d.line);
    assert.deepEqual(errors('def pad(grid: list[list[int]]) -> None:\n    grid[0] += [0]\n\n\ng = [[1]]\npad(g)\nprint(g)\n'), [2]);
    assert.deepEqual(errors('def add(xs: list[int], more) -> None:\n    xs += more\n'), [2]);
  });
});
