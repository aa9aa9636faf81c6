// Python type aliases (`Graph = dict[str, list[str]]` at the top of a typed file) read as the type
// they stand for in every hint, the assignment not carried; an alias used as a value too stays an
// assignment and is reported. And `d.get(k, [])`, the default an empty list, as typed graph code
// writes it. Each program runs as written, and generated into JavaScript, TypeScript (tsc
// --strict) and Python, and prints the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: Python type aliases', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('python-type-aliases');
  });
  after(() => scratch.dispose());

  it('a graph typed through an alias, walked breadth first with get(node, [])', () => {
    scratch.keepsItsMeaning(
      [
        'from collections import deque',
        'from typing import Optional',
        '',
        'Graph = dict[str, list[str]]',
        'Path = Optional[list[str]]',
        'Weights = dict[str, int]',
        '',
        '',
        'def shortest_path(graph: Graph, a: str, b: str) -> Path:',
        '    prev: dict[str, str] = {}',
        '    queue = deque([a])',
        '    seen = {a}',
        '    while queue:',
        '        node = queue.popleft()',
        '        if node == b:',
        '            path = [b]',
        '            while path[-1] != a:',
        '                path.append(prev[path[-1]])',
        '            return path[::-1]',
        '        for nxt in graph.get(node, []):',
        '            if nxt not in seen:',
        '                seen.add(nxt)',
        '                prev[nxt] = node',
        '                queue.append(nxt)',
        '    return None',
        '',
        '',
        'def total(weights: Weights, path: Path) -> int:',
        '    if path is None:',
        '        return -1',
        '    return sum(weights.get(p, 0) for p in path)',
        '',
        '',
        'g: Graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "é"], "d": ["f"], "é": ["f"], "f": []}',
        'w: Weights = {"a": 1, "d": -4, "f": 10}',
        'for start, end in [["a", "f"], ["f", "a"], ["c", "f"], ["a", "a"], ["x", "a"]]:',
        '    p = shortest_path(g, start, end)',
        '    print(start, end, p, total(w, p))',
        '',
      ].join('\n'),
      'python',
      /fn shortest_path\(graph: map<string, list<string>>, a: string, b: string\): list<string>\?[^]*fn total\(weights: map<string, number>, path: list<string>\?\): number[^]*const g: map<string, list<string>> = /,
    );
  });

  it('an alias naming another alias, and a union written with |', () => {
    scratch.keepsItsMeaning(
      [
        'Row = list[int]',
        'Grid = list[Row]',
        'Cell = int | None',
        '',
        '',
        'def first_positive(grid: Grid) -> Cell:',
        '    for row in grid:',
        '        for v in row:',
        '            if v > 0:',
        '                return v',
        '    return None',
        '',
        '',
        'def transpose(grid: Grid) -> Grid:',
        '    if not grid:',
        '        return []',
        '    return [[grid[r][c] for r in range(len(grid))] for c in range(len(grid[0]))]',
        '',
        '',
        'm: Grid = [[0, -2, 3], [4, 5, -6]]',
        'print(transpose(m), first_positive(m), first_positive([[-1], []]), transpose([]))',
        '',
      ].join('\n'),
      'python',
      /fn first_positive\(grid: list<list<number>>\): number\?[^]*fn transpose\(grid: list<list<number>>\): list<list<number>>/,
    );
  });

  it('an alias also used as a value is no alias: its assignment is reported, as before', () => {
    const imported = importSource(['Pair = list[int]', '', 'def f(p: Pair) -> int:', '    return p[0]', '', 'print(f([1, 2]), Pair)', ''].join('\n'), 'python');
    const errors = imported.diagnostics.filter((d) => d.severity === 'error' && d.code === 'W_UNSUPPORTED').map((d) => `${d.line}: ${d.message}`);
    assert.ok(errors.some((message) => message.startsWith('1: ') && /'list' is not declared/.test(message)), errors.join('\n'));
  });
});
