// Nested code the importers carry: a function inside a function that calls itself (a Whetstone
// lambda cannot name the constant holding it, so it is a variable declared first), and a Python
// comprehension inside another (made again on each turn of the loops around it, with their
// names). Each program is run in the source and in the generated JavaScript, TypeScript
// (tsc --strict) and Python.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importSource } from '../../server/src/projection/import';
import { prepareProjection, Scratch } from '../helpers/projection';

describe('projection: nested functions and comprehensions', () => {
  let scratch: Scratch;
  before(async () => {
    await prepareProjection('whetstone', 'javascript', 'typescript', 'python');
    scratch = new Scratch('nested');
  });
  after(() => scratch.dispose());

  it('a TypeScript function declared inside a function that calls itself, reading and setting its outer variables', () => {
    scratch.keepsItsMeaning(
      'function topoSort(graph: Record<string, string[]>): string[] {\n' +
        '  const visited: Record<string, number> = {};\n' +
        '  const order: string[] = [];\n' +
        '  let cyclic = false;\n' +
        '  function visit(node: string): void {\n' +
        '    if (visited[node] === 1) {\n' +
        '      cyclic = true;\n' +
        '      return;\n' +
        '    }\n' +
        '    if (visited[node] === 2) return;\n' +
        '    visited[node] = 1;\n' +
        '    for (const next of graph[node]) visit(next);\n' +
        '    visited[node] = 2;\n' +
        '    order.push(node);\n' +
        '  }\n' +
        '  for (const node of Object.keys(graph)) visit(node);\n' +
        '  if (cyclic) return [];\n' +
        '  return order;\n' +
        '}\n' +
        "console.log(topoSort({ app: ['lib', 'util'], lib: ['util'], util: [], test: ['app'] }));\n" +
        "console.log(topoSort({ a: ['b'], b: ['a'] }));\n" +
        'console.log(topoSort({}));\n',
      'typescript',
      /let visit: any = null;\n\s*visit = fn\(node: string\): void \{/,
    );
  });

  it('a JavaScript nested function that recurses over nested lists, and one that does not stay a constant', () => {
    scratch.keepsItsMeaning(
      'function depth(xs) {\n' +
        '  function go(x, d) {\n' +
        '    if (!Array.isArray(x)) return d;\n' +
        '    let best = d + 1;\n' +
        '    for (const y of x) best = Math.max(best, go(y, d + 1));\n' +
        '    return best;\n' +
        '  }\n' +
        '  function twice(n) { return n * 2; }\n' +
        '  return twice(go(xs, 0));\n' +
        '}\n' +
        'console.log(depth([1, [2, [3, []]], -0]), depth([]), depth([[[[]]]]));\n',
      'javascript',
      /let go: any = null;[\s\S]*const twice = fn/,
    );
  });

  it('a JavaScript nested function named above its declaration (hoisted) is an error at import naming it and its line', () => {
    const errors = importSource(
      'function f(n) {\n' +
        '  const r = rep(n);\n' +
        '  function rep(k) { return k <= 0 ? 0 : rep(k - 1) + k; }\n' +
        '  return r;\n' +
        '}\n' +
        'function parity(n) {\n' +
        '  function even(k) { return k === 0 ? true : odd(k - 1); }\n' +
        '  function odd(k) { return k === 0 ? false : even(k - 1); }\n' +
        '  return even(n);\n' +
        '}\n' +
        'console.log(f(3));\n' +
        'console.log(parity(4));\n',
      'javascript',
    ).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^3: .*the function 'rep' declared inside a function and named above its declaration \(JavaScript hoists it/);
    assert.match(errors[1], /^8: .*the function 'odd' declared inside a function and named above its declaration/);
  });

  it('a Python nested def that calls itself', () => {
    scratch.keepsItsMeaning(
      'def fact(n):\n' +
        '    def go(k, acc):\n' +
        '        if k <= 1:\n' +
        '            return acc\n' +
        '        return go(k - 1, acc * k)\n' +
        '    return go(n, 1)\n' +
        'print(fact(5), fact(0), fact(-3))\n',
      'python',
      /let go: any = null;/,
      true,
    );
  });

  it('Python nested defs that call each other: the later one is declared at the top of the function', () => {
    scratch.keepsItsMeaning(
      'def parity(n):\n' +
        '    def even(k):\n' +
        '        return True if k == 0 else odd(k - 1)\n' +
        '    def odd(k):\n' +
        '        return False if k == 0 else even(k - 1)\n' +
        '    return even(n)\n' +
        'def walk(t):\n' +
        '    def go(x, acc):\n' +
        '        if isinstance(x, list):\n' +
        '            for y in x:\n' +
        '                go(y, acc)\n' +
        '        else:\n' +
        '            acc.append(x / 2)\n' +
        '        return acc\n' +
        '    return go(t, [])\n' +
        'print(parity(4), parity(7), parity(0))\n' +
        'print(walk([1, [2.5, [-3]], []]), walk([]))\n',
      'python',
      /let odd: any;[\s\S]*odd = fn/,
      true,
    );
  });

  it('a Python comprehension inside another reads the outer loop variable and is a new list on each turn', () => {
    scratch.keepsItsMeaning(
      'grid = [[i * j for j in range(3)] for i in range(3)]\n' +
        'grid[0].append(9)\n' +
        'print(grid)\n' +
        'm = [[1, -2], [], [3]]\n' +
        'print([x for row in m for x in row])\n' +
        'words = ["ab", "", "cde"]\n' +
        'print([[c for c in w if c != "b"] for w in words if len(w) > 0])\n' +
        'print([len([y for y in range(x)]) for x in range(4) if x % 2 == 1])\n' +
        'def f(n):\n' +
        '    return [[-k for k in range(j)] for j in range(n)]\n' +
        'print(f(3), f(0))\n',
      'python',
      /for i in range\(3\) \{\n\s*const items\d+ = \[\];\n\s*for j in range\(3\)/,
      true,
    );
  });
});
