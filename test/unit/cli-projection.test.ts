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
    const file = scratch.write('sample.js', 'class Shape {}\nfunction area(w, h) {\n  return w * h;\n}\nconsole.log(area(2, 3));\n');
    const result = run('import', file);
    // What was left out is an error: the imported program does not do what the source does.
    assert.equal(result.status, 1);
    assert.equal(result.stdout, 'fn area(w, h) {\n  return w * h;\n}\n\nprint(jsstr(area(2, 3)));\n');
    assert.equal(result.stderr.trim(), `${file}:1:1 error W_UNSUPPORTED Not carried into Whetstone: a class declaration has no Whetstone form`);
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
