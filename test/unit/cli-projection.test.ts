// `whetstone-agent project` and `import` as they ship (dist/cli.js): code on stdout, what did not
// carry on stderr, exit codes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot } from '../helpers/core';
import { CORPUS_DIR, Scratch } from '../helpers/projection';

const CLI = join(repoRoot, 'dist', 'cli.js');

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('whetstone-agent project and import', () => {
  const scratch = new Scratch('cli');
  after(() => scratch.dispose());

  it('project --to python prints a program that runs', () => {
    const result = run('project', '--to', 'python', join(CORPUS_DIR, '22-fizzbuzz.wst'));
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    const ran = scratch.python(scratch.write('fizzbuzz.py', result.stdout));
    assert.equal(ran.stdout.split('\n')[14], 'FizzBuzz');
  });

  it('project --python-names snake_case renames camelCase names', () => {
    const result = run('project', '--to', 'py', '--python-names', 'snake_case', join(CORPUS_DIR, '23-primes.wst'));
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /def is_prime\(n: float\) -> bool:/);
  });

  it('import prints Whetstone and reports what was left out on stderr as an error', () => {
    const file = scratch.write('sample.js', 'class Square extends Shape {}\nfunction area(w, h) {\n  return w * h;\n}\nconsole.log(area(2, 3));\n');
    const result = run('import', file);
    // What was left out is an error: the imported program does not do what the source does.
    assert.equal(result.status, 1);
    assert.equal(result.stdout, 'fn area(w, h) {\n  return w * h;\n}\n\nprint(jsstr(area(2, 3)));\n');
    assert.equal(result.stderr.trim(), `${file}:1:14 error W_UNSUPPORTED Not carried into Whetstone: extends Shape of the class Square (inheritance) has no Whetstone form`);
  });

  it('a Whetstone program that does not check is projected with its errors on stderr, exit 1', () => {
    // Python has no max() of nothing: the code runs in none of the targets as the source means.
    const file = scratch.write('totals.wst', 'fn total(xs: list<number>): number {\n  return sum(xs);\n}\nlet label: string = total([1, 2]);\nprint(label, max());\n');
    const result = run('project', '--to', 'python', file);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /def total\(/);
    assert.deepEqual(result.stderr.trim().split('\n').map((line) => line.split(' ').slice(0, 3).join(' ')), [`${file}:4:21 error E_TYPE_MISMATCH`, `${file}:5:14 error E_ARITY`]);
  });

  it('an import whose Whetstone does not check says so, where nothing else was reported', () => {
    // Math.max() of no arguments is -Infinity in JavaScript; Whetstone's max takes at least one.
    const file = scratch.write('extremes.js', 'function largest(values) {\n  return Math.max(...values);\n}\nconsole.log(largest([3, 9, -2]), Math.max());\n');
    const result = run('import', file);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /print\(.*max\(\)/);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+ error E_ARITY The imported program does not check as Whetstone \\(line 5 of the Whetstone written\\): 'max' expects at least 1 argument`));
  });

  it('an import whose Whetstone checks exits 0, though its nodes carry the source\'s places (a local function calling itself)', () => {
    const file = scratch.write('depth.ts', 'function depthOf(tree: Record<string, string[]>, root: string): number {\n  const depth = (node: string): number => {\n    let best = 0;\n    for (const child of tree[node] ?? []) best = Math.max(best, depth(child));\n    return best + 1;\n  };\n  function count(n: number): number {\n    return n > 0 ? count(n - 1) + 1 : 0;\n  }\n  return depth(root) + count(2);\n}\nconsole.log(depthOf({ a: ["b", "c"], b: ["d"], c: [], d: [] }, "a"));\n');
    const result = run('import', file);
    assert.equal(result.stderr, '');
    assert.equal(result.status, 0);
    assert.match(result.stdout, /let depth: any = null;\n\s*depth = fn\(node: string\): number \{/);
  });

  it('a file with syntax errors exits 1; a wrong language or extension exits 2', () => {
    const broken = scratch.write('broken.py', 'def f(:\n    pass\n');
    const result = run('import', broken);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /E_SYNTAX/);
    assert.equal(run('project', '--to', 'cobol', join(CORPUS_DIR, '22-fizzbuzz.wst')).status, 2);
    assert.equal(run('import', join(CORPUS_DIR, '22-fizzbuzz.wst')).status, 2);
    assert.equal(run('project', join(CORPUS_DIR, '22-fizzbuzz.wst')).status, 2);
  });
});
